import { describe, expect, it } from 'vitest'

import { classifyBindHost } from '../../src/serve/bind-host'

const interfaces = { lo: [{ address: '127.0.0.1' }], eth0: [{ address: '10.1.2.3' }, { address: 'fe80::1%eth0' }] } as never

describe('classifyBindHost', () => {
  it('knows loopback, this machine’s own addresses and everything else', () => {
    for (const h of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', 'LOCALHOST']) expect(classifyBindHost(h, interfaces), h).toBe('loopback')
    for (const h of ['0.0.0.0', '::', '10.1.2.3', 'fe80::1']) expect(classifyBindHost(h, interfaces), h).toBe('exposed')
    for (const h of ['evil.example', '8.8.8.8', 'localhost.evil.example', '', '10.1.2.4']) expect(classifyBindHost(h, interfaces), h).toBe('foreign')
  })
})
