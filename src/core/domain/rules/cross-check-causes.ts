import type { Finding, Severity } from '../../../shared/diagnosis'
import { compareCuda, formatCuda } from '../../knowledge/compat/cuda-version'
import { makeFinding } from '../findings/finding-catalog'
import type { PasteFacts, StatedCuda } from './paste-facts'
import { wheelCoversGpu } from './wheel-coverage'

/** What the rest of a paste says against a candidate cause, and what it points to instead. */
interface Contradiction {
  /** The facts, verbatim, that contradict the candidate (the evidence of what replaces it). */
  because: string
  /** The cause the facts point to; null when they only rule the candidate out. */
  instead: Finding | null
  /** Keep the candidate at this severity instead of dropping it (the facts weaken it but do not rule it out). */
  keepAs?: Severity
}

/** One cross-check: a candidate cause and the facts that would contradict it. */
interface CauseCheck {
  id: string
  check(finding: Finding, facts: PasteFacts, text: string): Contradiction | null
}

const list = (cudas: StatedCuda[]) => cudas.map((c) => `${c.source} (${formatCuda(c.cuda)})`).join('; ')

// The driver library the program loaded was not the driver nvidia-smi talks to: a container without
// the GPU injected, or no libcuda on the loader path.
function driverNotVisible(facts: PasteFacts, because: string): Finding {
  if (facts.dockerRunWithoutGpu) return makeFinding('container-missing-gpu-env', 'error', {}, `${facts.dockerRunWithoutGpu} — ${because}`)
  return makeFinding(
    'driver-library-not-visible',
    'error',
    { driverCuda: facts.driverCuda ? formatCuda(facts.driverCuda.cuda) : '?', runtimeCuda: facts.runtimeCudas[0] ? formatCuda(facts.runtimeCudas[0].cuda) : '?' },
    because,
  )
}

const DRIVER_TOO_OLD: CauseCheck = {
  id: 'driver-too-old-for-cuda-runtime',
  check(_finding, facts) {
    // The driver tools were missing where the program ran, or the container got no GPU: the "driver" the runtime found was none.
    const absent = facts.dockerRunWithoutGpu ?? (facts.container && facts.driverToolsMissing ? `${facts.container}: ${facts.driverToolsMissing}` : null)
    if (absent) return { because: absent, instead: driverNotVisible(facts, absent) }
    const driver = facts.driverCuda
    if (!driver || facts.runtimeCudas.length === 0) return null
    if (!facts.runtimeCudas.every((r) => compareCuda(driver.cuda, r.cuda) >= 0)) return null
    const because = `${driver.source} (${formatCuda(driver.cuda)}) ≥ ${list(facts.runtimeCudas)}`
    return { because, instead: driverNotVisible(facts, because) }
  },
}

/** PyTorch named as what ran: its import, its files, its libraries (libtorch*, libc10*) or its name. */
const TORCH_IN_PASTE = /\bimport torch\b|\bfrom torch\b|[\\/]torch[\\/]|\blib(?:torch|c10)\w{0,30}\.so|\bpytorch\b/i

// A library that fails to load for another package (onnxruntime, TensorRT): PyTorch's bundled copies are not in question.
const BUNDLED_CUDNN: CauseCheck = {
  id: 'bundled-cudnn-not-found',
  check(finding, facts, text) {
    const pkg = facts.failingImport?.value
    if (!pkg) {
      // Nothing in the paste says PyTorch loaded it (no import, frame, version or wheel of torch, no torch library in an
      // ldd listing): the library is missing for certain, whose it is the paste does not say.
      const torchShown = facts.sheet.torch !== null || facts.torchWheels.length > 0 || TORCH_IN_PASTE.test(text) || /torch/i.test(String(finding.params.file ?? ''))
      if (torchShown) return null
      const library = String(finding.params.library ?? '?')
      const because = `${finding.evidence ?? library}: nothing in the paste shows PyTorch loading it`
      return { because, instead: makeFinding('library-not-found', finding.severity, { library, file: String(finding.params.file ?? library) }, because) }
    }
    if (/^torch(?:\.|$)/.test(pkg)) return null
    const because = `${facts.failingImport!.line.slice(0, 300)} — ${finding.evidence ?? ''}`.trim()
    // TensorFlow's loader logs it and goes on without the GPU ("Ignore above … if you do not have a GPU"): a warning, as
    // its own rule says it.
    const severity = /Could not load dynamic library/i.test(facts.failingImport!.line) ? 'warning' : 'error'
    return { because, instead: makeFinding('library-missing-for-package', severity, { package: pkg, library: finding.params.library ?? '?' }, because) }
  },
}

// "Torch not compiled with CUDA enabled" beside a CUDA wheel: likely another interpreter ran; the CPU build stays a suspect, weaker.
// A `+cpu` version beside torch named as a CUDA build is another package's: a suspect too, not the cause.
const CPU_ONLY: CauseCheck = {
  id: 'cpu-only-torch-build',
  check(finding, facts) {
    // torch itself named as a CUDA build (`torch==2.0.1+cu118`): a `+cpu` elsewhere is torchvision's or torchaudio's.
    const torch = facts.sheet.torch
    if (torch && /\+cu\d+$/i.test(torch.value)) return { because: `${torch.line}: torch is a CUDA build`, instead: null, keepAs: 'warning' }
    if (/\+cpu\b/i.test(finding.evidence ?? '') || facts.torchWheels.some((w) => /\+cpu$/i.test(w))) return null
    const cuda = facts.torchWheels.find((w) => /\+cu\d+$/.test(w))
    return cuda ? { because: `torch ${cuda} is a CUDA build`, instead: null, keepAs: 'warning' } : null
  },
}

// "No driver" under WSL 1: there is no GPU in WSL 1 at all, whatever driver Windows has.
const NO_DRIVER_ON_WSL1: CauseCheck = {
  id: 'driver-not-loaded',
  check(finding, facts) {
    if (!facts.wsl1) return null
    const because = `${facts.wsl1}: ${finding.evidence ?? ''}`
    return { because, instead: makeFinding('wsl1-has-no-gpu', 'error', {}, because) }
  },
}

// NCCL's "unhandled system error" is its generic ncclSystemError (a failed system or library call: shared memory,
// sockets, devices). Only an NCCL line about the network makes the interface the cause; else it stays a suspect.
const NCCL_NETWORK_FROM_GENERIC_ERROR: CauseCheck = {
  id: 'nccl-wrong-network-interface',
  check(finding, facts) {
    if (!/unhandled system error/i.test(finding.evidence ?? '') || facts.ncclNetwork) return null
    return { because: 'no NCCL line names the network (ncclSystemError also covers shared memory and devices; rerun with NCCL_DEBUG=WARN)', instead: null, keepAs: 'warning' }
  },
}

// "all CUDA-capable devices are busy or unavailable" (error 46) is an exclusive compute mode only where the paste shows
// that mode; else it is as likely a GPU the program cannot use (too old for its build, in a bad state).
const EXCLUSIVE_MODE: CauseCheck = {
  id: 'exclusive-compute-mode-busy',
  check(_finding, facts) {
    const mode = facts.sheet.computeMode
    if (mode && /E\. |Exclusive|Prohibited/i.test(mode.value)) return null
    const because = mode
      ? `compute mode ${mode.value} (${mode.line})`
      : 'the paste does not show the compute mode (`nvidia-smi --query-gpu=compute_mode --format=csv`); a GPU too old for the program\'s build says the same'
    return { because, instead: null, keepAs: 'warning' }
  },
}

// A DLL of a CUDA shim that is not NVIDIA's (ZLUDA on AMD, ROCm/HIP): the Visual C++ / reinstall-torch fix is for
// NVIDIA's CUDA DLLs, so it is not said; the raw line stays for the reader.
const DLL_OF_CUDA_SHIM: CauseCheck = {
  id: 'windows-dll-load-failure',
  check(_finding, facts) {
    const shim = facts.sheet.cudaShim
    return shim ? { because: shim.line, instead: null } : null
  },
}

// "no kernel image" is weighed by the differential (differential.ts), against the wheel's architectures and the GPU.
const CHECKS: readonly CauseCheck[] = [DRIVER_TOO_OLD, BUNDLED_CUDNN, CPU_ONLY, NO_DRIVER_ON_WSL1, NCCL_NETWORK_FROM_GENERIC_ERROR, EXCLUSIVE_MODE, DLL_OF_CUDA_SHIM]

// Causes that only the facts together show: a container that got no GPU, where the program then saw none.
const NO_GPU_SYMPTOM = /is_available\(\)[\s\S]{0,60}?\b(?:False|Flase)\b|No CUDA GPUs are available|no CUDA-capable device|insufficient for CUDA runtime|nvidia-smi: (?:command )?not found|nvcc and nvidia-smi not found/i
// PyTorch saw no GPU: `is_available()` answered False (either word order: "returns false … is_available()").
const NOT_AVAILABLE = /is_available\(\)[^\n]{0,60}?\b(?:False|Flase)\b|\b(?:returns?|returned|gives?|got|is) false\b[\s\S]{0,80}?is_available\(\)|Is CUDA available: False|No CUDA GPUs are available/i

function containerWithoutGpu(facts: PasteFacts, text: string): Finding[] {
  const started = facts.dockerRunWithoutGpu
  const insideWithoutTools = facts.container && facts.driverToolsMissing ? `${facts.container}: ${facts.driverToolsMissing}` : null
  const evidence = started ?? insideWithoutTools
  if (!evidence || !NO_GPU_SYMPTOM.test(text)) return []
  return [makeFinding('container-missing-gpu-env', 'error', {}, evidence)]
}

/** A CPU-only build the package list states (conda's `cpu_*` build string, `cpuonly`, `pytorch-mutex … cpu`). */
function cpuBuildListed(facts: PasteFacts): Finding[] {
  const cpu = facts.sheet.torchCpuOnly
  return cpu ? [makeFinding('cpu-only-torch-build', 'error', { torch: cpu.value }, cpu.line)] : []
}

/** No GPU for PyTorch beside a CUDA_VISIBLE_DEVICES the paste sets: the variable may hide the GPU (a suspect, not proof). */
function visibleDevicesSet(facts: PasteFacts, text: string): Finding[] {
  const set = facts.sheet.visibleDevices
  if (!set || !NOT_AVAILABLE.test(text)) return []
  return [makeFinding('cuda-visible-devices-misconfigured', 'warning', { value: set.value }, `${set.line} — torch.cuda.is_available() is False`)]
}

/** A Jetson where PyTorch sees no GPU: the aarch64 wheels on PyPI are CPU-only; Jetson needs NVIDIA's JetPack build. */
function jetsonWheel(facts: PasteFacts, text: string): Finding[] {
  const jetson = facts.sheet.places.find((p) => p.value === 'jetson')
  if (!jetson || facts.torchWheels.some((w) => /\+cu/i.test(w)) || !NOT_AVAILABLE.test(text)) return []
  const because = `${jetson.line} — the aarch64 PyTorch wheels on PyPI are CPU-only; a Jetson needs NVIDIA's JetPack build of PyTorch`
  return [makeFinding('cpu-only-torch-build', 'warning', {}, because)]
}

// "no kernel image" is weighed by the differential, which reads the same coverage.
const NO_KERNEL_IMAGE = /no kernel image is available|invalid device function|CUDA_ERROR_NO_BINARY_FOR_GPU|cudaErrorNoKernelImageForDevice/i

/**
 * The PyTorch wheel the paste names has no code for the GPU it names (an old GPU below the wheel's oldest architecture,
 * a new one above its newest), even where the error does not say "no kernel image": a warning (a second, covered GPU
 * may be the one in use).
 */
function wheelWithoutGpuArch(facts: PasteFacts, text: string): Finding[] {
  if (NO_KERNEL_IMAGE.test(text)) return []
  const cover = wheelCoversGpu(facts)
  if (!cover || cover.covered) return []
  return [makeFinding('gpu-arch-not-in-wheel', 'warning', { gpu: cover.gpu, arch: cover.arch, torch: cover.torch }, cover.because)]
}

/**
 * nvidia-smi shows the GPU's memory in use while its process table lists nothing: the holders run in another PID
 * namespace (a container, or nvidia-smi inside one) or are gone without freeing it. Said beside whatever else the paste
 * shows (an out-of-memory error is then explained by memory the table does not show).
 */
function memoryHeldUnlisted(facts: PasteFacts): Finding[] {
  const { memoryHeld, noProcessesListed } = facts.sheet
  if (!memoryHeld || !noProcessesListed) return []
  return [makeFinding('container-processes-hidden', 'warning', {}, `${memoryHeld.line} — ${noProcessesListed.line}`)]
}

/** WSL 1 has no GPU to give: it explains any "no GPU" the paste shows (PyTorch's False, no device, no adapter). */
function wsl1WithoutGpu(facts: PasteFacts, text: string): Finding[] {
  if (!facts.wsl1 || !(NO_GPU_SYMPTOM.test(text) || NOT_AVAILABLE.test(text))) return []
  return [makeFinding('wsl1-has-no-gpu', 'error', {}, facts.wsl1)]
}

function causesFromFacts(facts: PasteFacts, text: string): Finding[] {
  return [
    ...wsl1WithoutGpu(facts, text),
    ...memoryHeldUnlisted(facts),
    ...containerWithoutGpu(facts, text),
    ...cpuBuildListed(facts),
    ...visibleDevicesSet(facts, text),
    ...jetsonWheel(facts, text),
    ...wheelWithoutGpuArch(facts, text),
  ]
}

/**
 * The cross-check stage: each candidate cause is held against what the rest of the paste states
 * (paste-facts.ts). A contradicted candidate is dropped, or kept at a lower severity, and the cause
 * the facts point to takes its place with the contradicting facts as its evidence. Candidates no
 * check concerns pass unchanged; causes only the facts together show are added.
 */
export function crossCheckCauses(findings: Finding[], facts: PasteFacts, text: string): Finding[] {
  const out: Finding[] = []
  for (const finding of findings) {
    const contradiction = CHECKS.filter((c) => c.id === finding.id)
      .map((c) => c.check(finding, facts, text))
      .find((c) => c !== null)
    if (!contradiction) {
      out.push(finding)
      continue
    }
    if (contradiction.keepAs) out.push({ ...finding, severity: contradiction.keepAs, evidence: `${finding.evidence ?? ''} — ${contradiction.because}` })
    if (contradiction.instead) out.push(contradiction.instead)
  }
  // A cause already named for the same facts (the driver not visible) is not said twice.
  const named = (id: string) => out.some((f) => f.id === id || (id === 'container-missing-gpu-env' && f.id === 'driver-library-not-visible'))
  for (const added of causesFromFacts(facts, text)) if (!named(added.id)) out.push(added)
  return out
}
