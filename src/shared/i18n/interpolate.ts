import type { MessageParams } from '../message'
import { MISSING_VALUE } from './missing-value'

export { MISSING_VALUE }

/** Fills each `{{name}}` of template from params; a name params lacks becomes MISSING_VALUE. */
export function interpolate(template: string, params: MessageParams): string {
  // No brace in a name: `(.+?)` read to the end of the line from every "{{" of "{{{{…".
  return template.replace(/\{\{([^{}\n]+)\}\}/g, (_, name: string) => {
    const key = name.trim()
    const value = Object.hasOwn(params, key) ? params[key] : undefined
    return value === undefined ? MISSING_VALUE : String(value)
  })
}
