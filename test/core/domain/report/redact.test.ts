import { describe, expect, it } from 'vitest'

import { redactJson, redactionPreview, redactReport } from '../../../../src/core/domain/report/rendering/redact'
import { renderReportMarkdown } from '../../../../src/core/domain/report/rendering/render-markdown'
import { HOST, h200Report } from './fixtures'

const text = (value: string, hints = {}) => redactJson({ value }, hints).value.value

describe('redaction', () => {
  it('masks home directories but keeps their shape, and the user name wherever it appears', () => {
    const { value, masked } = redactJson({
      python: '/home/alice/venv/bin/python',
      mac: '/Users/alice/miniconda3/bin/python3',
      win: 'C:\\Users\\alice\\AppData\\Local\\Programs\\Python\\Python312\\python.exe',
      other: '/home/bob/.local/lib/python3.12/site-packages/torch',
      said: 'ran by alice; palice and alice2 are other words',
    })
    expect(value.python).toBe('/home/<user-1>/venv/bin/python')
    expect(value.mac).toBe('/Users/<user-1>/miniconda3/bin/python3')
    expect(value.win).toBe('C:\\Users\\<user-1>\\AppData\\Local\\Programs\\Python\\Python312\\python.exe')
    expect(value.other).toBe('/home/<user-2>/.local/lib/python3.12/site-packages/torch')
    expect(value.said).toBe('ran by <user-1>; palice and alice2 are other words')
    expect(masked).toEqual([
      { kind: 'user', original: 'alice', mask: '<user-1>', count: 4 },
      { kind: 'user', original: 'bob', mask: '<user-2>', count: 1 },
    ])
  })

  it('masks a home directory given as a hint whole, and does not mask generic account names as words', () => {
    expect(text('/root/venv/bin/python and /rootfs', { homes: ['/root'], users: ['root'] })).toBe('<home-1>/venv/bin/python and /rootfs')
    expect(text('/data/users/carol/env/bin/python', { homes: ['/data/users/carol'] })).toBe('<home-1>/env/bin/python')
    expect(text('Ubuntu 24.04 as ubuntu', { users: ['ubuntu'] })).toBe('Ubuntu 24.04 as ubuntu')
  })

  it('masks host names from the JSON and from hints, as whole words, FQDN and short name alike', () => {
    const { value } = redactJson({ host: { hostname: 'gpu-node-17.cluster.example.com' }, log: 'ssh gpu-node-17 failed; gpu-node-170 is another; GPU-NODE-17.cluster.example.com' })
    expect(value.host.hostname).toBe('<host-1>')
    expect(value.log).toBe('ssh <host-2> failed; gpu-node-170 is another; <host-1>')
    expect(text('vm01 ran on nvml and kvm', { hostnames: ['vm01'] })).toBe('<host-1> ran on nvml and kvm')
    expect(text('localhost stays', { hostnames: ['localhost'] })).toBe('localhost stays')
  })

  it('gives a GPU UUID the same mask with and without its GPU- prefix, and masks MIG UUIDs', () => {
    const uuid = '051f523e-a35b-b55a-caaf-0353a6011dc2'
    const { value, masked } = redactJson({ a: `GPU-${uuid}`, b: uuid.toUpperCase(), c: `MIG-${uuid}`, d: 'GPU-96e2900a-5566-8089-5bf7-2a840ab1ea60', zero: '00000000-0000-0000-0000-000000000000' })
    expect(value).toEqual({ a: 'GPU-<uuid-1>', b: '<uuid-1>', c: 'MIG-<uuid-1>', d: 'GPU-<uuid-2>', zero: '00000000-0000-0000-0000-000000000000' })
    expect(masked.find((m) => m.mask === '<uuid-1>')?.count).toBe(3)
  })

  it('masks serial numbers by key and in text', () => {
    const { value } = redactJson({ serial: '1654923012345', board: { serialNumber: 1654923012346 }, q: 'Serial Number                         : 1654923012345\nVBIOS Version : 96.00.AF.00.01' })
    expect(value.serial).toBe('<serial-1>')
    expect(value.board.serialNumber).toBe('<serial-2>')
    expect(value.q).toBe('Serial Number                         : <serial-1>\nVBIOS Version : 96.00.AF.00.01')
  })

  it('masks IPv4, IPv6 and MAC addresses but not versions, bus ids, times or loopback', () => {
    expect(text('NCCL INFO Bootstrap : Using eth0:10.0.3.17<0> via 10.0.3.17')).toBe('NCCL INFO Bootstrap : Using eth0:<ipv4-1><0> via <ipv4-1>')
    expect(text('fe80::1ff:fe23:4567:890a%eth0 and 2001:db8::8a2e:370:7334, not ::1')).toBe('<ipv6-1> and <ipv6-2>, not ::1')
    expect(text('link/ether 52:54:00:12:34:56 and 52-54-00-12-34-56')).toBe('link/ether <mac-1> and <mac-1>')
    const keep = 'cuDNN 9.1.0.70, nvidia-cudnn-cu12==9.1.0.70, driver 580.159.04, bus 00000000:18:00.0 at 06:03:42, 127.0.0.1'
    expect(text(keep)).toBe(keep)
    expect(redactJson({ cudnnVersion: '9.1.0.70' }).value.cudnnVersion).toBe('9.1.0.70')
  })

  it('redacts a whole report consistently, marks it, and the preview lists what was masked', () => {
    const original = h200Report('diagnose')
    const { report, masked } = redactReport(original, { hostnames: ['vm'] })
    expect(report.redacted).toBe(true)
    expect(original.redacted).toBe(false)
    expect(report.host?.hostname).toBe('<host-1>')
    expect(report.facts.hostname).toBe('<host-1>')
    expect(report.gpu?.kind === 'ok' && report.gpu.status.gpus[0]?.uuid).toMatch(/^GPU-<uuid-\d>$/)
    expect(JSON.stringify(report)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)
    expect(JSON.stringify(report)).not.toContain(HOST.hostname!)
    expect(JSON.stringify(report)).not.toContain('gpu-node-17')
    // Facts that are not private survive.
    expect(report.facts).toMatchObject({ driverVersion: '580.159.04', torch: '2.11.0+cu130', cudnn: '9.19.0', nccl: '2.28.9' })
    expect(redactionPreview(original, { hostnames: ['vm'] })).toEqual(masked)
    expect(masked.map((m) => m.kind).sort()).toEqual(['host', 'uuid', 'uuid'])
    expect(masked.find((m) => m.original === HOST.hostname)).toMatchObject({ mask: '<host-1>', count: 2 })
    // Redacting twice changes nothing more.
    expect(redactReport(report).report).toEqual(report)
    expect(renderReportMarkdown(report, 'en')).not.toContain('gpu-node-17')
  })

  it('masks a name followed or preceded by _ or - (issue 17), and leaves longer words alone', () => {
    const hints = { users: ['alice', 'bob'], hostnames: ['gpu-node-17'] }
    expect(text('/scratch/alice-secret_data and bob_runs and x_alice', hints)).toBe('/scratch/<user-1>-secret_data and <user-2>_runs and x_<user-1>')
    expect(text('ran gpu-node-17-job on gpu-node-170', hints)).toBe('ran <host-1>-job on gpu-node-170')
    expect(text('palice and alice2 and bobby', hints)).toBe('palice and alice2 and bobby')
  })

  it('masks IPv4 addresses by what they are, under version-like keys and after words ending in v (issue 17)', () => {
    const { value } = redactJson({
      cudnnMapped: ['/net/10.20.30.41/cudnn/lib/libcudnn.so.9'],
      torchVersion: '2.11.0+cu130',
      cudnnVersion: '9.1.0.70',
      driver: 'driver 580.159.04 via 10.20.30.44',
      log: 'env: 10.20.30.43, srv=10.20.30.45, dev 10.20.30.46, server 10.20.30.47. Done at 10.20.30.48.',
    })
    expect(value.cudnnMapped[0]).toBe('/net/<ipv4-1>/cudnn/lib/libcudnn.so.9')
    expect(value.torchVersion).toBe('2.11.0+cu130')
    expect(value.cudnnVersion).toBe('9.1.0.70')
    expect(value.driver).toBe('driver 580.159.04 via <ipv4-2>')
    expect(value.log).toBe('env: <ipv4-3>, srv=<ipv4-4>, dev <ipv4-5>, server <ipv4-6>. Done at <ipv4-7>.')
    const keep = 'CUDA 12.4, cuDNN v9.1.0.70, cudnn 9.19.0, sm_90, cu130, torch==2.11.0, nvidia-cudnn-cu12==9.1.0.70'
    expect(text(keep)).toBe(keep)
  })

  it('masks longer hardware addresses, dotted MACs, labelled serials in XML and UUIDs inside names', () => {
    expect(text('HW addr 80:00:00:48:fe:80:00:00:00:00:00:00:00:02:c9:03:00:a1:b2:c3 and 5254.0012.3456')).toBe('HW addr <mac-1> and <mac-2>')
    expect(text('<serial>1654923012345</serial> and <serial>N/A</serial>')).toBe('<serial><serial-1></serial> and <serial>N/A</serial>')
    expect(text('job-051f523e-a35b-b55a-caaf-0353a6011dc2_x')).toBe('job-<uuid-1>_x')
  })

  it('counts what it masked truthfully: each mask occurs in the output as often as it says', () => {
    const { value, masked } = redactJson({ a: '/home/alice/x alice-y 10.1.2.3 gpu-node-17-job', b: ['10.1.2.3', 'GPU-051f523e-a35b-b55a-caaf-0353a6011dc2'] }, { hostnames: ['gpu-node-17'] })
    const out = JSON.stringify(value)
    for (const m of masked) expect(out.split(m.mask).length - 1, m.mask).toBe(m.count)
    expect(masked.map((m) => m.kind).sort()).toEqual(['host', 'ipv4', 'user', 'uuid'])
  })

  it('keeps step and finding ids whole even when a host is named like a part of them', () => {
    const { value } = redactJson({ id: 'gpu-visible', failureModeId: 'cudnn-loaded', text: 'gpu-visible failed on gpu' }, { hostnames: ['gpu'] })
    expect(value).toEqual({ id: 'gpu-visible', failureModeId: 'cudnn-loaded', text: '<host-1>-visible failed on <host-1>' })
  })
})
