import { readRegularText } from '../files/read-regular'

/** This machine's os-release text (systemd's two locations), or null where there is none (Windows, macOS). */
export async function readOsRelease(): Promise<string | null> {
  const read = (path: string) => readRegularText(path, { maxBytes: 64 * 1024 })
  return read('/etc/os-release').catch(() => read('/usr/lib/os-release').catch(() => null))
}
