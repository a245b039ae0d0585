/** The operating systems an install command is written for (Node's names; WSL is linux). */
export type InstallPlatform = 'linux' | 'win32' | 'darwin'

/** Where the packages go and from which index. */
export interface InstallCommandInput {
  /** The interpreter the fix is for; null when not known (a pasted text): `python3`, or `py` on Windows. */
  python: string | null
  platform: InstallPlatform
  /** PEP 668: this Python refuses pip installs (Debian's, Ubuntu's, Homebrew's), so the command makes a venv first. */
  externallyManaged: boolean
  packages: readonly string[]
  /** `--index-url`; null installs from PyPI. */
  indexUrl: string | null
  /** Replace what is installed (ignored in a fresh venv, which has nothing to replace). */
  forceReinstall?: boolean
}

/** The folder the PEP 668 command creates, as each shell writes the home directory. */
export const VENV_DIR = { posix: '~/torch-venv', win32: '%USERPROFILE%\\torch-venv' } as const

// Characters a POSIX shell or cmd.exe would read as syntax: a path with one of them is quoted.
const POSIX_PLAIN = /^[\w@%+=:,./-]+$/
const WIN_PLAIN = /^[\w@+=:,.\\/~-]+$/

/** A path as one shell word: POSIX single quotes, cmd.exe double quotes; plain where nothing needs it. */
export function shellQuote(path: string, platform: InstallPlatform): string {
  if (platform === 'win32') return WIN_PLAIN.test(path) ? path : `"${path.replace(/"/g, '')}"`
  return POSIX_PLAIN.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`
}

function pipInstall(python: string, input: InstallCommandInput, fresh: boolean): string {
  return [
    python,
    '-m pip install',
    input.forceReinstall && !fresh ? '--force-reinstall' : null,
    ...input.packages,
    input.indexUrl ? `--index-url ${input.indexUrl}` : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' ')
}

/**
 * The one pasteable command line that installs `packages` for this Python:
 * - `/path/python -m pip install [--force-reinstall] torch torchvision --index-url …`;
 * - an externally managed Python (PEP 668): `/usr/bin/python3 -m venv ~/torch-venv && ~/torch-venv/bin/python -m pip install …`;
 * - Windows (cmd.exe syntax): `py -m pip …` or `"C:\…\python.exe" -m pip …`, and for a venv
 *   `py -m venv "%USERPROFILE%\torch-venv" && "%USERPROFILE%\torch-venv\Scripts\python.exe" -m pip install …`.
 * Paths with spaces or shell characters are quoted.
 */
export function installCommand(input: InstallCommandInput): string {
  const windows = input.platform === 'win32'
  const python = input.python?.trim() ? shellQuote(input.python.trim(), input.platform) : windows ? 'py' : 'python3'
  if (!input.externallyManaged) return pipInstall(python, input, false)
  if (windows) {
    const venv = `"${VENV_DIR.win32}"`
    return `${python} -m venv ${venv} && ${pipInstall(`"${VENV_DIR.win32}\\Scripts\\python.exe"`, input, true)}`
  }
  return `${python} -m venv ${VENV_DIR.posix} && ${pipInstall(`${VENV_DIR.posix}/bin/python`, input, true)}`
}
