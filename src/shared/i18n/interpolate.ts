import type { MessageParams } from '../message'

/**
 * What a placeholder shows when params has no value for it. A visible '?' keeps the sentence
 * readable and the gap noticeable (an empty string hides it, a raw `{{name}}` looks broken).
 * The English texts the core writes and every i18next instance (setup.ts) follow this one rule.
 */
export const MISSING_VALUE = '?'

/** Fills each `{{name}}` of template from params; a name params lacks becomes MISSING_VALUE. */
export function interpolate(template: string, params: MessageParams): string {
  // No brace in a name: `(.+?)` read to the end of the line from every "{{" of "{{{{…".
  return template.replace(/\{\{([^{}\n]+)\}\}/g, (_, name: string) => {
    const key = name.trim()
    const value = Object.hasOwn(params, key) ? params[key] : undefined
    return value === undefined ? MISSING_VALUE : String(value)
  })
}
