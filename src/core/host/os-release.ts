import { readFile } from 'node:fs/promises'

/** This machine's os-release text (systemd's two locations), or null where there is none (Windows, macOS). */
export async function readOsRelease(): Promise<string | null> {
  return readFile('/etc/os-release', 'utf8').catch(() => readFile('/usr/lib/os-release', 'utf8').catch(() => null))
}
