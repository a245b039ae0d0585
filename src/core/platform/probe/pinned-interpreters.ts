import { resolve } from 'node:path'

import { namesAPath, readInterpreterIdentity, type InterpreterIdentity } from './interpreter-identity'

// The interpreters an allow-list let run, by the path they were named with: each start of one is
// checked against what was allowed, right before it, and starts the resolved file. A link that
// is repointed (or a venv swapped) after the check is refused, not followed. Paths the CLI's user
// typed are never pinned and start as given.
const pinned = new Map<string, string>()

/** Every later start of `python` must be this interpreter. */
export function pinInterpreter(python: string, identity: InterpreterIdentity): void {
  pinned.set(resolve(python), identity.key)
}

export type InterpreterLaunch = { command: string; argv0?: string } | { refused: string }

/** How to start `python` now: as named, or (pinned) the allowed file as its allowed self, or refused when it changed. */
export function interpreterLaunch(python: string): InterpreterLaunch {
  const key = namesAPath(python) ? pinned.get(resolve(python)) : undefined
  if (key === undefined) return { command: python }
  const now = readInterpreterIdentity(python)
  if (!now || now.key !== key) return { refused: 'it changed after it was allowed (a link or its venv now points elsewhere); choose it again' }
  return now.runAs === now.file ? { command: now.file } : { command: now.file, argv0: now.runAs }
}
