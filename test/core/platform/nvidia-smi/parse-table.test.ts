import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { parseSmiTable } from '../../../../src/core/platform/nvidia-smi/parse-table'
import { GpuStatusSchema } from '../../../../src/shared/gpu'

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8')

interface Expected {
  file: string
  driver: string
  cuda: string | null
  /** [name as printed, memory total MiB] per GPU, index = position. */
  gpus: [string, number][]
  procs: number
  driverModels?: (string | null)[]
  mig?: { gi: number; ci: number; dev: number; totalMiB: number }[]
}

const repeat = (n: number, name: string, mib: number): [string, number][] => Array.from({ length: n }, () => [name, mib])

// Ground truth from test/fixtures/public/INDEX.md, section A.
const TABLES: Expected[] = [
  { file: 'gtx1080ti-x8-390.25-linux-no-cuda-header', driver: '390.25', cuda: null, gpus: repeat(8, 'GeForce GTX 108...', 11178), procs: 13 },
  { file: 'tesla-t4-x4-418.67-no-procs', driver: '418.67', cuda: '10.1', gpus: repeat(4, 'Tesla T4', 15079), procs: 0 },
  {
    file: 'tesla-v100-sxm2-tcc-windows-426.23',
    driver: '426.23',
    cuda: '10.1',
    gpus: [['Tesla V100-SXM2...', 16258]],
    procs: 0,
    driverModels: ['TCC'],
  },
  {
    file: 'gtx1080ti-x2-440.82-docker-empty-procs',
    driver: '440.82',
    cuda: '10.2',
    gpus: [
      ['GeForce GTX 108...', 11175],
      ['GeForce GTX 108...', 11178],
    ],
    procs: 0,
  },
  {
    file: 'quadro-rtx8000-x2-tcc-p2000-wddm-windows-442.92',
    driver: '442.92',
    cuda: '10.2',
    gpus: [
      ['Quadro RTX 8000', 48767],
      ['Quadro RTX 8000', 48767],
      ['Quadro P2000', 5120],
    ],
    procs: 15,
    driverModels: ['TCC', 'TCC', 'WDDM'],
  },
  { file: 'titan-xp-450.57-gpu-table-only-transcribed', driver: '450.57', cuda: '11.0', gpus: [['TITAN Xp', 12196]], procs: 0 },
  {
    file: 'a100-pcie-40gb-mig-7x1g-460.32.03',
    driver: '460.32.03',
    cuda: '11.2',
    gpus: [['A100-PCIE-40GB', 40536]],
    procs: 0,
    mig: [7, 8, 9, 10, 11, 12, 13].map((gi, dev) => ({ gi, ci: 0, dev, totalMiB: 4864 })),
  },
  { file: 'tesla-t4-470.86-slurm-node', driver: '470.86', cuda: '11.4', gpus: [['Tesla T4', 15109]], procs: 0 },
  { file: 'rtxa2000-laptop-525.147.05', driver: '525.147.05', cuda: '12.0', gpus: [['NVIDIA RTX A200...', 8192]], procs: 1 },
  {
    file: 'rtx3070-wsl2-smi530.47-driver531.68-no-timestamp',
    driver: '531.68',
    cuda: '12.1',
    gpus: [['NVIDIA GeForce RTX 3070', 8192]],
    procs: 1,
  },
  { file: 'grid-a100x-8c-vgpu-535.129.03', driver: '535.129.03', cuda: '12.2', gpus: [['GRID A100X-8C', 8192]], procs: 0 },
  {
    file: 'rtx2000ada-laptop-550.120-power-over-cap',
    driver: '550.120',
    cuda: '12.4',
    gpus: [['NVIDIA RTX 2000 Ada Gene...', 8188]],
    procs: 1,
  },
  { file: 'a40-x10-550.127.05-no-timestamp', driver: '550.127.05', cuda: '12.4', gpus: repeat(10, 'NVIDIA A40', 46068), procs: 0 },
  { file: 'l4-550.90.07-no-timestamp', driver: '550.90.07', cuda: '12.4', gpus: [['NVIDIA L4', 23034]], procs: 0 },
  {
    file: 'rtx3090-x2-560.35.03-no-timestamp',
    driver: '560.35.03',
    cuda: '12.6',
    gpus: repeat(2, 'NVIDIA GeForce RTX 3090', 24576),
    procs: 0,
  },
  {
    file: 'h100-sxm-x8-565.57.01-no-timestamp',
    driver: '565.57.01',
    cuda: '12.7',
    gpus: repeat(8, 'NVIDIA H100 80GB HBM3', 81559),
    procs: 0,
  },
  {
    file: 'rtx5090-linux-570.195.03-transcribed',
    driver: '570.195.03',
    cuda: '12.8',
    gpus: [['NVIDIA GeForce RTX 5090', 32607]],
    procs: 0,
  },
  { file: 'rtx2050-laptop-fedora-575.64.05', driver: '575.64.05', cuda: '12.9', gpus: [['NVIDIA GeForce RTX 2050', 4096]], procs: 1 },
  { file: 'rtx4090-linux-580.65.06', driver: '580.65.06', cuda: '13.0', gpus: [['NVIDIA GeForce RTX 4090', 24564]], procs: 2 },
  {
    file: 'h100-80gb-mig-enabled-590.48.01',
    driver: '590.48.01',
    cuda: '13.1',
    gpus: [['NVIDIA H100 80GB HBM3', 81559]],
    procs: 3,
    mig: [
      { gi: 2, ci: 0, dev: 0, totalMiB: 40448 },
      { gi: 3, ci: 0, dev: 1, totalMiB: 20096 },
      { gi: 9, ci: 0, dev: 2, totalMiB: 9984 },
      { gi: 10, ci: 0, dev: 3, totalMiB: 9984 },
    ],
  },
  {
    file: 'rtx2080super-windows-wddm-591.86',
    driver: '591.86',
    cuda: '13.1',
    gpus: [['NVIDIA GeForce RTX 2080 ...', 8192]],
    procs: 12,
    driverModels: ['WDDM'],
  },
  {
    file: 'rtx2080super-linux-610.57.04-kmd-header',
    driver: '610.57.04',
    cuda: '13.3',
    gpus: [['NVIDIA GeForce RTX 2080 ...', 8192]],
    procs: 4,
  },
]

describe('parseSmiTable on every public default-table capture (INDEX.md section A)', () => {
  it('covers every file in public/A', () => {
    expect(TABLES).toHaveLength(22)
  })

  it.each(TABLES)('$file', (want) => {
    const status = parseSmiTable(fixture(`public/A/${want.file}.txt`))
    expect(GpuStatusSchema.safeParse(status).success).toBe(true)
    expect(status.format).toBe('table')
    expect(status.source).toBe('file')
    expect(status.driverVersion).toBe(want.driver)
    expect(status.cudaVersion).toBe(want.cuda)
    expect(status.gpus.map((g) => [g.index, g.name, g.memoryTotalMiB])).toEqual(
      want.gpus.map(([name, mib], index) => [index, name, mib]),
    )
    expect(status.processes).toHaveLength(want.procs)
    for (const proc of status.processes) {
      expect(proc.pid).toBeGreaterThan(0)
      expect(proc.name).not.toBe('')
    }
    expect(status.gpus.map((g) => g.driverModel)).toEqual(want.driverModels ?? want.gpus.map(() => null))
    expect(status.gpus.every((g) => g.uuid === null && g.computeCapability === null)).toBe(true)
    expect(
      status.migDevices.map((d) => ({ gi: d.gpuInstanceId, ci: d.computeInstanceId, dev: d.migIndex, totalMiB: d.memoryTotalMiB })),
    ).toEqual(want.mig ?? [])
    for (const gpu of status.gpus) expect(gpu.busId).toMatch(/^[0-9A-F]{8}:[0-9A-F]{2}:[0-9A-F]{2}\.[0-9]$/)
  })
})

describe('parseSmiTable field details', () => {
  it('reads every metric of the H200 row', () => {
    const status = parseSmiTable(fixture('h200-x1/smi/default.txt'))
    expect(status.driverVersion).toBe('580.159.04')
    expect(status.cudaVersion).toBe('13.0')
    expect(status.gpus).toEqual([
      {
        index: 0,
        name: 'NVIDIA H200',
        uuid: null,
        busId: '00000000:00:06.0',
        computeCapability: null,
        memoryTotalMiB: 143771,
        memoryUsedMiB: 0,
        utilizationGpu: 0,
        utilizationMemory: null,
        temperatureC: 28,
        powerW: 82,
        powerLimitW: 700,
        smClockMHz: null,
        smClockMaxMHz: null,
        persistenceMode: true,
        migMode: false,
        driverModel: null,
        pstate: 'P0',
        clocksEventReasons: null,
      },
    ])
    expect(status.processes).toEqual([])
    expect(status.migDevices).toEqual([])
  })

  it('reads both H200s of the two-GPU capture with their own bus ids and power', () => {
    const status = parseSmiTable(fixture('h200-x2/smi/default.txt'))
    expect(status.gpus.map((g) => [g.index, g.name, g.memoryTotalMiB, g.busId, g.powerW, g.temperatureC])).toEqual([
      [0, 'NVIDIA H200', 143771, '00000000:00:06.0', 122, 30],
      [1, 'NVIDIA H200', 143771, '00000000:00:07.0', 119, 32],
    ])
  })

  it('keeps a power reading above the cap as printed (588 W of 35 W)', () => {
    const [gpu] = parseSmiTable(fixture('public/A/rtx2000ada-laptop-550.120-power-over-cap.txt')).gpus
    expect(gpu?.powerW).toBe(588)
    expect(gpu?.powerLimitW).toBe(35)
    expect(gpu?.persistenceMode).toBe(false)
  })

  it('gives null power, temperature when the vGPU shows N/A', () => {
    const [gpu] = parseSmiTable(fixture('public/A/grid-a100x-8c-vgpu-535.129.03.txt')).gpus
    expect(gpu?.powerW).toBeNull()
    expect(gpu?.powerLimitW).toBeNull()
    expect(gpu?.temperatureC).toBeNull()
    expect(gpu?.pstate).toBe('P0')
    expect(gpu?.migMode).toBe(false)
  })

  it('reads N/A power usage with a cap on the laptop A2000', () => {
    const [gpu] = parseSmiTable(fixture('public/A/rtxa2000-laptop-525.147.05.txt')).gpus
    expect(gpu?.powerW).toBeNull()
    expect(gpu?.powerLimitW).toBe(35)
    expect(gpu?.temperatureC).toBe(41)
  })

  it('reads MIG mode on and null GPU utilization under MIG', () => {
    const [gpu] = parseSmiTable(fixture('public/A/a100-pcie-40gb-mig-7x1g-460.32.03.txt')).gpus
    expect(gpu?.migMode).toBe(true)
    expect(gpu?.utilizationGpu).toBeNull()
    expect(gpu?.memoryUsedMiB).toBe(13)
  })

  it('has no MIG mode before the MIG M. row existed (440 and older)', () => {
    const status = parseSmiTable(fixture('public/A/tesla-t4-x4-418.67-no-procs.txt'))
    expect(status.gpus.every((g) => g.migMode === null)).toBe(true)
  })

  it('reads TCC/WDDM as the driver model and leaves persistence null on Windows', () => {
    const status = parseSmiTable(fixture('public/A/quadro-rtx8000-x2-tcc-p2000-wddm-windows-442.92.txt'))
    expect(status.gpus.map((g) => g.persistenceMode)).toEqual([null, null, null])
    expect(status.processes.every((p) => p.gpuIndex === 2 && p.usedMemoryMiB === null)).toBe(true)
    expect(status.processes.filter((p) => p.name === 'Insufficient Permissions')).toHaveLength(5)
    expect(status.processes.find((p) => p.pid === 14700)?.name).toBe('C:\\Program Files\\Typora\\Typora.exe')
    expect(status.processes[0]?.type).toBe('C+G')
  })

  it('reads legacy process rows (no GI/CI) with a truncated name', () => {
    const status = parseSmiTable(fixture('public/A/gtx1080ti-x8-390.25-linux-no-cuda-header.txt'))
    const matlab = status.processes.find((p) => p.pid === 4755)
    expect(matlab).toMatchObject({
      gpuIndex: 3,
      type: 'C',
      name: '...ware/MATLAB/matlab94/bin/glnxa64/MATLAB',
      usedMemoryMiB: 389,
      gpuInstanceId: null,
      computeInstanceId: null,
    })
    expect(status.processes.filter((p) => p.gpuIndex === 4)).toHaveLength(4)
  })

  it('reads 7-digit PIDs and memory of the 580 layout', () => {
    const status = parseSmiTable(fixture('public/A/rtx4090-linux-580.65.06.txt'))
    expect(status.processes).toEqual([
      {
        gpuIndex: 0,
        pid: 3230642,
        type: 'G',
        name: '/usr/lib/xorg/Xorg',
        usedMemoryMiB: 167,
        gpuInstanceId: null,
        computeInstanceId: null,
        container: null,
      },
      {
        gpuIndex: 0,
        pid: 3230734,
        type: 'G',
        name: '/usr/bin/gnome-shell',
        usedMemoryMiB: 12,
        gpuInstanceId: null,
        computeInstanceId: null,
        container: null,
      },
    ])
  })

  it('ties MIG processes to their GPU instance', () => {
    const status = parseSmiTable(fixture('public/A/h100-80gb-mig-enabled-590.48.01.txt'))
    expect(status.processes.map((p) => [p.pid, p.gpuInstanceId, p.computeInstanceId, p.usedMemoryMiB])).toEqual([
      [21180, 2, 0, 2296],
      [21181, 2, 0, 1272],
      [21198, 2, 0, 7484],
    ])
    expect(status.migDevices.map((d) => d.memoryUsedMiB)).toEqual([11091, 17, 9, 9])
  })

  it('reads the WSL2 Xwayland process with memory N/A', () => {
    const status = parseSmiTable(fixture('public/A/rtx3070-wsl2-smi530.47-driver531.68-no-timestamp.txt'))
    expect(status.processes).toMatchObject([{ pid: 22, name: '/Xwayland', usedMemoryMiB: null, type: 'G' }])
    expect(status.gpus[0]?.utilizationGpu).toBe(18)
  })
})

describe('parseSmiTable on broken input', () => {
  it.each([
    ['empty', ''],
    ['random bytes', '\u0000\u00ff\u0013garbage|||+--+\n|=|\n'],
    ['an nvidia-smi error', "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."],
  ])('gives an empty status for %s', (_, text) => {
    const status = parseSmiTable(text)
    expect(status.gpus).toEqual([])
    expect(status.processes).toEqual([])
    expect(status.driverVersion).toBeNull()
  })

  it('keeps the GPUs a truncated table still shows, with nulls for what was cut', () => {
    const full = fixture('public/A/a40-x10-550.127.05-no-timestamp.txt')
    const cut = full.split('\n').slice(0, 12).join('\n')
    const status = parseSmiTable(cut)
    expect(status.driverVersion).toBe('550.127.05')
    expect(status.gpus.map((g) => g.index)).toEqual([0, 1])
    expect(status.gpus[1]?.memoryTotalMiB).toBeNull()
    expect(status.processes).toEqual([])
  })

  it('does not throw on a table cut inside the header', () => {
    const full = fixture('h200-x1/smi/default.txt')
    for (let n = 0; n < full.length; n += 37) expect(() => parseSmiTable(full.slice(0, n))).not.toThrow()
  })
})
