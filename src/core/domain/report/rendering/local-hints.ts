import { homedir, hostname, userInfo } from 'node:os'

import type { RedactionHints } from './redact'

/** This machine's host name, user name and home directory: masked wherever they appear. */
export function localRedactionHints(env: NodeJS.ProcessEnv = process.env): RedactionHints {
  const users: string[] = []
  try {
    users.push(userInfo().username)
  } catch {
    // No passwd entry (a container with an arbitrary uid): the environment may still say.
  }
  for (const v of [env.USER, env.LOGNAME, env.USERNAME]) if (v) users.push(v)
  const homes = [homedir(), env.HOME, env.USERPROFILE].filter((h): h is string => typeof h === 'string' && h.length > 1)
  return { hostnames: [hostname(), env.HOSTNAME ?? ''].filter(Boolean), users, homes }
}
