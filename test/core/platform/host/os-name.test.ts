import { describe, expect, it } from 'vitest'

import { known, osReleaseName } from '../../../../src/core/platform/host/host-facts'

describe('the operating system named on the live page and in reports', () => {
  it('is never "unknown unknown": systeminformation\'s "unknown" is no value', () => {
    expect(known('unknown')).toBeNull()
    expect(known(' Unknown ')).toBeNull()
    expect(known('')).toBeNull()
    expect(known('Debian GNU/Linux')).toBe('Debian GNU/Linux')
  })

  it('falls back to os-release', () => {
    const debian = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nVERSION="12 (bookworm)"\nID=debian\n'
    expect(osReleaseName(debian)).toEqual({ distro: 'Debian GNU/Linux', release: '12 (bookworm)' })
    expect(osReleaseName('NAME=Arch\nID=arch\n')).toEqual({ distro: 'Arch', release: null })
    expect(osReleaseName('')).toEqual({ distro: null, release: null })
  })
})
