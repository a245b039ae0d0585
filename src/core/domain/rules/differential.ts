import type { Finding, Severity } from '../../../shared/diagnosis'
import type { FindingId } from '../../../shared/i18n/findings'
import { compareCuda, formatCuda, parseCudaVersion } from '../../knowledge/compat/cuda-version'
import { compatData } from '../../knowledge/compat/data'
import { newestDriverCuda } from '../../knowledge/compat/driver'
import { makeFinding, remakeFinding } from '../findings/finding-catalog'
import type { Place } from './fact-sheet'
import type { PasteFacts } from './paste-facts'
import { wheelCoversGpu } from './wheel-coverage'

/**
 * The differential: a known message can mean several causes. Each candidate is judged against the paste's facts
 * (paste-facts.ts, fact-sheet.ts): confirmed, excluded (the facts contradict it: never shown) or open.
 * - a confirmed candidate is the cause (error); others confirmed too follow as warnings;
 * - else the one candidate left open is the cause (error: the facts exclude every other);
 * - else the open candidates, ranked, as warnings after the message's "not singled out" finding, whose fix says
 *   what to run to tell them apart; none open: nothing (every cause the message can mean is contradicted).
 */

type Verdict = { state: 'confirmed' | 'excluded' | 'open'; because: string | null }

interface Candidate {
  /** The finding id this candidate is shown as (it may depend on the facts). */
  id(facts: PasteFacts): FindingId
  judge(facts: PasteFacts, text: string): Verdict
  params?(facts: PasteFacts): Record<string, string>
  /** A fact that makes this open candidate the likelier one without deciding it (the line that says so). */
  leaning?(facts: PasteFacts): string | null
}

interface Differential {
  /** The message, on one line of the paste (the last such line: the innermost error, after the wrappers that quote it). */
  message: RegExp
  /** Findings of other rules about the same message: replaced by the differential's verdict. */
  replaces: readonly FindingId[]
  /** Candidates, most likely first. */
  candidates: readonly Candidate[]
  /** The finding that says the paste does not single one out, and how to tell the candidates apart. */
  undecided: FindingId
}

const confirmed = (because: string): Verdict => ({ state: 'confirmed', because })
const excluded = (because: string): Verdict => ({ state: 'excluded', because })
const OPEN: Verdict = { state: 'open', because: null }

const placeLine = (facts: PasteFacts, place: Place) => facts.sheet.places.find((p) => p.value === place)?.line ?? null

/** Where the program ran had no driver: a container started without a GPU request, or no nvidia-smi inside one. */
function noDriverWhereItRan(facts: PasteFacts): string | null {
  return facts.dockerRunWithoutGpu ?? (facts.container && facts.driverToolsMissing ? `${facts.container}: ${facts.driverToolsMissing}` : null)
}

const runtimes = (facts: PasteFacts) => facts.runtimeCudas.map((r) => `${r.source} (${formatCuda(r.cuda)})`).join('; ')

// ---- "CUDA driver version is insufficient for CUDA runtime version"

const DRIVER_OLDER_THAN_RUNTIME: Candidate = {
  id: () => 'driver-too-old-for-cuda-runtime',
  judge(facts) {
    const absent = noDriverWhereItRan(facts)
    if (absent) return excluded(absent)
    const driver = facts.driverCuda
    if (!driver) return OPEN
    const newer = facts.runtimeCudas.find((r) => compareCuda(r.cuda, driver.cuda) > 0)
    if (newer) return confirmed(`${driver.source} (${formatCuda(driver.cuda)}) < ${newer.source} (${formatCuda(newer.cuda)})`)
    if (facts.runtimeCudas.length > 0) return excluded(`${driver.source} (${formatCuda(driver.cuda)}) ≥ ${runtimes(facts)}`)
    // No runtime stated: a driver that runs the newest CUDA there is cannot be older than it.
    const newest = parseCudaVersion(newestDriverCuda(compatData()))
    if (newest && compareCuda(driver.cuda, newest) >= 0) return excluded(`${driver.source} (${formatCuda(driver.cuda)}): the newest CUDA`)
    return OPEN
  },
}

const DRIVER_NOT_LOADED_BY_PROGRAM: Candidate = {
  id: (facts) => (facts.dockerRunWithoutGpu ? 'container-missing-gpu-env' : 'driver-library-not-visible'),
  judge(facts) {
    const absent = noDriverWhereItRan(facts)
    return absent ? confirmed(absent) : OPEN
  },
  params: (facts) => ({
    driverCuda: facts.driverCuda ? formatCuda(facts.driverCuda.cuda) : '?',
    runtimeCuda: facts.runtimeCudas[0] ? formatCuda(facts.runtimeCudas[0].cuda) : '?',
  }),
}

// ---- "no kernel image is available for execution on the device"

// PyTorch's own word that its build has no code for the GPU: "… with CUDA capability sm_120 is not compatible with the
// current PyTorch installation", or for an old GPU "PyTorch no longer supports this GPU because it is too old".
const SM_NOT_COMPATIBLE = /with CUDA capability sm_\d+ is not compatible|PyTorch no longer supports this GPU because it is too old/i
const NO_KERNEL_IMAGE = /no kernel image is available|invalid device function|CUDA_ERROR_NO_BINARY_FOR_GPU|cudaErrorNoKernelImageForDevice/i
// A CUDA source file named on the error's line; PyTorch's own kernels live under aten/, c10/, torch/csrc, caffe2.
const CUDA_SOURCE = /\.cu\b/g
const TORCH_SOURCE = /(?:^|[\\/])(?:aten|c10|caffe2)[\\/]|torch[\\/]csrc/

/** The start of the path token that ends at `end` (read back to a blank, quote, bracket or parenthesis). */
function tokenBefore(line: string, end: number): string {
  let start = end
  while (start > 0 && end - start < 300 && !/[\s"'`([\]]/.test(line[start - 1]!)) start--
  return line.slice(start, end)
}

/**
 * The CUDA source of the kernel that failed, when a "no kernel image" line names one that is not PyTorch's
 * (`(NMSCUDAKernelLauncher at ./mmcv/ops/csrc/pytorch/nms_cuda.cu:50)`, `[error][simple_yolo.cu:556]`): the kernel is an
 * extension's or the program's own. Line by line, each `.cu` read back once.
 */
function extensionSource(text: string): string | null {
  for (const line of text.split('\n', MAX_LINES)) {
    if (!NO_KERNEL_IMAGE.test(line)) continue
    for (const m of line.matchAll(CUDA_SOURCE)) {
      const path = `${tokenBefore(line, m.index)}.cu`
      if (path.length > 3 && !TORCH_SOURCE.test(path)) return line.trim().slice(0, MAX_LINE)
    }
  }
  return null
}

const WHEEL_LACKS_ARCH: Candidate = {
  id: () => 'gpu-arch-not-in-wheel',
  judge(facts, text) {
    const said = SM_NOT_COMPATIBLE.exec(text)
    if (said) return confirmed(said[0])
    const cover = wheelCoversGpu(facts)
    if (cover) return cover.covered ? excluded(cover.because) : confirmed(cover.because)
    const source = extensionSource(text)
    return source ? excluded(`the kernel that failed is not PyTorch's: ${source}`) : OPEN
  },
}

const EXTENSION_LACKS_ARCH: Candidate = {
  id: () => 'extension-arch-missing',
  judge(facts, text) {
    if (SM_NOT_COMPATIBLE.test(text)) return excluded('PyTorch says the GPU is not compatible with its build')
    const source = extensionSource(text)
    if (source) return confirmed(source)
    const cover = wheelCoversGpu(facts)
    if (!cover) return OPEN
    return cover.covered ? confirmed(cover.because) : excluded(cover.because)
  },
  params(facts): Record<string, string> {
    const cover = wheelCoversGpu(facts)
    return cover ? { gpu: cover.gpu, arch: cover.arch, torch: cover.torch } : {}
  },
}

// ---- "Unable to determine the device handle for GPU …: Unknown Error"

const OFF_THE_BUS = /fallen off (?:of )?the bus|\bXid\b.{0,40}\b79\b|GPU is lost/i
const VERSION_MISMATCH = /Driver\/library version mismatch/i

const GPU_OFF_BUS: Candidate = {
  id: () => 'gpu-fallen-off-bus',
  judge: (_facts, text) => (OFF_THE_BUS.exec(text) ? confirmed(OFF_THE_BUS.exec(text)![0]) : OPEN),
}

const LIBRARY_MISMATCH: Candidate = {
  id: () => 'nvml-driver-library-mismatch',
  judge: (_facts, text) => (VERSION_MISMATCH.test(text) ? confirmed('Driver/library version mismatch') : OPEN),
}

const TCC_WDDM_UNDER_WSL: Candidate = {
  id: () => 'wsl-gpu-in-tcc-mode',
  judge(facts, text) {
    const wsl = placeLine(facts, 'wsl')
    if (!wsl) return excluded('not WSL')
    return /\bTCC\b/.test(text) ? confirmed(`${wsl} · TCC`) : OPEN
  },
}

// ---- "libcuda.so.1: cannot open shared object file": the driver's own library, never part of a wheel

const CONTAINER_WITHOUT_GPU: Candidate = {
  id: () => 'container-missing-gpu-env',
  judge(facts) {
    const absent = noDriverWhereItRan(facts)
    if (absent) return confirmed(absent)
    return placeLine(facts, 'wsl') ? excluded('WSL') : OPEN
  },
}

const WSL_LOADER_PATH: Candidate = {
  id: () => 'wsl-libcuda-not-on-loader-path',
  judge(facts) {
    const wsl = placeLine(facts, 'wsl')
    return wsl ? confirmed(wsl) : excluded('not WSL')
  },
}

const NO_DRIVER_ON_HOST: Candidate = {
  id: () => 'driver-not-loaded',
  judge: (facts) => (noDriverWhereItRan(facts) || placeLine(facts, 'wsl') ? excluded('the driver is elsewhere') : OPEN),
}

// ---- "Found no NVIDIA driver on your system" (PyTorch), "couldn't communicate with the NVIDIA driver" (nvidia-smi):
// no driver answered. That is a driver not loaded only where there is a GPU to drive; a machine without an NVIDIA GPU,
// or a job or container given none, says the same.

/** A line of the paste that shows an NVIDIA GPU on the machine: its name, lspci, /dev/nvidiaN, a kernel NVRM line. */
function gpuSeen(facts: PasteFacts): string | null {
  const smi = facts.driverCuda?.source.startsWith('nvidia-smi') ? facts.driverCuda.source : null
  return facts.sheet.gpuSeen?.line ?? (facts.gpuNames[0] ? `GPU ${facts.gpuNames[0]}` : smi)
}

/** A scheduler job or a container: where a GPU must be requested to be seen. */
function jobOrContainer(facts: PasteFacts): string | null {
  return facts.sheet.places.find((p) => p.value === 'slurm' || p.value === 'kubernetes' || p.value === 'container')?.line ?? null
}

const DRIVER_NOT_RUNNING: Candidate = {
  id: () => 'driver-not-loaded',
  judge(facts) {
    if (facts.wsl1) return excluded(facts.wsl1)
    if (noDriverWhereItRan(facts)) return excluded(noDriverWhereItRan(facts)!)
    const missing = facts.sheet.moduleMissing?.line
    if (missing) return confirmed(missing)
    const seen = gpuSeen(facts)
    if (seen && !jobOrContainer(facts)) return confirmed(seen)
    return OPEN
  },
}

const NO_GPU_IN_MACHINE: Candidate = {
  id: () => 'no-nvidia-gpu',
  judge(facts) {
    if (facts.wsl1) return excluded(facts.wsl1)
    const seen = gpuSeen(facts)
    if (seen) return excluded(seen)
    // A person's word that there is none decides; an Intel or AMD graphics line alone does not (a hybrid laptop's
    // summary names the integrated GPU only).
    const stated = facts.sheet.noNvidiaGpuStated
    return stated ? confirmed(stated.line) : OPEN
  },
  // The message's paste wording: a suspect of a paste, not the PCI bus read on this machine.
  params: () => ({ route: 'paste' }),
  // Only Intel or AMD graphics named, and no NVIDIA GPU anywhere in the paste.
  leaning: (facts) => (gpuSeen(facts) ? null : (facts.sheet.otherGraphics?.line ?? null)),
}

const NO_GPU_GIVEN_TO_JOB: Candidate = {
  id: (facts) => (placeLine(facts, 'slurm') || placeLine(facts, 'kubernetes') ? 'job-without-gpu' : 'container-missing-gpu-env'),
  judge(facts) {
    const absent = noDriverWhereItRan(facts)
    if (absent) return confirmed(absent)
    const run = facts.sheet.runCommand
    if (run && !placeLine(facts, 'slurm') && !placeLine(facts, 'kubernetes')) return excluded(`${run.line}: started with a GPU request`)
    // Not said when the paste shows no job or container: it would be a guess about where the program ran.
    return jobOrContainer(facts) ? OPEN : { state: 'excluded', because: null }
  },
}

// ---- Docker's `could not select device driver "" with capabilities: [[gpu]]`: no runtime in Docker answered for
// `--gpus`. The Container Toolkit missing (or Docker not restarted after it) where there is a GPU; or no NVIDIA GPU at all.

const DOCKER_WITHOUT_TOOLKIT: Candidate = {
  id: () => 'docker-gpu-support-missing',
  judge(facts) {
    const seen = gpuSeen(facts)
    if (seen) return confirmed(seen)
    const stated = facts.sheet.noNvidiaGpuStated
    return stated ? excluded(stated.line) : OPEN
  },
}

// ---- nvidia-container-cli's "WSL environment detected but no adapters were found": WSL gave Linux no GPU. WSL 1 has
// none to give; WSL 2 has none on a machine without an NVIDIA GPU (or without its Windows driver).

const WSL2 = /\bWSL ?2\b|microsoft-standard-WSL2|^[ \t]{0,8}\*?[ \t]{0,8}[\w.-]{1,60}[ \t]{1,40}(?:Running|Stopped)[ \t]{1,40}2[ \t]*$/im

const WSL_ONE: Candidate = {
  id: () => 'wsl1-has-no-gpu',
  judge(facts, text) {
    if (facts.wsl1) return confirmed(facts.wsl1)
    const two = WSL2.exec(text)
    return two ? excluded(two[0]) : OPEN
  },
}

// ---- "No CUDA GPUs are available" / "no CUDA-capable device is detected": the process saw no device. A
// CUDA_VISIBLE_DEVICES that hides them, or, where the paste shows a job or a container, one given no GPU.

const VISIBLE_DEVICES_HIDE: Candidate = {
  id: () => 'cuda-visible-devices-misconfigured',
  judge(facts) {
    // WSL 1 has no GPU to hide (cross-check-causes.ts says so).
    if (facts.wsl1) return excluded(facts.wsl1)
    const absent = noDriverWhereItRan(facts)
    if (absent) return excluded(absent)
    const set = facts.sheet.visibleDevices
    if (!set) return OPEN
    // An empty value hides every GPU; another value decides only outside a job, which may have been given none.
    const job = placeLine(facts, 'slurm') ?? placeLine(facts, 'kubernetes')
    return set.value === '' || !job ? confirmed(set.line) : OPEN
  },
}

// The driver's module not running where the program ran (a kernel updated without a reboot, a module that did not
// load): decided only by a line that says the module is missing; a GPU in the paste does not decide it here, since
// a working nvidia-smi beside "no device" points elsewhere.
const DRIVER_DOWN_FOR_NO_DEVICE: Candidate = {
  id: () => 'driver-not-loaded',
  judge(facts) {
    if (facts.wsl1) return excluded(facts.wsl1)
    const missing = facts.sheet.moduleMissing?.line
    return missing ? confirmed(missing) : OPEN
  },
}

const JOB_GIVEN_NO_DEVICE: Candidate = {
  id: (facts) => (noDriverWhereItRan(facts) || !(placeLine(facts, 'slurm') || placeLine(facts, 'kubernetes')) ? 'container-missing-gpu-env' : 'job-without-gpu'),
  judge(facts) {
    if (facts.wsl1) return excluded(facts.wsl1)
    const absent = noDriverWhereItRan(facts)
    if (absent) return confirmed(absent)
    const job = placeLine(facts, 'slurm') ?? placeLine(facts, 'kubernetes')
    return job ? OPEN : { state: 'excluded', because: null }
  },
}

export const DIFFERENTIALS: readonly Differential[] = [
  {
    // PyTorch's cuInit failure ("CUDA driver initialization failed, you might not have a CUDA gpu") says the same.
    message: /Found no NVIDIA driver on your system|couldn't communicate with the NVIDIA driver|CUDA driver initialization failed/i,
    replaces: ['driver-not-loaded'],
    candidates: [DRIVER_NOT_RUNNING, NO_GPU_IN_MACHINE, NO_GPU_GIVEN_TO_JOB],
    undecided: 'no-driver-or-gpu-undecided',
  },
  {
    message: /could not select device driver "[^"\n]{0,40}" with capabilities: \[\[gpu\]\]/i,
    replaces: ['docker-gpu-support-missing'],
    candidates: [DOCKER_WITHOUT_TOOLKIT, NO_GPU_IN_MACHINE],
    undecided: 'docker-gpu-undecided',
  },
  {
    message: /WSL environment detected but no adapters were found/i,
    replaces: ['wsl1-has-no-gpu', 'no-nvidia-gpu'],
    candidates: [WSL_ONE, NO_GPU_IN_MACHINE],
    undecided: 'wsl-no-adapters-undecided',
  },
  {
    message: /driver version is insufficient for CUDA runtime version|CUDA_ERROR_INSUFFICIENT_DRIVER|cudaErrorInsufficientDriver/i,
    replaces: ['driver-too-old-for-cuda-runtime', 'driver-library-not-visible', 'container-missing-gpu-env'],
    candidates: [DRIVER_OLDER_THAN_RUNTIME, DRIVER_NOT_LOADED_BY_PROGRAM],
    undecided: 'driver-insufficient-undecided',
  },
  {
    message: /No CUDA GPUs are available|no CUDA-capable device is detected|CUDA_ERROR_NO_DEVICE\b|cudaErrorNoDevice\b/i,
    replaces: ['cuda-visible-devices-misconfigured', 'container-missing-gpu-env'],
    // No device seen by CUDA: hidden by the variable, not given to the job, the driver not running, or none there.
    candidates: [VISIBLE_DEVICES_HIDE, JOB_GIVEN_NO_DEVICE, DRIVER_DOWN_FOR_NO_DEVICE, NO_GPU_IN_MACHINE],
    undecided: 'no-device-undecided',
  },
  {
    // "invalid device function" is the same refusal as CUDA before 9.2 worded it.
    message: /no kernel image is available for execution on the device|invalid device function|CUDA_ERROR_NO_BINARY_FOR_GPU|cudaErrorNoKernelImageForDevice/i,
    replaces: ['gpu-arch-not-in-wheel', 'extension-arch-missing'],
    candidates: [WHEEL_LACKS_ARCH, EXTENSION_LACKS_ARCH],
    undecided: 'no-kernel-image-undecided',
  },
  {
    message: /Unable to determine the device handle/i,
    replaces: ['gpu-fallen-off-bus', 'nvml-driver-library-mismatch', 'wsl-gpu-in-tcc-mode'],
    candidates: [GPU_OFF_BUS, LIBRARY_MISMATCH, TCC_WDDM_UNDER_WSL],
    undecided: 'device-handle-undecided',
  },
  {
    message: /libcuda\.so\.1: cannot open shared object file/i,
    replaces: ['torch-import-library-missing', 'container-missing-gpu-env', 'wsl-libcuda-not-on-loader-path', 'driver-not-loaded', 'driver-library-not-visible'],
    candidates: [CONTAINER_WITHOUT_GPU, WSL_LOADER_PATH, NO_DRIVER_ON_HOST],
    undecided: 'libcuda-missing-undecided',
  },
]

const MAX_LINE = 500
const MAX_LINES = 200_000

/** The last line that carries `message` (a wrapper that quotes an error comes before it; the error itself last). */
function messageLine(lines: readonly string[], message: RegExp): string | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!
    if (message.test(line.length > MAX_LINE * 4 ? line.slice(0, MAX_LINE * 4) : line)) return line.trim().slice(0, MAX_LINE)
  }
  return null
}

function shown(candidate: Candidate, facts: PasteFacts, severity: Severity, evidence: string, earlier: readonly Finding[]): Finding {
  const id = candidate.id(facts)
  const params = candidate.params?.(facts) ?? {}
  const before = earlier.find((f) => f.id === id)
  return before ? remakeFinding(before, severity, { ...params, ...before.params }, evidence) : makeFinding(id, severity, params, evidence)
}

function verdictOf(d: Differential, line: string, facts: PasteFacts, text: string, earlier: readonly Finding[]): Finding[] {
  const judged = d.candidates.map((c) => ({ c, v: c.judge(facts, text) }))
  const sure = judged.filter((j) => j.v.state === 'confirmed')
  if (sure.length > 0) return sure.map((j, i) => shown(j.c, facts, i === 0 ? 'error' : 'warning', `${line} — ${j.v.because ?? ''}`, earlier))
  const open = judged.filter((j) => j.v.state === 'open')
  const ruledOut = judged.flatMap((j) => (j.v.state === 'excluded' && j.v.because ? [j.v.because] : []))
  if (open.length === 1) return [shown(open[0]!.c, facts, 'error', [line, ...ruledOut].join(' — '), earlier)]
  if (open.length === 0) return []
  // Open candidates a fact leans towards come first (stable otherwise), their evidence saying which line.
  const ranked = open.map((j) => ({ ...j, lean: j.c.leaning?.(facts) ?? null })).sort((a, b) => Number(b.lean !== null) - Number(a.lean !== null))
  const causes = ranked.map((j) => j.c.id(facts)).join(', ')
  return [makeFinding(d.undecided, 'warning', { causes }, line), ...ranked.map((j) => shown(j.c, facts, 'warning', j.lean ? `${line} — ${j.lean}` : line, earlier))]
}

/**
 * Replaces what the rules said about each message a differential knows with the differential's verdict over the
 * whole paste. Findings about other messages pass unchanged.
 */
export function weighCauses(findings: readonly Finding[], facts: PasteFacts, text: string): Finding[] {
  const lines = text.split('\n', MAX_LINES)
  let out = [...findings]
  for (const d of DIFFERENTIALS) {
    // The message on one line, or in the evidence of a rule that read it across a hard wrap.
    const line = messageLine(lines, d.message) ?? out.find((f) => d.replaces.includes(f.id as FindingId) && d.message.test(f.evidence ?? ''))?.evidence ?? null
    if (line === null) continue
    const verdict = verdictOf(d, line, facts, text, out)
    out = [...out.filter((f) => !d.replaces.includes(f.id as FindingId) && f.id !== d.undecided), ...verdict]
  }
  return out
}
