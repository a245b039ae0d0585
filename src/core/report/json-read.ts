// Defensive readers of plain JSON (evidence, environment): a field that is missing or of another
// type reads as null or [] so that a report never throws on evidence it does not know.

export type Json = Record<string, unknown>

export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
export const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null)
export const objs = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObj) : [])
export const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])
