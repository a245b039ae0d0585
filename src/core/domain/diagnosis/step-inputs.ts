import type { EvidenceOf, Finding, StepId, StepResultOf, StepStatus } from '../../../shared/diagnosis'
import type { GpuState, MonitorSample } from '../../../shared/gpu'
import type { SummaryKey } from '../../../shared/i18n/summaries'
import { summariesEn } from '../../../shared/i18n/summaries'
import { englishTemplate } from '../../../shared/i18n/english-plural'
import { interpolate } from '../../../shared/i18n/interpolate'
import type { Message, MessageParams } from '../../../shared/message'
import type { ProbeReport } from '../../../shared/probe'
import { driverMaxCuda } from '../../knowledge/compat/driver-max-cuda'
import { formatCuda } from '../../knowledge/compat/cuda-version'
import { isCpuOnlyBuild } from '../../knowledge/compat/versions'
import { installPlatformOf } from '../install/install-fixes'
import type { InstallContext } from '../findings/install-params'
import type { LinkFacts } from '../../platform/nvidia-smi/read-links'
import { mergeSameId } from './merge-findings'
import type { ProbeCrash } from '../../platform/probe/run-probe'
import type { NvidiaHardware } from '../../platform/host/nvidia-hardware'

/** Everything the five step rules judge; gathered by run-diagnosis.ts, pure data from here on. */
export interface DiagnosisInputs {
  host: GpuState
  probe: { ok: true; report: ProbeReport } | { ok: false; reason: string; stderr: string; crash?: ProbeCrash; environment?: Record<string, string> }
  platform: NodeJS.Platform
  /** SM% samples before and during the sustained workload (step 4). */
  idleSamples: MonitorSample[]
  loadSamples: MonitorSample[]
  /** nvidia-smi state read in the middle of the load: throttle reasons, other processes. */
  loadState: GpuState | null
  probePid: number | null
  /** The PCI bus and /dev: is there NVIDIA hardware here at all, and which GPUs on the bus no driver runs? */
  hardware?: NvidiaHardware | null
  /** GPU processes that run under the probe (step 6's NCCL ranks, a wrapper's child), found while they lived. */
  probeFamilyPids?: number[]
  /** nvidia-smi's topology, NVLink and PCIe link facts (step 6), read only where several GPUs are visible. */
  links?: LinkFacts | null
  /** `--gpus` as the user gave it (nvidia-smi indices or UUIDs); absent for all GPUs. */
  selection?: string
}

/** A step's one-line summary: a message of namespace 'summaries'. */
export type Summary = Message & { key: SummaryKey }

/** A summary by key: its English text comes from the same catalog the UI translates. */
export function summary(key: SummaryKey, params: MessageParams = {}): Summary {
  return { key, params }
}

/** The first error's message as the summary's reason, with its id so front ends can translate it. */
export function reasonOf(findings: Finding[]): Record<string, string> {
  const f = findings.find((x) => x.severity === 'error') ?? findings[0]
  return f ? { reason: f.message, findingId: f.id } : { reason: '' }
}

export function stepResult<I extends StepId>(id: I, status: StepStatus, said: Summary, evidence: EvidenceOf<I>, findings: Finding[] = []): StepResultOf<I> {
  const text = interpolate(englishTemplate(summariesEn, said.key, said.params.count), said.params)
  return { id, status, summary: text, summaryKey: said.key, summaryParams: said.params, evidence, findings: mergeSameId(findings), durationMs: 0 } as StepResultOf<I>
}

/** The worst status the findings call for: an error fails the step, a warning warns. */
export function statusFrom(findings: Finding[]): StepStatus {
  if (findings.some((f) => f.severity === 'error')) return 'fail'
  if (findings.some((f) => f.severity === 'warning')) return 'warn'
  return 'pass'
}

/** The probe's report when PyTorch imported, else the summary of why a step must skip. */
export function torchReport(inputs: DiagnosisInputs): { report: ProbeReport } | { skip: Summary } {
  if (!inputs.probe.ok) return { skip: summary('skip.probe', { reason: inputs.probe.reason }) }
  if (!inputs.probe.report.torch?.importable) return { skip: summary('skip.noTorch') }
  return { report: inputs.probe.report }
}

/**
 * Why a step that needs CUDA was not run, naming step 1's answer: a CPU-only build has no CUDA at
 * all, anything else is CUDA step 1 found unusable. Never words that read as this step's own finding.
 */
export function noCudaSkip(report: ProbeReport): Summary {
  return summary(isCpuOnlyBuild(report.torch?.version, report.torch?.cudaBuild) ? 'skip.cpuBuild' : 'skip.noCuda')
}

/**
 * What the fixes' install commands are written for: the probed Python (its path, its OS, whether
 * PEP 668 marks it externally managed), the driver's highest CUDA and the GPUs nvidia-smi lists.
 */
export function installContextOf(inputs: DiagnosisInputs): InstallContext {
  const r = inputs.probe.ok ? inputs.probe.report : null
  const host = inputs.host.kind === 'ok' ? inputs.host.status : null
  const platform = installPlatformOf(r?.python?.platform ?? inputs.platform)
  const fromTable = driverMaxCuda(host?.driverVersion, platform === 'win32' ? 'windows' : 'linux')
  const hostCcs = (host?.gpus ?? []).flatMap((g) => (g.computeCapability ? [g.computeCapability] : []))
  const torchCcs = (r?.cuda?.devices ?? []).map((d) => d.cc)
  return {
    python: r?.python?.executable ?? null,
    platform,
    externallyManaged: r?.python?.externallyManaged === true,
    driverCuda: host?.cudaVersion ?? (fromTable ? formatCuda(fromTable) : null),
    gpus: [...new Set(hostCcs.length > 0 ? hostCcs : torchCcs)],
  }
}
