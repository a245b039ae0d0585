import type { Finding, StepResultOf } from '../../../../shared/diagnosis'
import { makeFinding } from '../../findings/finding-catalog'
import { withInstallFixes } from '../../install/install-fixes'
import type { DiagnosisInputs } from '../step-inputs'
import { installContextOf, reasonOf, statusFrom, stepResult, summary, torchReport } from '../step-inputs'
import { mappedCudnnFiles } from '../mapped-cudnn'
import { strayCudnn } from '../library-route'
import { expectedCudnnMajor, formatCudnnVersion, isCpuOnlyBuild } from '../../../knowledge/compat/versions'

const VERSION_CLASH = /compiled\s+against \((\d+), (\d+), (\d+)\) but found runtime version \((\d+), (\d+), (\d+)\)/

/** What each flag costs, shown beside its value. */
const FLAG_NOTES = {
  benchmark: 'On: cuDNN times several algorithms per new input shape and keeps the fastest (fast for fixed shapes, slow when shapes change). Off: a heuristic pick.',
  deterministic: 'On: only deterministic algorithms (reproducible, often slower). Off: fastest algorithms.',
  allowTf32: 'On: convolutions on Ampere and newer use TF32 tensor cores (about 10 bits of mantissa, much faster than FP32).',
  matmulAllowTf32: 'Off (the default since 1.12): FP32 matmuls run in full FP32; set torch.backends.cuda.matmul.allow_tf32 = True or torch.set_float32_matmul_precision("high") to use TF32.',
}

/** Step 2: is cuDNN available, enabled, and the version this PyTorch build expects? */
export function cudnnLoadedStep(inputs: DiagnosisInputs): StepResultOf<'cudnn-loaded'> {
  const got = torchReport(inputs)
  if ('skip' in got) return stepResult('cudnn-loaded', 'skip', got.skip, {})
  const r = got.report
  const torch = r.torch!
  if (isCpuOnlyBuild(torch.version, torch.cudaBuild)) return stepResult('cudnn-loaded', 'skip', summary('skip.cpuBuild'), { torchVersion: torch.version })
  if (!r.cuda?.available) return stepResult('cudnn-loaded', 'skip', summary('skip.noCuda'), {})
  const c = r.cudnn
  const version = formatCudnnVersion(c?.version)
  const expected = expectedCudnnMajor(torch.version ?? '')
  const evidence = {
    available: c?.available ?? false,
    enabled: c?.enabled ?? false,
    version,
    versionRaw: c?.version ?? null,
    expectedMajor: expected,
    flags: {
      benchmark: { value: c?.benchmark ?? false, note: FLAG_NOTES.benchmark },
      deterministic: { value: c?.deterministic ?? false, note: FLAG_NOTES.deterministic },
      allowTf32: { value: c?.allowTf32 ?? false, note: FLAG_NOTES.allowTf32 },
      matmulAllowTf32: { value: c?.matmulAllowTf32 ?? false, note: FLAG_NOTES.matmulAllowTf32 },
    },
    nccl: c?.nccl ?? null,
    /** The cuDNN files the process mapped (the same list step 3 shows). */
    mappedFiles: mappedCudnnFiles(r),
  }
  const findings: Finding[] = []
  if (c?.error && /incompatib|mismatch/i.test(c.error))
  {
    // The same files and route step 3 names, so that both steps give one fix.
    const stray = strayCudnn(r)
    findings.push(makeFinding('cudnn-shadowed-by-system-copy', 'error', stray.paths.length ? { paths: stray.paths.join(', '), route: stray.route } : { paths: r.env.LD_LIBRARY_PATH ?? '' }, c.error))
  }
  else if (!c?.available || !version) findings.push(makeFinding('bundled-cudnn-not-found', 'error', {}, c?.error ?? 'torch.backends.cudnn.is_available() is False'))
  else if (!c.enabled) findings.push(makeFinding('cudnn-disabled', 'error', {}, 'torch.backends.cudnn.enabled is False'))
  if (version && expected && Number(version.split('.')[0]) !== expected)
    findings.push(makeFinding('cudnn-major-mismatch', 'warning', { loaded: version, expected, torch: torch.version ?? '?' }))
  if (c?.deterministic) findings.push(makeFinding('cudnn-deterministic-on', 'info', {}))
  if (c && !c.benchmark) findings.push(makeFinding('cudnn-benchmark-off', 'info', {}))
  const status = statusFrom(findings)
  const versions = VERSION_CLASH.exec(c?.error ?? '')
  const said =
    status === 'fail' && findings.some((f) => f.id === 'cudnn-shadowed-by-system-copy')
      ? // cuDNN still runs (step 5 shows it), but it is another copy than the one torch was built with.
        summary('cudnn.shadowed', { built: versions ? versions.slice(1, 4).join('.') : '?', found: versions ? versions.slice(4, 7).join('.') : '?' })
      : status === 'fail'
      ? summary('cudnn.fail', reasonOf(findings))
      : summary('cudnn.ok', { version: version ?? '?', expected: expected ?? '?', torch: torch.version ?? '?' })
  return stepResult('cudnn-loaded', status, said, evidence, withInstallFixes(findings, installContextOf(inputs), { sayDriverTooOld: false }))
}
