/** A plain JSON object (not null, not an array), for walking untrusted JSON before zod parses it. */
export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
