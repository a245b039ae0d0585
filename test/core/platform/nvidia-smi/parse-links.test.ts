import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseNvlinkStatus } from '../../../../src/core/platform/nvidia-smi/parse-nvlink'
import { cpuList, nvlinkCount, parseTopo } from '../../../../src/core/platform/nvidia-smi/parse-topo'

const fixture = (name: string) => readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url), 'utf8')

describe('nvidia-smi topo -m', () => {
  it('reads the real 2×H200 matrix (NV18 both ways, CPUs 0-31, NUMA 0) through its terminal underline codes', () => {
    expect(parseTopo(fixture('h200-x2/smi/topo.txt'))).toEqual({
      gpus: [0, 1],
      link: [
        ['X', 'NV18'],
        ['NV18', 'X'],
      ],
      cpuAffinity: ['0-31', '0-31'],
      numaAffinity: ['0', '0'],
    })
    expect(parseTopo(fixture('h200-x1/smi/topo.txt'))?.gpus).toEqual([0])
  })

  it('reads a PCIe box with NICs and two NUMA nodes, leaving the NIC rows out', () => {
    const text = [
      '\tGPU0\tGPU1\tGPU2\tGPU3\tNIC0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID',
      'GPU0\t X \tPIX\tSYS\tSYS\tNODE\t0-15,32-47\t0\t\tN/A',
      'GPU1\tPIX\t X \tSYS\tSYS\tNODE\t0-15,32-47\t0\t\tN/A',
      'GPU2\tSYS\tSYS\t X \tPIX\tSYS\t16-31,48-63\t1\t\tN/A',
      'GPU3\tSYS\tSYS\tPIX\t X \tSYS\t16-31,48-63\t1\t\tN/A',
      'NIC0\tNODE\tNODE\tSYS\tSYS\t X \t\t\t\t',
      '',
      'Legend:',
      '  X    = Self',
    ].join('\n')
    const m = parseTopo(text)!
    expect(m.gpus).toEqual([0, 1, 2, 3])
    expect(m.link[0]).toEqual(['X', 'PIX', 'SYS', 'SYS'])
    expect(m.numaAffinity).toEqual(['0', '0', '1', '1'])
    expect(cpuList(m.cpuAffinity[2]!)).toHaveLength(32)
    expect(nvlinkCount('NV18')).toBe(18)
    expect(nvlinkCount('PIX')).toBe(0)
    expect(parseTopo('NVIDIA-SMI has failed because it could not communicate with the NVIDIA driver.')).toBeNull()
  })
})

describe('nvidia-smi nvlink -s', () => {
  it('active links with their speed, inactive ones as null', () => {
    const text = [
      'GPU 0: NVIDIA H100 PCIe (UUID: GPU-6968dfc2-d444-d92c-c36b-6abe53445cb9)',
      '\t Link 0: 26.562 GB/s',
      '\t Link 1: <inactive>',
      'GPU 1: NVIDIA H100 PCIe (UUID: GPU-7968dfc2-d444-d92c-c36b-6abe53445cb9)',
      '\t Link 0: 26.562 GB/s',
      '\t Link 1: 0 GB/s',
    ].join('\n')
    expect(parseNvlinkStatus(text)).toEqual([
      { gpu: 0, links: [{ link: 0, GBps: 26.562 }, { link: 1, GBps: null }] },
      { gpu: 1, links: [{ link: 0, GBps: 26.562 }, { link: 1, GBps: null }] },
    ])
  })
})
