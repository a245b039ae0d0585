/** An NCCL config file as the probe read it. */
export interface NcclConfFile {
  path: string
  settings: Record<string, string>
  error?: string
}

export interface NcclSetting {
  name: string
  value: string
  /** 'environment', or the config file it came from. */
  from: string
}

/**
 * The NCCL settings in force, as NCCL resolves them: a variable in the environment wins; otherwise the
 * first config file that sets it ($NCCL_CONF_FILE or ~/.nccl.conf, then /etc/nccl.conf).
 */
export function ncclSettings(env: Record<string, string | null | undefined>, confFiles: NcclConfFile[] = []): NcclSetting[] {
  const out: NcclSetting[] = []
  const seen = new Set<string>()
  for (const [name, value] of Object.entries(env)) {
    if (value === null || value === undefined) continue
    out.push({ name, value, from: 'environment' })
    seen.add(name)
  }
  for (const file of confFiles) {
    for (const [name, value] of Object.entries(file.settings)) {
      if (seen.has(name)) continue
      out.push({ name, value, from: file.path })
      seen.add(name)
    }
  }
  return out
}

/** `NAME=VALUE` for each setting, with the file named where one set it, and files that could not be read; '' for none. */
export function ncclSettingsText(env: Record<string, string | null | undefined>, confFiles: NcclConfFile[] = []): string {
  const parts = ncclSettings(env, confFiles).map((s) => (s.from === 'environment' ? `${s.name}=${s.value}` : `${s.name}=${s.value} (${s.from})`))
  for (const file of confFiles) if (file.error) parts.push(`${file.path}: ${file.error}`)
  return parts.join(' ')
}
