export type CopyOutcome = 'copied' | 'selected' | 'failed'

export interface CopyDeps {
  clipboard?: Pick<Clipboard, 'writeText'> | undefined
  /** Selects the element's text so the user can press Ctrl+C; false when it cannot. */
  select(): boolean
}

/**
 * Copies with the Clipboard API; where that is missing or denied (an insecure origin, a browser
 * policy, a page without focus), selects the text instead so one keystroke copies it.
 */
export async function copyText(text: string, deps: CopyDeps): Promise<CopyOutcome> {
  try {
    if (!deps.clipboard) throw new Error('no clipboard')
    await deps.clipboard.writeText(text)
    return 'copied'
  } catch {
    return deps.select() ? 'selected' : 'failed'
  }
}

/** Selects all text of an element, for the fallback above. */
export function selectContents(el: Element | null): boolean {
  const selection = el?.ownerDocument.defaultView?.getSelection()
  if (!el || !selection) return false
  selection.removeAllRanges()
  const range = el.ownerDocument.createRange()
  range.selectNodeContents(el)
  selection.addRange(range)
  return true
}
