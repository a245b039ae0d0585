/**
 * The fact sheet of a paste: what it states about the machine, read line by line in whatever form the line has
 * (`Name: value`, `name==value`, `name   value   build`, nvidia-smi `-q`'s `Driver Version   : 565.77`, nvcc's
 * banner), each fact with the line it came from. The readers are tolerant in the key (any spelling, case, spacing)
 * and strict in the value (a driver is `NNN.NN[.NN]`, a CUDA `N.N`): a fact read loosely would rule out a true cause.
 * Every pattern is tried once per line, from the line's start, on at most MAX_LINE characters: linear in the paste.
 */

/** One fact and the line of the paste that states it. */
export interface Fact {
  value: string
  line: string
}

/** Where the program ran, as far as a line of the paste says. */
export type Place = 'container' | 'wsl' | 'slurm' | 'kubernetes' | 'jetson'

export interface FactSheet {
  /** The NVIDIA driver version ("565.77"). */
  driver: Fact | null
  /** The CUDA runtime the program uses (collect_env's "CUDA runtime version", a `cudart` line). */
  cudaRuntime: Fact | null
  /** The CUDA toolkit installed (nvcc's "release 12.4", a `cudatoolkit` package). */
  cudaToolkit: Fact | null
  /** The CUDA version nvidia-smi `-q` states for the driver ("CUDA Version : 12.7"); only beside an nvidia-smi report. */
  smiCuda: Fact | null
  /** The PyTorch version as written ("2.5.1+cu124", "2.1.0"). */
  torch: Fact | null
  /** The CUDA PyTorch was built for: its `+cuXYZ`, conda's `cuda12.1` build string, "CUDA used to build PyTorch". */
  torchCuda: Fact | null
  /** The build is CPU-only (`+cpu`, conda's `cpu_*` / `cpuonly`). */
  torchCpuOnly: Fact | null
  cudnn: Fact | null
  nccl: Fact | null
  python: Fact | null
  /** Where it ran, each place once, with the first line that says so. */
  places: Array<Fact & { value: Place }>
  /** The `docker run` / `podman run` command line (its first line). */
  runCommand: Fact | null
  /** A line that shows an NVIDIA GPU on the machine: lspci's NVIDIA controller, a /dev/nvidiaN device, a kernel NVRM line. */
  gpuSeen: Fact | null
  /** A line that shows the NVIDIA kernel module is not installed or not accepted (`modprobe: FATAL: Module nvidia not found`). */
  moduleMissing: Fact | null
  /** A `CUDA_VISIBLE_DEVICES=…` assignment (export, set, a prefix of a command), value as written. */
  visibleDevices: Fact | null
  /** The GPU's compute mode as nvidia-smi shows it (`E. Process`, `Exclusive_Process`, `Prohibited`, `Default`). */
  computeMode: Fact | null
  /** A path or name of a CUDA shim that is not NVIDIA's (ZLUDA, ROCm/HIP): NVIDIA's fixes do not apply there. */
  cudaShim: Fact | null
  /** An nvidia-smi table row whose GPU memory is mostly in use (at least 1 GiB and a quarter of the total), value "used/total MiB". */
  memoryHeld: Fact | null
  /** nvidia-smi's process table listing nothing ("No running processes found"). */
  noProcessesListed: Fact | null
  /** The paste says in words that the machine has no NVIDIA GPU ("it doesn't have an NVIDIA graphics card"). */
  noNvidiaGpuStated: Fact | null
  /** A line naming the machine's graphics as Intel's or AMD's (lspci, a system summary): only decisive with no NVIDIA GPU seen. */
  otherGraphics: Fact | null
}

const MAX_LINE = 400
const MAX_LINES = 200_000

// `Key: value`, `key == value`, `key = value`: a key of letters, digits and a few separators, then a version. Anchored
// at the line's start (no m flag, one start per line) with bounded repeats: constant work per line.
const KEY_VALUE = /^[\s|*>#•+-]{0,8}([A-Za-z][\w .()/-]{0,48}?)[ \t]{0,40}(?::|==|=)[ \t]{0,40}v?(\d[\w.+-]{0,40})/
// `name   version   build`: pip list, conda list.
const NAME_VERSION = /^[\s|*>#•+-]{0,8}([A-Za-z][\w.-]{0,48})[ \t]{1,40}v?(\d[\w.+-]{0,40})(?:[ \t]{1,40}(\S{1,80}))?/
const NVCC = /Cuda compilation tools, release (\d{1,2}\.\d{1,2})/i
const DRIVER_VALUE = /^\d{3}\.\d{1,3}(?:\.\d{1,3})?$/
const CUDA_VALUE = /^(\d{1,2}\.\d{1,2})(?:\.\d+)?$/
const WHEEL_SUFFIX = /\+(cu\d{2,3}|cpu)\b/i
const CONDA_CUDA = /(?:^|_)cuda(\d{1,2}\.\d{1,2})/i
// conda-forge's build string packs it: `cuda118_py310h…`, `cuda120_py311h…`.
const CONDA_FORGE_CUDA = /(?:^|_)cuda(\d{2})(\d)_/i
const CONDA_CPU = /(?:^|_)cpu(?:_|$)|^cpuonly/i
const SMI_REPORT = /NVSMI LOG|NVIDIA-SMI \d|Driver Version[ \t]*:/

const PLACES: ReadonlyArray<[Place, RegExp]> = [
  ['container', /\/\.dockerenv|^root@[0-9a-f]{12}:|\b(?:docker|podman) (?:run|exec)\b|\bnvidia-docker\b|\bsingularity (?:exec|run)\b|\bapptainer\b/],
  ['wsl', /microsoft-standard-WSL|\bWSL ?2?\b|\/usr\/lib\/wsl\//i],
  ['slurm', /\bsrun\b|\bsbatch\b|\bSLURM_[A-Z_]{2,30}|\bslurmstepd\b/],
  ['kubernetes', /\bkubectl\b|\bkubernetes\b|\bnvidia\.com\/gpu\b/i],
  ['jetson', /\bJetson\b|\bL4T\b|\btegra\b/i],
]
const RUN_COMMAND = /\b(?:docker|podman) run\b/
const GPU_SEEN = /(?:(?:VGA compatible|3D|Display) controller|Audio device)\b.{0,120}\bNVIDIA\b|\/dev\/nvidia\d|\bNVRM: /i
// The module is not installed, or the kernel refuses it (Secure Boot: "Key was rejected by service").
const MODULE_MISSING = /modprobe: FATAL: Module nvidia\S{0,40} not found|could not insert '?nvidia|NVIDIA kernel module missing|Key was rejected by service/i
// `export CUDA_VISIBLE_DEVICES=1`, `set CUDA_VISIBLE_DEVICES=0,1`, `CUDA_VISIBLE_DEVICES=2 python …`, `os.environ["CUDA_VISIBLE_DEVICES"] = "1"`.
// The value is the token as written (`$SLURM_LOCALID` too); empty only when nothing follows but a quote or the line's end.
const VISIBLE_DEVICES = /\bCUDA_VISIBLE_DEVICES['"]?\]?[ \t]{0,4}=[ \t]{0,4}['"]?([^\s'"`]{0,60})/
const COMPUTE_MODE = /\bE\. (?:Process|Thread)\b|\bExclusive_(?:Process|Thread)\b|\bCompute Mode[ \t]{0,40}:[ \t]{0,4}(\w+)|\|[^|]{0,40}\bProhibited\b/
// nvidia-smi's table row: "| 30%   40C    P8    15W / 200W |   7800MiB /  8192MiB |      0%      Default |".
const SMI_MEMORY = /\|[ \t]{0,40}(\d{1,7})MiB[ \t]{0,10}\/[ \t]{0,10}(\d{1,7})MiB[ \t]{0,40}\|/
const NO_PROCESSES = /No running processes found/i
const HELD_MIB = 1024
const CUDA_SHIM = /\bZLUDA\b|[\\/]ROCm[\\/]|\/opt\/rocm\b|\bHIP_PATH\b/i
// conda's CPU-only metapackages: `cpuonly 2.0 0 pytorch`, `pytorch-mutex 1.0 cpu pytorch`.
const CONDA_CPU_PACKAGE = /^[\s|*>#•+-]{0,8}(?:cpuonly[ \t]{1,40}\d|pytorch-mutex[ \t]{1,40}\S{1,20}[ \t]{1,40}cpu\b)/
// conda's other spellings of a package with its build: `pytorch=1.9.0=py3.8_cpu_0` (an export, an install spec),
// `pytorch/linux-64::pytorch-1.9.0-py3.8_cuda11.1_cudnn8.0.5_0` (an install plan), `pytorch-1.9.0-py3.8_cpu_0.tar.bz2`
// (a package file). One start per token (`(?<![\w.-])`), bounded parts.
const CONDA_SPEC = /(?<![\w.-])(?:[\w.-]{1,40}::)?(?:py)?torch[=-](\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)[=-]([\w.]{1,80})/
// A torch wheel's file name (pip's "Downloading torch-1.7.1-cp38-cp38-win_amd64.whl (184.0 MB)"): its local tag and platform.
const WHEEL_FILE = /(?<![\w.-])torch-(\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)(\+\w{1,20})?-cp\d{2,3}-[\w]{1,20}-(win_amd64|win32|macosx_\w{1,40}|[\w]{1,60})\.whl(?:[ \t]{0,4}\((\d{1,5}(?:\.\d{1,3})?)[ \t]?([kMG])B\))?/
// PyPI's torch wheels for Windows and macOS are CPU-only (a CUDA build for Windows comes from download.pytorch.org with
// a `+cuXYZ` tag, and weighs over a gigabyte): an untagged one of those platforms is the CPU build.
const CPU_ONLY_PLATFORM = /^(?:win_amd64|win32|macosx_)/
const CUDA_WHEEL_MB = 1000
// "doesn't have an NVIDIA graphics card", "there is no NVIDIA GPU", "without a dedicated GPU", "only Intel graphics".
// A person's sentence, not a program's "No NVIDIA GPU found" (which a broken driver prints too): "it doesn't have an NVIDIA
// graphics card", "there is no NVIDIA GPU", "without a dedicated GPU", "only Intel graphics". Bounded gaps, on one line.
const NO_NVIDIA_STATED =
  /\b(?:do(?:es)?(?: ?n[o']t| not)|did(?: ?n[o']t| not)|there(?: is|'s) no|(?:has|have) no|without)\b[^\n.]{0,24}?\b(?:NVIDIA[ \t]{0,4}(?:(?:GeForce|discrete|dedicated)[ \t]{1,4})?|(?:dedicated|discrete)[ \t]{1,4}(?:NVIDIA[ \t]{1,4})?)(?:GPUs?|graphics(?: card)?|card|video card)\b(?![ \t]{0,4}(?:support|access|acceleration|enabled|driver|passthrough))|\bonly (?:an? )?(?:integrated|Intel|AMD)\b[^\n.]{0,30}?\b(?:graphics|GPU)\b|\b(?:integrated|Intel|AMD|Radeon)\b[^\n.]{0,30}?\b(?:graphics|GPU) only\b/i
const GIVEN_NONE = /\b(?:container|docker|podman|pod|job|slurm|kubernetes|VM|virtual machine|guest)\b/i
// lspci's controller line or a system summary naming Intel's or AMD's graphics.
const OTHER_GRAPHICS =
  /(?:VGA compatible|3D|Display) controller: (?:Intel|Advanced Micro Devices|AMD|ATI)\b|\bGraphics\b[ \t:]{0,8}(?:Mesa )?(?:Intel|AMD)\b|\bIntel(?:\(R\)|®)? (?:UHD|HD|Iris|Xe|Arc)\b[^\n]{0,20}Graphics|\bRadeon(?:\(TM\))? (?:Graphics|Vega)\b/i

/** A key as words only: "Nvidia Driver Version" → "nvidiadriverversion". */
function keyOf(raw: string): string {
  return raw.toLowerCase().replace(/[^a-z0-9]/g, '')
}

type Slot = 'driver' | 'cudaRuntime' | 'cudaToolkit' | 'smiCuda' | 'torch' | 'torchCuda' | 'cudnn' | 'nccl' | 'python'

/** Which fact a key names, if any. `cuda version` alone is ambiguous (the driver's? the toolkit's?): only beside nvidia-smi. */
function slotOf(key: string, smiReport: boolean): Slot | null {
  if (/^(?:nvidia)?(?:display)?driver(?:version)?$|^kmdversion$|^nvidiagraphicsdriver$/.test(key)) return 'driver'
  if (/^(?:cuda)?runtime(?:version)?$|^cudaruntimeversion$|^cudart(?:version)?$/.test(key)) return 'cudaRuntime'
  if (/^cudatoolkit(?:version)?$|^nvcc(?:version)?$|^cudacompiler(?:version)?$/.test(key)) return 'cudaToolkit'
  if (/^(?:cudaused(?:to)?buildpytorch|torchversioncuda|torchcuda(?:version)?|pytorchcuda(?:version)?)$/.test(key)) return 'torchCuda'
  if (/^(?:py)?torch(?:version)?$/.test(key)) return 'torch'
  if (/^(?:lib)?cudnn(?:version)?$|^nvidiacudnncu\d{2}$|^torchbackendscudnnversion$/.test(key)) return 'cudnn'
  if (/^(?:nccl(?:version)?|nvidiancclcu\d{2})$/.test(key)) return 'nccl'
  if (/^python(?:version)?$/.test(key)) return 'python'
  if (smiReport && /^cuda(?:umd)?version$/.test(key)) return 'smiCuda'
  return null
}

/** The value a slot takes, normalised, or null when it is not of that slot's shape. */
function valueFor(slot: Slot, value: string): string | null {
  // Trailing punctuation ("565.77.", "12.4)") dropped by a loop: /[.,;)]+$/ retries from every run start (quadratic).
  let end = value.length
  while (end > 0 && '.,;)'.includes(value[end - 1]!)) end--
  const v = value.slice(0, end)
  switch (slot) {
    case 'driver':
      return DRIVER_VALUE.test(v) ? v : null
    case 'cudaRuntime':
    case 'cudaToolkit':
    case 'smiCuda':
    case 'torchCuda':
      return CUDA_VALUE.exec(v)?.[1] ?? null
    case 'torch':
      return /^\d+\.\d+/.test(v) ? v : null
    default:
      return v
  }
}

const trimmed = (line: string) => (line.length > MAX_LINE ? line.slice(0, MAX_LINE) : line).trim()

/** Reads the fact sheet of a paste (LF line ends). */
export function readFactSheet(text: string): FactSheet {
  const sheet: FactSheet = {
    driver: null,
    cudaRuntime: null,
    cudaToolkit: null,
    smiCuda: null,
    torch: null,
    torchCuda: null,
    torchCpuOnly: null,
    cudnn: null,
    nccl: null,
    python: null,
    places: [],
    runCommand: null,
    gpuSeen: null,
    moduleMissing: null,
    visibleDevices: null,
    computeMode: null,
    cudaShim: null,
    memoryHeld: null,
    noProcessesListed: null,
    noNvidiaGpuStated: null,
    otherGraphics: null,
  }
  const smiReport = SMI_REPORT.test(text)
  const set = (slot: Slot, value: string | null, line: string) => {
    if (value !== null && sheet[slot] === null) sheet[slot] = { value, line }
  }
  for (const raw of text.split('\n', MAX_LINES)) {
    const line = trimmed(raw)
    if (line === '') continue
    const nvcc = NVCC.exec(line)
    if (nvcc) set('cudaToolkit', nvcc[1]!, line)
    const kv = KEY_VALUE.exec(line) ?? NAME_VERSION.exec(line)
    if (kv) readPair(sheet, set, kv, line, smiReport)
    for (const [place, pattern] of PLACES) if (!sheet.places.some((p) => p.value === place) && pattern.test(line)) sheet.places.push({ value: place, line })
    if (sheet.runCommand === null && RUN_COMMAND.test(line)) sheet.runCommand = { value: line, line }
    readMachineLine(sheet, line)
  }
  return sheet
}

function readPair(sheet: FactSheet, set: (slot: Slot, value: string | null, line: string) => void, kv: RegExpExecArray, line: string, smiReport: boolean) {
  const key = keyOf(kv[1]!)
  const slot = slotOf(key, smiReport)
  if (slot === null) return
  const value = valueFor(slot, kv[2]!)
  set(slot, value, line)
  if (slot !== 'torch' || value === null) return
  const suffix = WHEEL_SUFFIX.exec(value)?.[1]
  // conda list's build string: `pytorch 2.1.0 py3.10_cuda12.1_cudnn8.9.2_0`, `pytorch 2.1.0 cpu_py310h…`
  const build = kv[3] ?? ''
  if (suffix?.toLowerCase() === 'cpu' || CONDA_CPU.test(build)) {
    if (sheet.torchCpuOnly === null) sheet.torchCpuOnly = { value, line }
    return
  }
  const packed = suffix ? `${suffix.slice(2, -1)}.${suffix.slice(-1)}` : null
  set('torchCuda', packed ?? condaCuda(build), line)
}

type LineFact = 'gpuSeen' | 'moduleMissing' | 'visibleDevices' | 'computeMode' | 'cudaShim' | 'memoryHeld' | 'noProcessesListed' | 'noNvidiaGpuStated' | 'otherGraphics'

/** The facts a line states by its shape alone (not `name: value`), each kept with the first line that states it. */
function readMachineLine(sheet: FactSheet, line: string) {
  const take = (slot: LineFact, value: string | undefined) => {
    if (value !== undefined && sheet[slot] === null) sheet[slot] = { value, line }
  }
  take('gpuSeen', GPU_SEEN.exec(line)?.[0])
  take('moduleMissing', MODULE_MISSING.exec(line)?.[0])
  const visible = VISIBLE_DEVICES.exec(line)
  take('visibleDevices', visible ? visible[1] ?? '' : undefined)
  const mode = COMPUTE_MODE.exec(line)
  take('computeMode', mode ? (mode[1] ?? mode[0]) : undefined)
  take('cudaShim', CUDA_SHIM.exec(line)?.[0])
  const memory = SMI_MEMORY.exec(line)
  const [used, total] = memory ? [Number(memory[1]), Number(memory[2])] : [0, 0]
  take('memoryHeld', used >= HELD_MIB && used * 4 >= total ? `${used}/${total} MiB` : undefined)
  take('noProcessesListed', NO_PROCESSES.exec(line)?.[0])
  if (sheet.torchCpuOnly === null && CONDA_CPU_PACKAGE.test(line)) sheet.torchCpuOnly = { value: 'cpu', line }
  readPackageSpelling(sheet, line)
  // Not a sentence about a container, job or virtual machine ("the container doesn't have an NVIDIA GPU"): that one was given none.
  if (!GIVEN_NONE.test(line)) take('noNvidiaGpuStated', NO_NVIDIA_STATED.exec(line)?.[0])
  take('otherGraphics', OTHER_GRAPHICS.exec(line)?.[0])
}

/** The CUDA a conda build string names (`py3.8_cuda11.1_cudnn8.0.5_0`, conda-forge's `cuda118_py310h…`), or null. */
function condaCuda(build: string): string | null {
  const dotted = CONDA_CUDA.exec(build)?.[1]
  if (dotted) return dotted
  const packed = CONDA_FORGE_CUDA.exec(build)
  return packed ? `${Number(packed[1])}.${packed[2]}` : null
}

/** The torch build as conda's specs and file names or a pip wheel's file name spell it (CPU-only or the CUDA it was built for). */
function readPackageSpelling(sheet: FactSheet, line: string) {
  const spec = CONDA_SPEC.exec(line)
  if (spec) {
    const [, version, build] = spec
    if (CONDA_CPU.test(build!)) sheet.torchCpuOnly ??= { value: `${version}=${build}`, line }
    else {
      const cuda = condaCuda(build!)
      if (cuda) sheet.torchCuda ??= { value: cuda, line }
    }
  }
  const wheel = WHEEL_FILE.exec(line)
  if (!wheel) return
  const [, version, tag, platform, size, unit] = wheel
  const mb = size ? Number(size) * (unit === 'G' ? 1024 : unit === 'k' ? 1 / 1024 : 1) : null
  const cpuTag = tag?.toLowerCase() === '+cpu'
  const untaggedCpuPlatform = !tag && CPU_ONLY_PLATFORM.test(platform!) && (mb === null || mb < CUDA_WHEEL_MB)
  if (cpuTag || untaggedCpuPlatform) sheet.torchCpuOnly ??= { value: `torch-${version}${tag ?? ''} ${platform}${mb !== null ? ` (${size} ${unit}B)` : ''}`, line }
}
