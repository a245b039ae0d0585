/** One dependency line of `ldd` output. */
export interface LddEntry {
  /** The soname as ldd prints it (`libcudnn.so.9`); for an absolute loader path, its file name. */
  name: string
  /** Where the loader found it; null when not found or when ldd prints no path (vdso). */
  path: string | null
  notFound: boolean
  /** Load address (`0x00007f…`); null when ldd prints none. */
  address: string | null
}

const NOT_FOUND = /^(\S+)\s+=>\s+not found\s*$/
// `lib.so => /path (0x…)`, `linux-vdso.so.1 =>  (0x…)` (old glibc: arrow, no path), `lib.so => /path`.
// Each optional part takes its own blanks: `\s*(…)?\s*(…)?\s*$` split a run of blanks every way when both were absent.
const ARROW = /^(\S+)\s+=>(?:\s*([^\s(]\S*))?(?:\s*\((0x[0-9a-fA-F]+)\))?\s*$/
// `/lib64/ld-linux-x86-64.so.2 (0x…)`, `linux-vdso.so.1 (0x…)`, `libc10.so (0x…)`.
const BARE = /^(\S+)\s+\((0x[0-9a-fA-F]+)\)\s*$/

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

function parseLine(line: string): LddEntry | null {
  const notFound = NOT_FOUND.exec(line)
  if (notFound?.[1]) return { name: notFound[1], path: null, notFound: true, address: null }
  const arrow = ARROW.exec(line)
  if (arrow?.[1]) return { name: arrow[1], path: arrow[2] ?? null, notFound: false, address: arrow[3] ?? null }
  const bare = BARE.exec(line)
  if (bare?.[1]) {
    const isPath = bare[1].startsWith('/')
    return { name: isPath ? baseName(bare[1]) : bare[1], path: isPath ? bare[1] : null, notFound: false, address: bare[2] ?? null }
  }
  return null
}

/**
 * Parses `ldd` output into one entry per dependency line, whatever the indentation (tab, spaces)
 * and CRLF. Other lines (`statically linked`, `not a dynamic executable`, a `file:` header, a
 * shell prompt) give no entry.
 */
export function parseLdd(text: string): LddEntry[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .flatMap((line) => parseLine(line) ?? [])
}

/** True when a line of text is one ldd prints for a dependency. */
export function isLddLine(line: string): boolean {
  return parseLine(line.trim()) !== null
}
