import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** One PCI function as sysfs shows it under /sys/bus/pci/devices/<address>/. */
export interface FakePciFunction {
  address: string
  vendor?: string
  device: string
  /** "0x030200" (3D controller) unless said. */
  class?: string
  subsystem?: [vendor: string, device: string]
  /** The bound driver's name (its `driver` link), or none. */
  driver?: string
}

/** A machine's PCI bus and /dev written as real files in a temp folder; `remove` deletes it. */
export function fakePciBus(functions: FakePciFunction[], opts: { procVersion?: string; nodes?: string[] } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'gd-pci-'))
  const pciRoot = join(root, 'devices')
  const devRoot = join(root, 'dev')
  mkdirSync(pciRoot)
  mkdirSync(devRoot)
  for (const f of functions) {
    const dir = join(pciRoot, f.address)
    mkdirSync(dir)
    writeFileSync(join(dir, 'vendor'), `${f.vendor ?? '0x10de'}\n`)
    writeFileSync(join(dir, 'device'), `${f.device}\n`)
    writeFileSync(join(dir, 'class'), `${f.class ?? '0x030200'}\n`)
    if (f.subsystem) {
      writeFileSync(join(dir, 'subsystem_vendor'), `${f.subsystem[0]}\n`)
      writeFileSync(join(dir, 'subsystem_device'), `${f.subsystem[1]}\n`)
    }
    // As the kernel writes it: a relative link into /sys/bus/pci/drivers (it need not resolve to be read).
    if (f.driver) symlinkSync(`../../../bus/pci/drivers/${f.driver}`, join(dir, 'driver'))
  }
  for (const n of opts.nodes ?? []) writeFileSync(join(devRoot, n), '')
  writeFileSync(join(root, 'version'), opts.procVersion ?? 'Linux version 6.8.0-51-generic (buildd@lcy02-amd64-045)')
  return {
    paths: { pciRoot, devRoot, procVersion: join(root, 'version'), tegraRelease: join(root, 'nv_tegra_release') },
    remove: () => rmSync(root, { recursive: true, force: true }),
  }
}
