import { type RefObject, useEffect, useState } from 'react'

import { copyText, type CopyOutcome, selectContents } from './clipboard'

/** Copies `text`; where the clipboard is denied, selects `source`'s text instead. "Copied" fades after 4 s. */
export function useCopy(text: string, source: RefObject<HTMLElement | null>): { outcome: CopyOutcome | null; copy: () => Promise<void> } {
  const [outcome, setOutcome] = useState<CopyOutcome | null>(null)
  // "Press Ctrl+C" stays until the next click.
  useEffect(() => {
    if (outcome !== 'copied') return
    const timer = setTimeout(() => setOutcome(null), 4000)
    return () => clearTimeout(timer)
  }, [outcome])
  const copy = async () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    setOutcome(await copyText(text, { clipboard, select: () => selectContents(source.current) }))
  }
  return { outcome, copy }
}
