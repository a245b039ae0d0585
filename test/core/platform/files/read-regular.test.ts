import { execFileSync } from 'node:child_process'
import { closeSync, mkdirSync, mkdtempSync, openSync, ftruncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { readCdiSpecs } from '../../../../src/core/platform/docker/cdi-spec'
import { readRegularFile, readRegularFileSync, readRegularText } from '../../../../src/core/platform/files/read-regular'
import { readSettings } from '../../../../src/core/domain/settings/settings-file'

const dir = () => mkdtempSync(join(tmpdir(), 'gd-regular-'))
const fifo = (path: string) => execFileSync('mkfifo', [path])
/** A file of `bytes` that costs no disk (sparse). */
function sparse(path: string, bytes: number): void {
  const fd = openSync(path, 'w')
  ftruncateSync(fd, bytes)
  closeSync(fd)
}

describe.skipIf(process.platform === 'win32')('files GPU Doctor finds on its own are read bounded (issue 26)', () => {
  it('a read that finished while the process was busy elsewhere is not called timed out (a loaded machine)', async () => {
    const d = dir()
    writeFileSync(join(d, 'settings.json'), '{"historyLimit": 50}')
    // The deadline is for a stalled step: after the busy spell the read's remaining steps (stat, reads)
    // still need the thread pool, which a loaded 2-core machine may not give 20 ms (it failed at load 17).
    const read = readRegularText(join(d, 'settings.json'), { maxBytes: 1024, timeoutMs: 100 })
    // The event loop held for five times the deadline, as a large parse on a starved CPU holds it.
    const until = performance.now() + 500
    while (performance.now() < until) {
      /* busy */
    }
    await expect(read).resolves.toBe('{"historyLimit": 50}')
  })

  it('a FIFO or a folder is refused at once, never waited on; a file over the cap is refused before it is read', async () => {
    const d = dir()
    fifo(join(d, 'pipe'))
    mkdirSync(join(d, 'folder'))
    sparse(join(d, 'huge'), 300 * 1024 * 1024)
    await expect(readRegularFile(join(d, 'pipe'), { maxBytes: 1024 })).rejects.toMatchObject({ code: 'ENOTREG', detail: 'a FIFO (named pipe)' })
    await expect(readRegularFile(join(d, 'folder'), { maxBytes: 1024 })).rejects.toMatchObject({ code: 'ENOTREG', detail: 'a folder' })
    await expect(readRegularFile(join(d, 'huge'), { maxBytes: 1024 })).rejects.toMatchObject({ code: 'EFBIG' })
    expect(() => readRegularFileSync(join(d, 'pipe'), 1024)).toThrow(/is a FIFO/)
    await expect(readRegularFile(join(d, 'missing'), { maxBytes: 1024 })).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it.runIf(process.platform === 'linux')('a /proc file (size 0) is read to its end, and cut off past the cap', async () => {
    expect((await readRegularText('/proc/self/stat', { maxBytes: 4096 })).startsWith(`${process.pid} (`)).toBe(true)
    await expect(readRegularFile('/proc/self/maps', { maxBytes: 10 })).rejects.toMatchObject({ code: 'EFBIG' })
  })

  it('settings.json with a UTF-8 byte-order mark is read, not called damaged', async () => {
    const d = dir()
    writeFileSync(join(d, 'settings.json'), '\uFEFF{"historyLimit": 7}\n')
    expect(await readSettings(d, {})).toEqual({ settings: { historyLimit: 7 }, warnings: [] })
  })

  it('a FIFO or a 300 MB settings.json: the defaults, with a warning that says why, at once', async () => {
    const d = dir()
    fifo(join(d, 'settings.json'))
    const started = Date.now()
    expect((await readSettings(d, {})).warnings).toEqual([{ kind: 'damaged-file', file: join(d, 'settings.json'), detail: 'a FIFO (named pipe), not a regular file' }])
    expect(Date.now() - started).toBeLessThan(2_000)
    const e = dir()
    sparse(join(e, 'settings.json'), 300 * 1024 * 1024)
    expect(await readSettings(e, {})).toEqual({ settings: { historyLimit: 500 }, warnings: [{ kind: 'damaged-file', file: join(e, 'settings.json'), detail: 'larger than 64 KiB' }] })
  })

  it('a FIFO *.yaml and a 300 MB spec in a CDI folder are passed over; the real spec beside them is read', async () => {
    const d = dir()
    fifo(join(d, 'a-pipe.yaml'))
    sparse(join(d, 'b-huge.yaml'), 300 * 1024 * 1024)
    writeFileSync(join(d, 'nvidia.yaml'), 'kind: nvidia.com/gpu\n')
    expect(await readCdiSpecs([d])).toEqual([{ path: join(d, 'nvidia.yaml'), text: 'kind: nvidia.com/gpu\n' }])
  })
})
