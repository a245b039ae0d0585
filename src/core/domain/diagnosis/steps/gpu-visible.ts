import type { Finding, StepResultOf } from '../../../../shared/diagnosis'
import { isFindingId } from '../../../../shared/i18n/findings'
import { makeFinding } from '../../findings/finding-catalog'
import { archCoverage } from '../../../knowledge/compat/arch-coverage'
import { forcedPtxJitCause } from '../forced-ptx-jit'
import { describeProcesses, gib, gpuSharing, HELD_MEMORY_SHARE, isOutOfMemory } from '../gpu-sharing'
import { libcudaOrigin } from '../library-origin'
import type { ProbeReport } from '../../../../shared/probe'
import type { DiagnosisInputs } from '../step-inputs'
import { installContextOf, reasonOf, statusFrom, stepResult, summary } from '../step-inputs'
import { withInstallFixes } from '../../install/install-fixes'
import { compareVersions } from '../../../knowledge/compat/compare-versions'
import { isCpuOnlyBuild } from '../../../knowledge/compat/versions'
import { classifyCudaError, classifyImportFailure } from '../../rules/classify-error'
import { knownCauses } from '../../rules/analyze-text'
import { type EnvironmentRow, environmentFindings, environmentRows } from '../environment-evidence'
import type { ProbeCrash } from '../../../platform/probe/run-probe'
import { noNvidiaHardware } from '../../../platform/host/nvidia-hardware'
import { mapCudaDevices } from '../cuda-devices'
import { pciGpusOffDriver, unboundGpuLines } from '../../health/pci-gpus-off-driver'

const TOO_OLD = /driver on your system is too old \(found version (\d+)\)/i

/**
 * Step 1: does PyTorch see the GPUs nvidia-smi sees, with kernels for them and a driver new enough,
 * and does the driver run every NVIDIA GPU on the PCI bus?
 */
export function gpuVisibleStep(inputs: DiagnosisInputs): StepResultOf<'gpu-visible'> {
  const host = inputs.host.kind === 'ok' ? inputs.host.status : null
  const hostGpus = host?.gpus ?? []
  const findings: Finding[] = []
  if (inputs.host.kind === 'error') {
    const p = inputs.host.problem
    const h = inputs.hardware
    // With no driver to judge against, the GPUs on the bus that none holds are said as facts beside the problem.
    const detail = [p.detail, ...unboundGpuLines(h)].join('\n')
    // "Driver not loaded" presumes a GPU; a PCI bus with no NVIDIA device and no /dev/nvidia* says there is none.
    findings.push(
      p.failureModeId === 'driver-not-loaded' && noNvidiaHardware(h)
        ? makeFinding('no-nvidia-gpu', 'error', { devices: h.pciDevices, root: h.pciRoot }, p.detail)
        : makeFinding(p.failureModeId && isFindingId(p.failureModeId) ? p.failureModeId : 'host-gpu-problem', 'error', { message: p.message }, detail),
    )
  }
  // A GPU on the bus the running driver does not run (older than the GPU, newer than its architecture's last branch).
  const offDriver = host ? pciGpusOffDriver({ hardware: inputs.hardware, driverVersion: host.driverVersion, listedBusIds: hostGpus.map((g) => g.busId) }) : []
  if (!inputs.probe.ok) {
    const environment = environmentRows(inputs.probe.environment)
    findings.push(inputs.probe.crash ? crashFinding(inputs.probe.crash, environment) : makeFinding('probe-failed', 'error', { reason: inputs.probe.reason }, inputs.probe.stderr || null))
    return stepResult('gpu-visible', 'fail', summary('probe.failed', { reason: inputs.probe.reason }), { hostGpus, ...(environment.length ? { environment } : {}) }, [...findings, ...offDriver])
  }
  const r = inputs.probe.report
  const torch = r.torch
  const python = r.python?.executable ?? 'python'
  const environment = environmentRows(r.environment)
  if (!torch?.importable) {
    const text = torch?.errorText ?? torch?.error ?? r.fatal ?? 'unknown'
    const classified = classifyImportFailure({ python, pythonVersion: r.python?.version ?? null, text, errorType: torch?.errorType ?? null, failure: torch?.failure })
    findings.push(...classified)
    const fixed = withInstallFixes([...findings, ...offDriver], installContextOf(inputs))
    const absent = fixed.some((f) => f.id === 'torch-not-installed')
    const ctx = torch?.failure
    const importFailure = ctx
      ? { torchFound: ctx.torchFound, torchDir: ctx.torchDir ?? null, torchCExtensions: ctx.torchCExtensions, extSuffix: ctx.extSuffix ?? null, libc: ctx.libc ?? null, missingLibrary: ctx.missingLibrary, searched: ctx.searched, foundAt: ctx.foundAt }
      : undefined
    const ownCause = fixed.filter((x) => classified.some((c) => c.id === x.id))
    const said = absent ? summary('gpuVisible.noTorch', { python }) : summary('gpuVisible.importFailed', { python, ...reasonOf(ownCause) })
    return stepResult('gpu-visible', 'fail', said, { python, hostGpus, environment, importError: text, importFailure }, fixed)
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
    initError: r.cuda?.initError ?? null,
    libcuda: null as ReturnType<typeof stubLibcuda>,
    memory: [] as Array<{ gpu: number; totalMiB: number | null; heldByOthersMiB: number | null; freeMiB: number | null; holders: string }>,
    environment,
  }

  const stub = stubLibcuda(r)
  if (stub) evidence.libcuda = stub
  const sharing = gpuSharing(inputs)
  const initError = cuda?.initError ?? null
  // One GPU that failed its exercise while others passed (probe 1.9+): CUDA works, that GPU does not.
  const split = usableAndFailed(inputs)
  const deviceOom = split?.failed.find((d) => isOutOfMemory(d.error)) ?? null

  if (isCpuOnlyBuild(torch.version, torch.cudaBuild)) {
    findings.push(makeFinding('cpu-only-torch-build', 'error', { torch: torch.version ?? '?' }, `torch ${torch.version}, torch.version.cuda = ${torch.cudaBuild ?? 'None'}`))
  } else if (stub) {
    const ld = (r.env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean)
    const suggested = ld.filter((d) => !stub.ldLibraryPathEntries.includes(d)).join(':')
    findings.push(
      makeFinding(
        'libcuda-stub-loaded',
        'error',
        { path: stub.path, ldLibraryPath: r.env.LD_LIBRARY_PATH ?? '(unset)', suggested: suggested || '' },
        [stub.path, ...r.warnings.filter((w) => /stub/i.test(w))].join('\n'),
      ),
    )
  } else if (isOutOfMemory(initError) || deviceOom) {
    // Where one GPU ran out, its holders; else everyone's.
    const holders = sharing.filter((g) => !deviceOom || g.gpuIndex === deviceOom.shownIndex).flatMap((g) => g.others)
    const error = deviceOom ? `GPU ${deviceOom.shownIndex}: ${deviceOom.error}` : initError
    findings.push(makeFinding('cuda-oom-or-memory-held', 'error', { holders: describeProcesses(holders) }, `${error}\nHeld by: ${describeProcesses(holders)}`))
  } else if (!cuda?.available) {
    const tooOld = r.warnings.map((w) => TOO_OLD.exec(w)).find(Boolean)
    if (tooOld) findings.push(makeFinding('driver-too-old-for-cuda-runtime', 'error', { found: tooOld[1]!, torchCuda: torch.cudaBuild ?? '?' }, tooOld[0]))
    else if (cvd !== null && hostGpus.length > 0)
      // CUDA's own words beside the value: they say which rule it broke ("invalid device ordinal" for a GPU named twice).
      findings.push(makeFinding('cuda-visible-devices-misconfigured', 'error', { value: cvd }, [`CUDA_VISIBLE_DEVICES=${JSON.stringify(cvd)}`, ...r.warnings.filter((w) => /CUDA/.test(w))].join('\n')))
    else if (hostGpus.length > 0 && !initError)
      findings.push(makeFinding('gpu-not-visible-to-torch', 'error', { hostGpus: hostGpus.length }, r.warnings[0] ?? null))
  }

  // nvidia-smi's own problem (first finding, when there is one) does not explain what CUDA said in this process.
  findings.push(...liveErrorFindings(r, inputs.host.kind === 'error' ? findings.slice(1) : findings, hostGpus.length))

  if (cuda?.available) {
    if (cuda.deviceCount < hostGpus.length && cvd === null)
      findings.push(makeFinding('fewer-devices-than-host', 'warning', { torchCount: cuda.deviceCount, hostCount: hostGpus.length }))
    for (const d of cuda.devices) {
      // A device whose properties could not be read reports cc 0.0: its architecture is unknown, not
      // missing from the wheel (the failed call is already a finding of its own).
      if (!/^[1-9]\d*\.\d+$/.test(d.cc)) continue
      const cover = archCoverage(d.cc, cuda.archList)
      evidence.archCoverage.push(cover)
      if (!cover.covered) findings.push(makeFinding('gpu-arch-not-in-wheel', 'error', { gpu: d.name, arch: cover.gpuArch, archList: cuda.archList.join(' ') }))
    }
  }

  for (const g of sharing) {
    evidence.memory.push({ gpu: g.gpuIndex, totalMiB: g.memoryTotalMiB, heldByOthersMiB: g.memoryHeldMiB, freeMiB: g.memoryFreeMiB, holders: describeProcesses(g.others) })
    const total = g.memoryTotalMiB
    const held = g.memoryHeldMiB
    if (total && held !== null && g.memoryFreeMiB !== null && g.others.length > 0 && held / total >= HELD_MEMORY_SHARE)
      findings.push(
        makeFinding('gpu-memory-held-by-other-processes', 'warning', {
          gpu: g.gpuIndex,
          held: gib(held),
          total: gib(total),
          free: gib(g.memoryFreeMiB),
          holders: describeProcesses(g.others),
        }),
      )
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

  const counts = { torchCount: cuda?.available ? cuda.deviceCount : null, hostCount: inputs.host.kind === 'ok' ? hostGpus.length : null }
  findings.push(...environmentFindings(environment, counts))

  // A GPU the driver does not run comes first where nothing else fails (the verdict names it), else after what does.
  const own = dedupe(forcedPtxJitCause(findings, evidence.archCoverage, environment))
  const unique = withInstallFixes(own.some((f) => f.severity === 'error') ? [...own, ...offDriver] : [...offDriver, ...own], installContextOf(inputs))
  const status = statusFrom(unique)
  const names = (cuda?.devices ?? []).map((d) => `${d.name} (sm_${d.cc.replace('.', '')})`).join(', ')
  // The GPUs PyTorch has work; what fails is a GPU beside them that the driver does not run.
  const firstError = unique.find((f) => f.severity === 'error')
  const said =
    status === 'fail' && cuda?.available && offDriver.some((f) => f.id === firstError?.id)
      ? summary('gpuVisible.offDriver', { torch: torch.version ?? '?', count: cuda?.deviceCount ?? 0, names, ...reasonOf(unique) })
      : status === 'fail' && split
      ? summary('gpuVisible.someFail', { torch: torch.version ?? '?', gpus: split.failed.map((d) => d.shownIndex).join(', '), usable: split.usable.join(', '), ...reasonOf(unique) })
      : status === 'fail'
      ? summary('gpuVisible.fail', { torch: torch.version ?? '?', ...reasonOf(unique) })
      : summary('gpuVisible.ok', { torch: torch.version ?? '?', cuda: torch.cudaBuild ?? '?', count: cuda?.deviceCount ?? 0, names })
  return stepResult('gpu-visible', status, said, evidence, unique)
}

/**
 * Every error the probe caught while using CUDA for real (initialisation, each device's calls), through
 * the same rules as pasted text. A cause the step's own checks already found is not repeated; an error
 * no rule knows is quoted as `cuda-error-unrecognised`, unless a cause found above explains the failure.
 * CUDA that is unavailable, or available with no usable device, is always a failure, never a pass.
 */
function liveErrorFindings(r: ProbeReport, found: Finding[], hostCount: number): Finding[] {
  const cuda = r.cuda
  const explained = found.some((f) => f.severity === 'error')
  const out: Finding[] = []
  const add = (list: Finding[]) => {
    for (const f of list) {
      if ((f.id === 'cuda-error-unrecognised' || f.id === 'cuda-error-quotes-environment') && (explained || out.some((o) => o.severity === 'error'))) continue
      out.push(f)
    }
  }
  const deviceErrors = new Set<string>()
  for (const d of cuda?.devices ?? []) {
    const ex = d.exercise
    if (ex && !ex.ok) {
      const error = ex.error ?? 'unknown error'
      deviceErrors.add(error)
      add(classifyCudaError(error, `${ex.failedCall ?? 'a CUDA call'} on GPU ${d.index}`, d.index, r.environment))
    } else if (!d.name.trim())
      add(classifyCudaError('CUDA returned an empty device name', `torch.cuda.get_device_properties(${d.index}).name`, d.index))
  }
  const initError = cuda?.initError ?? null
  if (initError && !deviceErrors.has(initError)) add(classifyCudaError(initError, 'CUDA initialisation (torch.cuda.is_available / device_count)', null, r.environment))
  if (cuda?.available && cuda.deviceCount === 0 && !initError)
    add(classifyCudaError('torch.cuda.device_count() returned 0 while torch.cuda.is_available() is True', 'torch.cuda.device_count()', null))
  if (!cuda?.available && !initError && !found.some((f) => f.severity === 'error') && !isCpuOnlyBuild(r.torch?.version, r.torch?.cudaBuild)) {
    // is_available() said False without raising: the warnings it printed say why, when a rule knows them.
    const said = knownCauses(r.warnings.join('\n')).filter((f) => f.severity === 'error')
    out.push(...(said.length ? said : [makeFinding('gpu-not-visible-to-torch', 'error', { hostGpus: hostCount }, r.warnings[0] ?? 'torch.cuda.is_available() returned False')]))
  }
  return out
}

/**
 * The GPUs step 1 used for real and those it could not, as nvidia-smi numbers them, where both kinds
 * exist and CUDA itself started: steps 4–6 then measure the usable ones (probe 1.9+).
 */
function usableAndFailed(inputs: DiagnosisInputs): { usable: number[]; failed: Array<{ shownIndex: number; error: string | null }> } | null {
  if (!inputs.probe.ok) return null
  const r = inputs.probe.report
  const devices = r.cuda?.devices ?? []
  if (r.cuda?.initError || !devices.some((d) => d.exercise?.ok) || !devices.some((d) => d.exercise && !d.exercise.ok)) return null
  const hostGpus = inputs.host.kind === 'ok' ? inputs.host.status.gpus : null
  const mapped = mapCudaDevices(devices, hostGpus, { CUDA_VISIBLE_DEVICES: r.env.CUDA_VISIBLE_DEVICES ?? null, CUDA_DEVICE_ORDER: r.env.CUDA_DEVICE_ORDER ?? null })
  const shown = (i: number) => mapped[i]!.hostIndex ?? mapped[i]!.ordinal
  return {
    usable: devices.flatMap((d, i) => (d.exercise?.ok ? [shown(i)] : [])),
    failed: devices.flatMap((d, i) => (d.exercise && !d.exercise.ok ? [{ shownIndex: shown(i), error: d.exercise.error ?? null }] : [])),
  }
}

/** The libcuda the process really mapped, when it is the toolkit's stub (by path, or by the driver's own "stub" error). */
function stubLibcuda(r: ProbeReport): { path: string; realPath: string; ldLibraryPathEntries: string[] } | null {
  const mapped = (r.mappedLibraries ?? []).filter((p) => /\/libcuda\.so[^/]*$/.test(p))
  const saysStub = r.warnings.some((w) => /driver is a stub library|CUDA_ERROR_STUB_LIBRARY/i.test(w)) || /stub library/i.test(r.cuda?.initError ?? '')
  const path = mapped.find((p) => libcudaOrigin(p) === 'driver-stub') ?? (saysStub ? (mapped[0] ?? '(not mapped: the warning names it)') : null)
  if (!path) return null
  const ld = (r.env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean)
  // The directories that hand out the stub: a libcuda.so.1 there that is the stub, or a stubs/ folder itself.
  const fromProbe = (r.libcudaOnLdLibraryPath ?? []).filter((c) => libcudaOrigin(c.realPath) === 'driver-stub' || c.realPath === path).map((c) => c.dir)
  const entries = fromProbe.length ? fromProbe : ld.filter((d) => /\/stubs\/?$/.test(d))
  return { path, realPath: r.mappedLibrariesReal?.[path] ?? path, ldLibraryPathEntries: entries }
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>()
  return findings.filter((f) => (seen.has(f.id) ? false : (seen.add(f.id), true)))
}

/** The probe died by a signal: name it, quote its last stderr lines, and point at an active allocator variable first. */
function crashFinding(crash: ProbeCrash, environment: EnvironmentRow[]): Finding {
  const tail = crash.stderrTail || '—'
  const allocator = environment.find((e) => e.active && e.class === 'changed-allocator')
  if (allocator)
    return makeFinding('probe-crashed-allocator-setting', 'error', { signal: crash.signal, tail, variable: allocator.name, value: allocator.value }, crash.stderrTail || null)
  return makeFinding('probe-crashed', 'error', { signal: crash.signal, tail }, crash.stderrTail || null)
}
