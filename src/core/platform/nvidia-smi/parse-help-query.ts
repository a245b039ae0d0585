// A field line holds only quoted names: `"name" or "gpu_name"`. Prose such as
// `"0: Default" means ...` also starts with a quote, so the whole line has to match.
const FIELD_LINE = /^"[A-Za-z0-9_.]+"(?:\s+or\s+"[A-Za-z0-9_.]+")*$/
const QUOTED = /"([A-Za-z0-9_.]+)"/g

/** Every field name `nvidia-smi --help-query-gpu` lists, aliases included (`"name" or "gpu_name"` gives both). */
export function parseHelpQueryGpu(text: string): Set<string> {
  const fields = new Set<string>()
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim()
    if (!FIELD_LINE.test(line)) continue
    for (const match of line.matchAll(QUOTED)) if (match[1]) fields.add(match[1])
  }
  return fields
}
