/**
 * What a placeholder shows when params has no value for it. A visible '?' keeps the sentence
 * readable and the gap noticeable (an empty string hides it, a raw `{{name}}` looks broken).
 * interpolate (renderFinding, the core's English) and every i18next instance (options.ts) follow this
 * one rule. A module of its own: the renderer's first load needs the rule, not interpolate.
 */
export const MISSING_VALUE = '?'
