import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseOsRelease, toolkitInstall } from '../../../../src/core/platform/docker/toolkit-install'

const ubuntu = readFileSync(new URL('../../../fixtures/h200-x1/sys/os-release.txt', import.meta.url), 'utf8')

describe('toolkitInstall: NVIDIA Container Toolkit commands for this OS', () => {
  it('apt on Ubuntu (the H200 os-release) and Debian, then registering the runtime with Docker', () => {
    const r = toolkitInstall(ubuntu)
    expect(r.os).toBe(parseOsRelease(ubuntu).PRETTY_NAME)
    expect(r.commands.join('\n')).toMatch(/apt-get install -y nvidia-container-toolkit/)
    expect(r.commands.at(-1)).toBe('sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker')
    expect(toolkitInstall('ID=ubuntu\nPRETTY_NAME="Ubuntu 24.04.1 LTS"').commands.join('\n')).toMatch(/sources\.list\.d\/nvidia-container-toolkit\.list/)
  })

  it.each([
    ['ID="rhel"\nID_LIKE="fedora"\nVERSION_ID="9.4"', /sudo dnf install -y nvidia-container-toolkit/],
    ['ID=fedora\nVERSION_ID=40', /sudo dnf install/],
    ['ID="rocky"\nID_LIKE="rhel centos fedora"', /sudo dnf install/],
    ['ID="amzn"\nVERSION_ID="2"', /sudo yum install/],
    ['ID="sles"\nVERSION_ID="15.5"', /zypper --gpg-auto-import-keys install -y nvidia-container-toolkit/],
    ['ID="opensuse-leap"\nID_LIKE="suse opensuse"', /zypper/],
    ['ID=arch', /pacman -S --needed nvidia-container-toolkit/],
    ['ID=nixos', /install-guide/],
  ])('%s', (osRelease, pattern) => {
    expect(toolkitInstall(osRelease).commands.join('\n')).toMatch(pattern)
  })

  it('configures a rootless engine in the user’s daemon.json, and explains Windows and macOS', () => {
    expect(toolkitInstall(ubuntu, 'linux', true).commands.join('\n')).toMatch(/\.config\/docker\/daemon\.json.*systemctl --user restart docker/s)
    expect(toolkitInstall(null, 'win32').commands[0]).toMatch(/WSL 2/)
    expect(toolkitInstall(null, 'darwin').commands[0]).toMatch(/cannot use NVIDIA GPUs/)
  })
})
