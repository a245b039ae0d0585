/**
 * English texts that the core already wrote (summaries, flag notes, the "why" of a library) are
 * shown as they are; in other languages the UI's own translation replaces them.
 */
export function coreOr(lang: string, core: string | null | undefined, translated: () => string): string {
  return lang.startsWith('en') && core ? core : translated()
}
