/** The Electron executable this checkout would run, or null; never starts a download. */
export function electronBinary(env?: NodeJS.ProcessEnv): string | null
