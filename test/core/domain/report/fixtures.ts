import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { parseSmiOutput } from '../../../../src/core/platform/nvidia-smi/parse-any'
import { buildReport } from '../../../../src/core/domain/report/build-report'
import { dataTableVersions } from '../../../../src/core/domain/report/data-versions'
import { diagnosisOf, parseReportInput } from '../../../../src/core/domain/report/load-input'
import type { Diagnosis } from '../../../../src/shared/diagnosis'
import type { GpuState, MonitorSample } from '../../../../src/shared/gpu'
import type { HostFacts } from '../../../../src/shared/host'
import type { Report } from '../../../../src/shared/report'

/** Real diagnoses from an H200 (docs/verification/issue-3-h200), copied as fixtures. */
export type H200Fixture = 'diagnose' | 'diagnose-cudnn-shadow' | 'diagnose-cvd-empty' | 'diagnose-disable-cudnn'

export const fixturePath = (name: string) => fileURLToPath(new URL(`../../../fixtures/reports/${name}.json`, import.meta.url))

export function fixtureText(name: H200Fixture): string {
  return readFileSync(fixturePath(name), 'utf8')
}

export function h200Diagnosis(name: H200Fixture = 'diagnose'): Diagnosis {
  const d = diagnosisOf(parseReportInput(fixtureText(name)))
  if (!d) throw new Error(`${name} has no diagnosis`)
  return d
}

/** nvidia-smi -q -x of the H200 the fake nvidia-smi replays. */
export function h200GpuState(): GpuState {
  const parsed = parseSmiOutput(readFileSync(fileURLToPath(new URL('../../../fixtures/h200-x1/smi/q.xml', import.meta.url)), 'utf8'))
  if ('error' in parsed) throw new Error(parsed.error)
  return { kind: 'ok', status: parsed.status }
}

export const HOST: HostFacts = {
  hostname: 'gpu-node-17.cluster.example.com',
  platform: 'linux',
  distro: 'Ubuntu',
  release: '24.04.1 LTS',
  kernel: '6.8.0-45-generic',
  arch: 'x64',
  cpuModel: 'AMD EPYC 9454',
  cpuCores: 96,
  cpuPhysicalCores: 48,
  memoryTotalBytes: 2 * 1024 ** 4,
  kernelModuleDriverVersion: '580.159.04',
  isWsl: false,
  isContainer: true,
}

export function monitorSamples(): MonitorSample[] {
  return [0, 1, 2, 3].map((i) => ({
    time: Date.UTC(2026, 10, 21, 6, 0, i),
    gpus: [{ index: 0, utilizationGpu: i * 30, utilizationMemory: 5, memoryUsedMiB: 1000 + i, memoryTotalMiB: 143771, temperatureC: 30 + i, powerW: 100 + i * 100, powerLimitW: 700, smClockMHz: 1980 }],
  }))
}

/**
 * A report around one of the H200 diagnoses, with the H200's nvidia-smi and a made-up host: by
 * default as if the diagnosis ran for it on that machine; source 'file' makes it a report of an
 * earlier run read on that machine later.
 */
export function h200Report(name: H200Fixture = 'diagnose', extra: { monitor?: boolean; source?: Report['diagnosisSource'] } = {}): Report {
  return buildReport({
    diagnosis: h200Diagnosis(name),
    diagnosisSource: extra.source ?? 'run',
    gpu: h200GpuState(),
    host: HOST,
    dataTables: dataTableVersions(),
    monitorSamples: extra.monitor ? monitorSamples() : [],
    generatedAt: new Date(Date.UTC(2026, 10, 21, 6, 30)),
  })
}
