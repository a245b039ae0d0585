import { describe, expect, it } from 'vitest'

import { installCommand, shellQuote } from '../../../../src/core/domain/findings/install-command'

const CU130 = 'https://download.pytorch.org/whl/cu130'
const base = { packages: ['torch', 'torchvision'], indexUrl: CU130, forceReinstall: true, externallyManaged: false }

describe('installCommand', () => {
  it('Linux: that Python’s pip, from the chosen index', () => {
    expect(installCommand({ ...base, python: '/opt/torch/.venv/bin/python3', platform: 'linux' })).toBe(
      `/opt/torch/.venv/bin/python3 -m pip install --force-reinstall torch torchvision --index-url ${CU130}`,
    )
  })

  it('an externally managed system Python (PEP 668): a venv first, in one pasteable line', () => {
    expect(installCommand({ ...base, python: '/usr/bin/python3', platform: 'linux', externallyManaged: true })).toBe(
      `/usr/bin/python3 -m venv ~/torch-venv && ~/torch-venv/bin/python -m pip install torch torchvision --index-url ${CU130}`,
    )
    // Homebrew's Python on macOS is externally managed too; macOS wheels come from PyPI.
    expect(installCommand({ ...base, python: null, platform: 'darwin', externallyManaged: true, indexUrl: null })).toBe(
      'python3 -m venv ~/torch-venv && ~/torch-venv/bin/python -m pip install torch torchvision',
    )
  })

  it('Windows: py, or the interpreter quoted when its path has spaces; a venv under %USERPROFILE%', () => {
    expect(installCommand({ ...base, python: null, platform: 'win32' })).toBe(`py -m pip install --force-reinstall torch torchvision --index-url ${CU130}`)
    expect(installCommand({ ...base, python: 'C:\\Python312\\python.exe', platform: 'win32' })).toBe(
      `C:\\Python312\\python.exe -m pip install --force-reinstall torch torchvision --index-url ${CU130}`,
    )
    expect(installCommand({ ...base, python: 'C:\\Program Files\\Python312\\python.exe', platform: 'win32' })).toBe(
      `"C:\\Program Files\\Python312\\python.exe" -m pip install --force-reinstall torch torchvision --index-url ${CU130}`,
    )
    expect(installCommand({ ...base, python: null, platform: 'win32', externallyManaged: true })).toBe(
      `py -m venv "%USERPROFILE%\\torch-venv" && "%USERPROFILE%\\torch-venv\\Scripts\\python.exe" -m pip install torch torchvision --index-url ${CU130}`,
    )
  })

  it('a Python not known (a pasted text): python3; no --force-reinstall where nothing is installed', () => {
    expect(installCommand({ ...base, python: null, platform: 'linux', forceReinstall: false, packages: ['torch'] })).toBe(`python3 -m pip install torch --index-url ${CU130}`)
  })

  it('quotes paths with spaces or shell characters for each shell', () => {
    expect(installCommand({ ...base, python: '/home/me/my envs/py 3/bin/python', platform: 'linux' })).toMatch(/^'\/home\/me\/my envs\/py 3\/bin\/python' -m pip /)
    expect(shellQuote("/opt/it's/python", 'linux')).toBe(`'/opt/it'\\''s/python'`)
    expect(shellQuote('/usr/bin/python3.12', 'linux')).toBe('/usr/bin/python3.12')
    expect(shellQuote('C:\\Users\\Zoë Li\\venv\\Scripts\\python.exe', 'win32')).toBe('"C:\\Users\\Zoë Li\\venv\\Scripts\\python.exe"')
    expect(shellQuote('C:\\PROGRA~1\\Python\\python.exe', 'win32')).toBe('C:\\PROGRA~1\\Python\\python.exe')
  })
})
