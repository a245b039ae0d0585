import type { MessageParams } from '../message'
import { MISSING_VALUE } from './missing-value'

export { MISSING_VALUE }

/** Fills each `{{name}}` of template from params; a name params lacks becomes MISSING_VALUE. */
export function interpolate(template: string, params: MessageParams): string {
  return template.replace(/\{\{(.+?)\}\}/g, (_, name: string) => {
    const key = name.trim()
    const value = Object.hasOwn(params, key) ? params[key] : undefined
    return value === undefined ? MISSING_VALUE : String(value)
  })
}
