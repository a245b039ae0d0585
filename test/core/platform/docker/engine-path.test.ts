import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { describe, expect, it } from 'vitest'

import { engineSegment, isContainerRef } from '../../../../src/core/platform/docker/engine-path'
import { runBuiltCli } from '../../../helpers/cli'

describe('container names and engine URL paths (issue 26)', () => {
  it("Docker's grammar: names and ids pass, paths, dots first, spaces and newlines do not", () => {
    for (const ok of ['trainer', 'my_job-2.1', '/trainer', 'a', '3f2a9c0b1d4e', 'f'.repeat(64)]) expect(isContainerRef(ok), ok).toBe(true)
    for (const bad of ['', '../../127.0.0.1:47499/x', '..', '.hidden', 'a/b', 'a b', 'a\nHealthy', 'x?all=1', 'x#y', 'a%2f', 'n'.repeat(256)]) expect(isContainerRef(bad), bad).toBe(false)
  })

  it('an image reference is one path segment, however many slashes and colons it has', () => {
    expect(engineSegment('127.0.0.1:5000/team/torch:2.5')).toBe('127.0.0.1%3A5000%2Fteam%2Ftorch%3A2.5')
    expect(engineSegment('../../x')).not.toContain('/')
  })

  it('watch --container with a path in the name: refused before any engine call (exit 2, no stack trace), in both languages; the other host never hears from it', async () => {
    let contacted = 0
    const other = createServer((_, res) => {
      contacted++
      res.end('{}')
    })
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    const port = (other.address() as AddressInfo).port
    try {
      const name = `../../127.0.0.1:${port}/x`
      const en = await runBuiltCli(['watch', '--container', name, '--seconds', '3'], { ...process.env })
      expect(en.code).toBe(2)
      expect(en.stderr).toContain(`${name} is not a container name or id`)
      expect(en.stderr).not.toMatch(/\n\s+at /)
      const zh = await runBuiltCli(['watch', '--container', name, '--seconds', '3', '--lang', 'zh-CN'], { ...process.env })
      expect(zh.stderr).toContain('不是容器名称或 ID')
      expect(contacted).toBe(0)
    } finally {
      other.close()
    }
  })
})
