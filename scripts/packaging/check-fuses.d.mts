/** The app's executable in an unpacked folder (electron-builder's names for it). */
export function packagedExecutable(unpackedDir: string): string | null
/** One line per fuse whose state differs from the release set; empty when all match. */
export function fuseMismatches(executable: string, expected?: Record<string, unknown>): Promise<string[]>
