import type { Finding, StepResult } from '../../../shared/diagnosis'
import { makeFinding } from '../../rules/finding-catalog'
import { archCoverage } from '../arch-coverage'
import type { DiagnosisInputs } from '../step-inputs'
import { reasonOf, statusFrom, stepResult, summary } from '../step-inputs'
import { compareVersions, isCpuOnlyBuild } from '../versions'

const TOO_OLD = /driver on your system is too old \(found version (\d+)\)/i

/** Step 1: does PyTorch see the GPUs nvidia-smi sees, with kernels for them and a driver new enough? */
export function gpuVisibleStep(inputs: DiagnosisInputs): StepResult {
  const host = inputs.host.kind === 'ok' ? inputs.host.status : null
  const hostGpus = host?.gpus ?? []
  const findings: Finding[] = []
  if (inputs.host.kind === 'error') {
    const p = inputs.host.problem
    findings.push(makeFinding(p.failureModeId ?? 'host-gpu-problem', 'error', { message: p.message }, p.detail))
  }
  if (!inputs.probe.ok) {
    findings.push(makeFinding('probe-failed', 'error', { reason: inputs.probe.reason }, inputs.probe.stderr || null))
    return stepResult('gpu-visible', 'fail', summary('probe.failed', { reason: inputs.probe.reason }), { hostGpus }, findings)
  }
  const r = inputs.probe.report
  const torch = r.torch
  const python = r.python?.executable ?? 'python'
  if (!torch?.importable) {
    findings.push(makeFinding('torch-not-installed', 'error', { python, error: torch?.error ?? r.fatal ?? 'unknown' }, torch?.error ?? null))
    return stepResult('gpu-visible', 'fail', summary('gpuVisible.noTorch', { python }), { python, hostGpus }, findings)
  }
  const cuda = r.cuda
  const cvd = r.env.CUDA_VISIBLE_DEVICES ?? null
  const evidence = {
    python,
    torchVersion: torch.version ?? null,
    torchCuda: torch.cudaBuild ?? null,
    cudaAvailable: cuda?.available ?? false,
    torchDevices: cuda?.devices ?? [],
    archList: cuda?.archList ?? [],
    cudaVisibleDevices: cvd,
    hostGpus: hostGpus.map((g) => ({ index: g.index, name: g.name, computeCapability: g.computeCapability })),
    driverVersion: host?.driverVersion ?? null,
    driverCuda: host?.cudaVersion ?? null,
    archCoverage: [] as ReturnType<typeof archCoverage>[],
    warnings: r.warnings,
  }

  if (isCpuOnlyBuild(torch.version, torch.cudaBuild)) {
    findings.push(makeFinding('cpu-only-torch-build', 'error', { torch: torch.version ?? '?' }, `torch ${torch.version}, torch.version.cuda = ${torch.cudaBuild ?? 'None'}`))
  } else if (!cuda?.available) {
    const tooOld = r.warnings.map((w) => TOO_OLD.exec(w)).find(Boolean)
    if (tooOld) findings.push(makeFinding('driver-too-old-for-cuda-runtime', 'error', { found: tooOld[1]!, torchCuda: torch.cudaBuild ?? '?' }, tooOld[0]))
    else if (cvd !== null && hostGpus.length > 0)
      findings.push(makeFinding('cuda-visible-devices-misconfigured', 'error', { value: cvd }, `CUDA_VISIBLE_DEVICES=${JSON.stringify(cvd)}`))
    else if (hostGpus.length > 0)
      findings.push(makeFinding('gpu-not-visible-to-torch', 'error', { hostGpus: hostGpus.length }, cuda?.initError ?? r.warnings[0] ?? null))
  }

  if (cuda?.available) {
    if (cuda.deviceCount < hostGpus.length && cvd === null)
      findings.push(makeFinding('fewer-devices-than-host', 'warning', { torchCount: cuda.deviceCount, hostCount: hostGpus.length }))
    for (const d of cuda.devices) {
      const cover = archCoverage(d.cc, cuda.archList)
      evidence.archCoverage.push(cover)
      if (!cover.covered) findings.push(makeFinding('gpu-arch-not-in-wheel', 'error', { gpu: d.name, arch: cover.gpuArch, archList: cuda.archList.join(' ') }))
    }
  }

  const driverCuda = host?.cudaVersion
  if (driverCuda && torch.cudaBuild && !isCpuOnlyBuild(torch.version, torch.cudaBuild)) {
    const [dMaj] = driverCuda.split('.')
    const [tMaj] = torch.cudaBuild.split('.')
    if (Number(tMaj) > Number(dMaj))
      findings.push(makeFinding('driver-too-old-for-cuda-runtime', 'error', { found: driverCuda, torchCuda: torch.cudaBuild }, `driver ${host?.driverVersion} supports CUDA ${driverCuda}; torch needs ${torch.cudaBuild}`))
    else if (compareVersions(torch.cudaBuild, driverCuda) > 0)
      findings.push(makeFinding('cuda-minor-version-compat', 'warning', { torchCuda: torch.cudaBuild, driverCuda }))
  }

  const unique = dedupe(findings)
  const status = statusFrom(unique)
  const names = (cuda?.devices ?? []).map((d) => `${d.name} (sm_${d.cc.replace('.', '')})`).join(', ')
  const said =
    status === 'fail'
      ? summary('gpuVisible.fail', { torch: torch.version ?? '?', ...reasonOf(unique) })
      : summary('gpuVisible.ok', { torch: torch.version ?? '?', cuda: torch.cudaBuild ?? '?', count: cuda?.deviceCount ?? 0, names })
  return stepResult('gpu-visible', status, said, evidence, unique)
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>()
  return findings.filter((f) => (seen.has(f.id) ? false : (seen.add(f.id), true)))
}
