import type { Severity } from '../../../shared/diagnosis'
import { formatCudnnVersion } from '../../knowledge/compat/versions'
import { decodeDriverApiVersion, formatCuda } from '../../knowledge/compat/cuda-version'
import type { FindingId } from '../../../shared/i18n/findings'
import type { MessageParams } from '../../../shared/message'

/** One regex of the failure-modes.md quick index, with what it means and what to pull out. */
export interface TextRule {
  id: FindingId
  severity: Severity
  /** Case-insensitive, matched against the whole text; the line it hits is the evidence. */
  pattern: RegExp
  /** Must also occur somewhere in the text. */
  requires?: RegExp
  /** The rule stays silent when this occurs: a more specific rule explains the same line. */
  unless?: RegExp
  params?: (match: RegExpExecArray, text: string) => MessageParams
}

function capture(text: string, pattern: RegExp, group = 1): string | undefined {
  return pattern.exec(text)?.[group]
}

/** Keeps only the parameters that were found. */
function defined(params: Record<string, string | number | undefined>): MessageParams {
  const out: MessageParams = {}
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = value
  return out
}


/**
 * The whole path of a library the match names at `index` ("/usr/local/cuda/lib64/libcudnn_cnn_train.so.8"):
 * read back from the match to the start of its token, not with a leading \S* in the pattern, which retries every
 * character of a long token (quadratic on 64 KiB without spaces).
 */
function pathEndingAt(text: string, index: number, name: string): string {
  let start = index
  while (start > 0 && !/[\s"'`(]/.test(text[start - 1]!)) start--
  return text.slice(start, index) + name
}

/** The `…/x.so:` named right before `index` (the loader's "<library>: undefined symbol"), read back at most 300 characters. */
function libraryBefore(text: string, index: number): string | undefined {
  const head = text.slice(Math.max(0, index - 300), index)
  return /([^\s/`'"\\]{1,255}\.so[\w.]{0,40}):\s{0,4}$/.exec(head)?.[1]
}

/** The package whose source file logs the line at `index` (`tensorflow/stream_executor/…/dso_loader.cc:64]`), read back on that line. */
function packageLogging(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index - 1) + 1
  const head = text.slice(Math.max(start, index - 300), index)
  return /\b(tensorflow|xla|tsl|jax|jaxlib|paddle|mxnet)[\\/]/i.exec(head)?.[1]?.toLowerCase().replace(/^(?:xla|tsl)$/, 'tensorflow') ?? 'tensorflow'
}

// A wheel of NVIDIA's CUDA libraries (`nvidia-nccl-cu12==2.29.3`, `[pip3] nvidia-cublas-cu11 …`).
const NVIDIA_WHEEL = /\bnvidia-([a-z]{2,20}(?:-[a-z]{2,10})?)-cu(\d{2})\b/gi

/** The same NVIDIA library installed as wheels for two CUDA majors (nvidia-nccl-cu12 and nvidia-nccl-cu13): two copies. */
function sameLibraryTwice(text: string): string | null {
  const majors = new Map<string, Set<string>>()
  for (const m of text.matchAll(NVIDIA_WHEEL)) {
    const lib = m[1]!.toLowerCase()
    majors.set(lib, (majors.get(lib) ?? new Set()).add(m[2]!))
  }
  const twice = [...majors].filter(([, cu]) => cu.size > 1)
  return twice.length ? twice.map(([lib, cu]) => [...cu].map((c) => `nvidia-${lib}-cu${c}`).join(' and ')).join('; ') + ' both installed' : null
}

function toGiB(amount: string): number {
  const match = /(?<![\d.])([\d.]+) ([KMGT])i?B/i.exec(amount)
  if (!match) return 0
  const scale: Record<string, number> = { K: 1 / 1024 ** 2, M: 1 / 1024, G: 1, T: 1024 }
  return Number(match[1]) * (scale[(match[2] ?? 'G').toUpperCase()] ?? 1)
}

// Newer PyTorch: "GPU 0 has a total capacity of 23.64 GiB of which 264.00 MiB is free";
// older: "(GPU 0; 23.65 GiB total capacity; …; 11.56 MiB free; …)". An amount ("2.00 GiB") starts only where a number
// starts (`(?<![\d.])`): a regex beginning with [\d.]+ was tried from every digit of a long number (quadratic).
const OOM_TRIED = /Tried to allocate ((?<![\d.])[\d.]+ [KMGT]i?B)/i
const OOM_TOTAL = /total capacity of ((?<![\d.])[\d.]+ [KMGT]i?B)/i
const OOM_TOTAL_OLD = /((?<![\d.])[\d.]+ [KMGT]i?B) total capacity/i
const OOM_FREE = /of which ((?<![\d.])[\d.]+ [KMGT]i?B) is free/i
const OOM_FREE_OLD = /((?<![\d.])[\d.]+ [KMGT]i?B) free[;)]/i
const OOM_OTHER_PROCESS = /Process \d+ has ((?<![\d.])[\d.]+ [KMGT]i?B) memory in use/gi

function oomParams(text: string): MessageParams {
  const others = [...text.matchAll(OOM_OTHER_PROCESS)]
  const otherGiB = others.reduce((sum, m) => sum + toGiB(m[1] ?? ''), 0)
  return defined({
    tried: capture(text, OOM_TRIED),
    gpu: capture(text, /GPU (\d+)(?:;| has a total capacity)/i),
    total: capture(text, OOM_TOTAL) ?? capture(text, OOM_TOTAL_OLD),
    free: capture(text, OOM_FREE) ?? capture(text, OOM_FREE_OLD),
    otherProcessesGiB: others.length > 0 ? Math.round(otherGiB * 100) / 100 : undefined,
  })
}

const XID_ANY = /\bXid\s*(?:\([^)]{0,100}\)\s*)?(?::\s*)?(\d{1,3})\b/gi

/** How many Xid lines the text holds and which Xids, in the order first seen. */
function xidTally(text: string): MessageParams {
  const xids = [...text.matchAll(XID_ANY)].map((m) => Number(m[1]))
  return { count: xids.length, xids: [...new Set(xids)].join(', ') }
}

const NCCL_SHM = /shared memory segment \/dev\/shm\/nccl-|posix_fallocate failed/i

/**
 * The quick regex → id index of failure-modes.md, one entry per regex (plus a few wordings of the same error). A CUDA
 * error is also read by its enum name, as JCuda, Numba, TensorFlow, JAX and C++ programs print it (the driver API's
 * CUDA_ERROR_X, the runtime's cudaErrorX), beside its words.
 */
export const TEXT_RULES: readonly TextRule[] = [
  // ---- A. Driver / host
  { id: 'driver-not-loaded', severity: 'error', pattern: /couldn't communicate with the NVIDIA driver/i },
  { id: 'driver-not-loaded', severity: 'error', pattern: /Found no NVIDIA driver on your system/i },
  { id: 'driver-not-loaded', severity: 'error', pattern: /modprobe: FATAL: Module nvidia\S* not found/i },
  // NVML's NVML_ERROR_DRIVER_NOT_LOADED as nvidia-container-cli and nvidia-smi print it.
  { id: 'driver-not-loaded', severity: 'error', pattern: /nvml error: driver not loaded|NVML_ERROR_DRIVER_NOT_LOADED|Failed to initialize NVML: Driver Not Loaded/i },
  {
    id: 'nvml-driver-library-mismatch',
    severity: 'error',
    pattern: /Driver\/library version mismatch/i,
    params: (_, text) => defined({ nvmlVersion: capture(text, /NVML library version:\s*(\S+)/i) }),
  },
  {
    id: 'driver-too-old-for-cuda-runtime',
    severity: 'error',
    pattern: /driver on your system is too old \(found version (\d+)\)/i,
    params: (m) => ({ found: Number(m[1]), driverCuda: formatCuda(decodeDriverApiVersion(Number(m[1]))) }),
  },
  { id: 'driver-too-old-for-cuda-runtime', severity: 'error', pattern: /driver version is insufficient for CUDA runtime version|CUDA_ERROR_INSUFFICIENT_DRIVER|cudaErrorInsufficientDriver/i },
  { id: 'fabric-manager-not-running', severity: 'error', pattern: /Error 802: system not yet initialized|runtime error \(802\)|CUDA_ERROR_SYSTEM_NOT_READY|cudaErrorSystemNotReady/i },
  {
    id: 'uvm-broken-after-suspend',
    severity: 'error',
    pattern: /CUDA unknown error - this may be due to an incorrectly set up environment/i,
  },
  { id: 'uvm-broken-after-suspend', severity: 'error', pattern: /CUDA_ERROR_UNKNOWN/ },
  { id: 'persistence-mode-off', severity: 'error', pattern: /driver rpc error: timed out|driver error: timed out/i },
  // "NVRM: Xid (PCI:0000:17:00): 79, …". A colon only with the blanks after it, the parenthesis bounded: `\s*:?\s*`
  // split a run of blanks every way (7 s on 80 KB of tabs), `\([^)]*` read on to the end of the text at every "Xid (".
  {
    id: 'gpu-fallen-off-bus',
    severity: 'error',
    pattern: /\bXid\s*(?:\([^)]{0,100}\)\s*)?(?::\s*)?(79)\b/i,
    params: (m) => ({ xid: Number(m[1]) }),
  },
  // Also the kernel log's "The NVIDIA GPU 0000:b3:00.0 (PCI ID: …) installed in this system has fallen off the bus".
  { id: 'gpu-fallen-off-bus', severity: 'error', pattern: /\bhas fallen off (?:of )?the bus/i },
  { id: 'gpu-fallen-off-bus', severity: 'error', pattern: /Unable to determine the device handle/i },
  { id: 'ecc-uncorrectable-or-row-remap', severity: 'error', pattern: /uncorrectable ECC error encountered|CUDA_ERROR_ECC_UNCORRECTABLE/i },
  {
    id: 'ecc-uncorrectable-or-row-remap',
    severity: 'error',
    pattern: /\bXid\s*(?:\([^)]{0,100}\)\s*)?(?::\s*)?(48|63|64|92|94|95)\b/i,
    params: (m) => ({ xid: Number(m[1]) }),
  },
  { id: 'gsp-firmware-timeout', severity: 'error', pattern: /Timeout waiting for RPC from GSP/i },
  {
    id: 'gsp-firmware-timeout',
    severity: 'error',
    pattern: /\bXid\s*(?:\([^)]{0,100}\)\s*)?(?::\s*)?(119|120)\b/i,
    params: (m) => ({ xid: Number(m[1]) }),
  },
  {
    // Any other Xid, in any kernel log's form: `NVRM: Xid (PCI:0000:01:00): 32, Channel ID …` (old drivers), `NVRM: Xid
    // (0000:01:00): 13, pid=…`, with dmesg's `[24128.8] ` or journalctl's `kernel: ` before it. What it means is the Xid
    // catalog's: said, not diagnosed. The Xids with a finding of their own (79, 119/120, the memory ones; kernel-log.ts) are theirs.
    id: 'xid-reported',
    severity: 'warning',
    pattern: /\bXid\s*(?:\([^)]{0,100}\)\s*)?(?::\s*)?(?!(?:79|119|120|48|63|64|92|94|95)\b)(\d{1,3})\b/i,
    params: (_, text) => xidTally(text),
  },
  { id: 'exclusive-compute-mode-busy', severity: 'error', pattern: /all CUDA-capable devices are busy or unavailable|is\/are busy or unavailable|CUDA_ERROR_DEVICES_UNAVAILABLE|cudaErrorDevicesUnavailable/i },

  // ---- B. Container runtime
  {
    id: 'docker-gpu-support-missing',
    severity: 'error',
    pattern: /could not select device driver "([^"]*)" with capabilities: \[\[gpu\]\]/i,
    params: (m) => ({ driver: m[1] ?? '' }),
  },
  { id: 'nvidia-runtime-not-registered', severity: 'error', pattern: /unknown or invalid runtime name: nvidia|Unknown runtime specified nvidia/i },
  { id: 'container-cli-cannot-load-nvml', severity: 'error', pattern: /load library failed: libnvidia-ml\.so\.1/i },
  {
    id: 'image-requires-newer-driver',
    severity: 'error',
    pattern: /requirement error: unsatisfied condition: cuda\s*>=\s*([\d.]+)/i,
    params: (m) => ({ requiredCuda: m[1] ?? '' }),
  },
  {
    // The image's other conditions ("brand=tesla,driver>=384,driver<385") are alternatives to its CUDA requirement
    // (NVIDIA_REQUIRE_CUDA): when one of them is what failed, the driver was too old for the image's CUDA too.
    id: 'image-requires-newer-driver',
    severity: 'error',
    pattern: /requirement error: unsatisfied condition: (?:brand|driver)\s*[<>=]/i,
    requires: /--require=cuda\s*>=/i,
    params: (_, text) => defined({ requiredCuda: capture(text, /--require=cuda\s*>=\s*([\d.]+)/i) }),
  },
  { id: 'container-lost-gpu-after-daemon-reload', severity: 'error', pattern: /Failed to initialize NVML: Unknown Error/i },
  { id: 'rootless-cgroup-device-access', severity: 'error', pattern: /devices\.allow: permission denied/i },
  // Plain "Insufficient Permissions" also fills the process-name column of Windows nvidia-smi tables.
  { id: 'rootless-cgroup-device-access', severity: 'error', pattern: /Failed to initialize NVML: Insufficient Permissions/i },
  { id: 'cdi-spec-missing-or-stale', severity: 'error', pattern: /unresolvable CDI devices/i },
  { id: 'k8s-device-plugin-no-gpus', severity: 'error', pattern: /could not load NVML library|Insufficient nvidia\.com\/gpu/i },
  { id: 'container-shm-too-small', severity: 'error', pattern: /Bus error/i, requires: /shared memory/i },
  { id: 'container-shm-too-small', severity: 'error', pattern: /unable to write to file <\/torch_/i },
  { id: 'container-shm-too-small', severity: 'error', pattern: /No space left on device \(28\)/i, unless: NCCL_SHM },
  {
    id: 'docker-socket-permission-denied',
    severity: 'error',
    pattern: /permission denied while trying to connect to the Docker daemon socket/i,
    params: (_, text) => defined({ socket: capture(text, /socket at (unix:\/\/\S+?):/i) }),
  },

  // ---- C. PyTorch wheel / build / environment
  {
    id: 'cpu-only-torch-build',
    severity: 'error',
    // Bounded: an unbounded [\w.]* retried every start of a long dotted number (12 s on 64 KiB of "1."). One digit after
    // the dot, the rest in the bounded part: `\.\d+[\w.]{0,40}` split a long number 40 ways at each of its digits.
    pattern: /\b\d+\.\d[\w.]{0,40}\+cpu\b/i,
    params: (m) => ({ torch: m[0] }),
  },
  { id: 'cpu-only-torch-build', severity: 'error', pattern: /Torch not compiled with CUDA enabled/i },
  {
    id: 'gpu-arch-not-in-wheel',
    severity: 'error',
    // The name starts after the blanks, at a non-blank: `:[ \t]*([^\n:]*?)` let both take the blanks, every split of
    // them tried to the end of the line (43 s on ":" and 400 KB of spaces). An empty name is the group left out. A line
    // starts after "\n" only (`(?<![^\n])`, not ^ with the m flag, for which a stray \r or U+2028 starts one as well).
    pattern: /(?:(?<![^\n])|:)[ \t]*(?:(?=[^ \t])([^\n:]*?))? with CUDA capability (sm_\d+) is not compatible/i,
    params: (m, text) =>
      defined({ gpu: (m[1] ?? '').trim(), arch: m[2], supported: capture(text, /supports CUDA capabilities ((?:sm_\d+\s*)+)/i)?.trim() }),
  },
  { id: 'gpu-arch-not-in-wheel', severity: 'error', pattern: /no kernel image is available for execution on the device|CUDA_ERROR_NO_BINARY_FOR_GPU|cudaErrorNoKernelImageForDevice/i },
  {
    // PyTorch's own warning for a GPU below its build's oldest architecture: "Found GPU0 NVIDIA GTX TITAN Black which is
    // of cuda capability 3.5. PyTorch no longer supports this GPU because it is too old. The minimum cuda capability
    // supported by this library is 3.7." The name is bounded and stops at the line's end.
    id: 'gpu-arch-not-in-wheel',
    severity: 'error',
    pattern: /Found GPU\d{1,2} ([^\n]{1,80}?) which is of cuda capability (\d{1,2})\.(\d)/i,
    requires: /PyTorch no longer supports this GPU/i,
    params: (m, text) =>
      defined({ gpu: m[1]!.trim(), arch: `sm_${m[2]}${m[3]}`, supported: capture(text, /minimum cuda capability (?:supported by this library|that we support) is (\d{1,2}\.\d)/i) }),
  },
  { id: 'cuda-visible-devices-misconfigured', severity: 'error', pattern: /No CUDA GPUs are available/i },
  { id: 'cuda-visible-devices-misconfigured', severity: 'error', pattern: /invalid device ordinal|CUDA_ERROR_INVALID_DEVICE\b|cudaErrorInvalidDevice\b/i },
  { id: 'cuda-visible-devices-misconfigured', severity: 'error', pattern: /no CUDA-capable device is detected|CUDA_ERROR_NO_DEVICE\b|cudaErrorNoDevice\b/i },
  { id: 'mig-single-instance-per-process', severity: 'warning', pattern: /INTERNAL ASSERT FAILED/, requires: /device < num_gpus/ },
  { id: 'torchvision-torch-mismatch', severity: 'error', pattern: /operator torchvision::nms does not exist|No such operator torchvision::nms/i },
  // torchvision's own check (torchvision/extension.py): "Detected that PyTorch and torchvision were compiled with different
  // CUDA (major) versions. PyTorch has CUDA Version=11.7 and torchvision has CUDA Version=12.1."
  { id: 'torchvision-torch-mismatch', severity: 'error', pattern: /PyTorch and torchvision were compiled with different CUDA (?:major )?versions/i },
  {
    id: 'extension-build-cuda-mismatch',
    severity: 'error',
    // Versions in bounded parentheses: `\((.*?)\)` read to the end of the line from every repetition of the words.
    pattern: /The detected CUDA version \(([^)\n]{0,64})\) mismatches the version that was used to compile PyTorch \(([^)\n]{0,64})\)/i,
    params: (m) => ({ detectedCuda: m[1] ?? '', torchCuda: m[2] ?? '' }),
  },
  { id: 'cuda-oom-or-memory-held', severity: 'error', pattern: /CUDA out of memory/i, params: (_, text) => oomParams(text) },
  // Older PyTorch and other CUDA programs: "RuntimeError: CUDA error: out of memory" (also without the space), or
  // the allocator's "Tried to allocate 2.00 GiB" when the paste lost the first words.
  { id: 'cuda-oom-or-memory-held', severity: 'error', pattern: /CUDA error:\s*out of memory|cudaErrorMemoryAllocation/i, params: (_, text) => oomParams(text) },
  // NCCL's "unhandled cuda error" wraps the CUDA call that failed: "Cuda failure 'out of memory'" (the innermost error).
  { id: 'cuda-oom-or-memory-held', severity: 'error', pattern: /Cuda failure '?out of memory/i, params: (_, text) => oomParams(text) },
  { id: 'cuda-oom-or-memory-held', severity: 'error', pattern: OOM_TRIED, params: (_, text) => oomParams(text) },
  // The same error as the CUDA driver API and other frameworks name it: CUDA_ERROR_OUT_OF_MEMORY (JCuda, TensorFlow,
  // Numba, CuPy; at cuCtxCreate or cuDevicePrimaryCtxRetain a context did not fit: the GPU was already full), CuPy's and
  // PyTorch's OutOfMemoryError classes (not Java's heap), XLA's RESOURCE_EXHAUSTED, ONNX Runtime's "CUDA failure 2",
  // the CUDA libraries failing to allocate their workspace (cuBLAS, cuDNN, cuSOLVER, cuSPARSE, cuFFT), an API call named
  // with the words (PyCUDA's "cuMemAlloc failed: out of memory", "cuCtxCreate failed: out of memory").
  {
    id: 'cuda-oom-or-memory-held',
    severity: 'error',
    pattern:
      /CUDA_ERROR_OUT_OF_MEMORY|\b(?:torch|cuda|cupy|memory)\.OutOfMemoryError\b|RESOURCE_EXHAUSTED:? Out of memory|(?:CUBLAS|CUDNN|CUSOLVER|CUSPARSE)_STATUS_ALLOC_FAILED|CUFFT_ALLOC_FAILED|\bCUDA failure 2: out of memory|failed to allocate [\d.]{1,12} ?[KMGT]?i?B? \(\d{1,15} bytes\) from device|\bcu(?:da)?[A-Z]\w{1,40} failed:? out of memory|CUDA driver error: out of memory/i,
    params: (_, text) => oomParams(text),
  },
  // PyTorch 0.x (THC): "cuda runtime error (2) : out of memory at …/THCStorage.cu:58", "THCudaCheck FAIL … error=2 : out of memory".
  { id: 'cuda-oom-or-memory-held', severity: 'error', pattern: /cuda runtime error \(2\)\s*:\s*out of memory|\berror=2\s*:\s*out of memory/i },
  { id: 'cuda-oom-or-memory-held', severity: 'error', pattern: /CUDNN_STATUS_NOT_INITIALIZED/ },
  // Caffe's and other glog checks: "Check failed: error == cudaSuccess (2 vs. 0)  out of memory" (2 is cudaErrorMemoryAllocation).
  { id: 'cuda-oom-or-memory-held', severity: 'error', pattern: /cudaSuccess \(2 vs\. 0\)/ },
  { id: 'async-kernel-error-not-env', severity: 'error', pattern: /illegal memory access|device-side assert triggered|CUDA_ERROR_ILLEGAL_ADDRESS|cudaErrorIllegalAddress|CUDA_ERROR_ASSERT\b|cudaErrorAssert\b/i },

  // ---- D. cuDNN / CUDA user-space libraries
  {
    id: 'bundled-cudnn-not-found',
    severity: 'error',
    // Bounded: `cudnn\w*` read to the end of a long word from every "libcudnn" in it.
    pattern: /(lib(?:cudnn\w{0,40}|cublas(?:Lt)?|cudart)\.so\.\d+): cannot open shared object file/i,
    params: (m) => ({ library: m[1] ?? '' }),
  },
  {
    id: 'cudnn-shadowed-by-system-copy',
    severity: 'error',
    // "incompatibility" since PyTorch 1.8; older releases said "mismatch … linked against 7605".
    pattern: /cuDNN version (?:incompatibility|mismatch)/i,
    params: (_, text): MessageParams => {
      const v = /compiled\s+against \((\d+), (\d+), (\d+)\) but found runtime version \((\d+), (\d+), (\d+)\)/i.exec(text)
      if (v) return { compiled: `${v[1]}.${v[2]}.${v[3]}`, found: `${v[4]}.${v[5]}.${v[6]}` }
      const old = /compiled\s+against\s+(\d+)\s+but\s+linked\s+against\s+(\d+)/i.exec(text)
      return old ? { compiled: formatCudnnVersion(Number(old[1])) ?? old[1]!, found: formatCudnnVersion(Number(old[2])) ?? old[2]! } : {}
    },
  },
  { id: 'cudnn-shadowed-by-system-copy', severity: 'error', pattern: /GET was unable to find an engine/i },
  {
    // One cuDNN sub-library looking for a symbol of another ("…, version libcudnn_ops_infer.so.8"): two cuDNN copies are mixed,
    // typically a toolkit directory (/usr/local/cuda/lib64) or a conda env ahead of the one PyTorch was built with.
    id: 'cudnn-shadowed-by-system-copy',
    severity: 'error',
    pattern: /(libcudnn\w{0,40}\.so[\w.]{0,40}):[ \t]*(?:undefined symbol:?|symbol)[ \t]+\S+,?[ \t]+version libcudnn\w{0,40}\.so/i,
    params: (m, text) => ({ library: pathEndingAt(text, m.index, m[1]!) }),
  },
  {
    // An extension's binary missing a PyTorch symbol (c10::, at::, torch::): built against another PyTorch. A warning:
    // a catalogued cause of its own is not given by the message alone. PyTorch's own libraries are the import rules'.
    id: 'extension-built-for-other-torch',
    severity: 'warning',
    pattern: /undefined\s{1,4}symbol:\s{0,4}(_ZN(?:3c10|2at|5torch)\w{0,300})/,
    unless: /(?:libtorch\w{0,40}|libc10\w{0,40}|torch[\\/]_C\.\S{0,80})\.so[\w.]{0,40}:\s{0,4}undefined\s{1,4}symbol/,
    params: (m, text) => defined({ symbol: m[1], library: libraryBefore(text, m.index) }),
  },
  {
    // TensorFlow's (and XLA's, JAX's) loader: "Could not load dynamic library 'libcudart.so.11.0'; dlerror: …". The package
    // is the one whose source logs it; TensorRT's libnvinfer is optional and left out. A warning: TensorFlow runs on the
    // CPU without it, and says so.
    id: 'library-missing-for-package',
    severity: 'warning',
    pattern: /Could not load dynamic library '((?!libnvinfer)[^'\n]{1,200})'/i,
    params: (m, text) => ({ library: m[1]!, package: packageLogging(text, m.index) }),
  },
  {
    // TensorFlow 2.11+ sums them up: "Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above are installed".
    id: 'library-missing-for-package',
    severity: 'warning',
    pattern: /Cannot dlopen some GPU libraries/i,
    params: (m, text) => ({ library: 'the CUDA libraries it names above', package: packageLogging(text, m.index) }),
  },
  {
    // The loader's error retold in words ("Importing PyTorch results in undefined symbol ncclCommResume", an issue's
    // title) where the paste also says that importing torch failed; the loader's own form (with a colon) is the import
    // rules', a C++ symbol (`_ZN…`) an extension's.
    id: 'torch-import-undefined-symbol',
    severity: 'error',
    pattern: /undefined symbol[ \t]{1,4}((?!_ZN)[A-Za-z_]\w{0,200})/i,
    requires: /\bimport(?:ing)?[ \t]{1,4}(?:py)?torch\b/i,
    params: (m, text) => ({ symbol: m[1]!, library: 'torch', mapped: sameLibraryTwice(text) ?? '(not in the paste)' }),
  },
  {
    id: 'system-cuda-libs-shadow-wheel-libs',
    severity: 'error',
    pattern: /undefined symbol: (__nvJitLink\w*|cublasLt\w*)/i,
    // The library is read back from ": undefined symbol" (a lookbehind), not forward from every character: `[^\s/]+\.so[\w.]*`
    // split a long word of ".so" every way, from every start (cubic: 203 s on 16 KB).
    params: (m, text) => defined({ symbol: m[1], library: capture(text, /: undefined symbol(?<=(?<![^\s/])([^\s/]{1,255}?\.so[\w.]{0,40}): undefined symbol)/i) }),
  },
  {
    // The loader's other wording, and any symbol of a versioned libcublasLt: "…/libcublas.so.11: symbol free_gemm_select
    // version libcublasLt.so.11 not defined in file libcublasLt.so.11 with link time reference".
    id: 'system-cuda-libs-shadow-wheel-libs',
    severity: 'error',
    pattern: /(libcublas\w{0,40}\.so[\w.]{0,40}):[ \t]*(?:undefined symbol:?|symbol)[ \t]+(\w+),?[ \t]+version libcublasLt\.so\.\d+/i,
    params: (m) => ({ symbol: m[2]!, library: m[1]! }),
  },
  { id: 'system-cuda-libs-shadow-wheel-libs', severity: 'error', pattern: /stubs\/libcuda\.so/i },
  { id: 'forward-compat-lib-misuse', severity: 'error', pattern: /Error 804\b|forward compatibility was attempted on non supported HW|CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE|cudaErrorCompatNotSupportedOnDevice/i },
  { id: 'forward-compat-lib-misuse', severity: 'error', pattern: /Error 803\b|CUDA_ERROR_SYSTEM_DRIVER_MISMATCH|cudaErrorSystemDriverMismatch/i },

  // ---- E. Performance
  {
    id: 'cpu-oversubscription-in-container',
    severity: 'warning',
    pattern: /This DataLoader will create (\d+) worker processes in total/i,
    params: (m, text) => defined({ workers: Number(m[1]), suggested: capture(text, /suggested max number of worker in current system is (\d+)/i) }),
  },
  { id: 'cpu-oversubscription-in-container', severity: 'error', pattern: /libgomp: Thread creation failed/i },
  {
    id: 'tf32-disabled-fp32-matmul',
    severity: 'info',
    pattern: /TensorFloat32 tensor cores for float32 matrix multiplication available but not enabled/i,
  },
  { id: 'tf32-disabled-fp32-matmul', severity: 'info', pattern: /set_float32_matmul_precision/ },
  // Within one lspci line's length: `.*` read to the end of the line from every "LnkSta: " in it.
  { id: 'pcie-link-degraded', severity: 'warning', pattern: /LnkSta: .{0,200}\(downgraded\)/i },

  // ---- F. Multi-GPU / NCCL
  { id: 'nccl-p2p-hang-consumer-gpus', severity: 'error', pattern: /Using RTX 4000 series doesn't support faster communication/i },
  { id: 'pcie-acs-blocks-p2p', severity: 'warning', pattern: /ACSCtl: SrcValid\+/ },
  { id: 'nccl-shm-too-small', severity: 'error', pattern: NCCL_SHM },
  {
    id: 'nccl-watchdog-timeout',
    severity: 'error',
    pattern: /Watchdog caught collective operation timeout/i,
    params: (m, text) =>
      defined({ opType: capture(text, /OpType=(\w+)/), timeoutMs: capture(text, /Timeout\(ms\)=(\d+)/), rank: capture(text, /\[Rank (\d+)\]/) }),
  },
  {
    // The watchdog's timeout seen only in its stack: the frame that throws it (`WorkNCCL::checkTimeout`) or its words
    // across versions ("ran for 600000 milliseconds before timing out"). Not where a CUDA error is what it caught.
    id: 'nccl-watchdog-timeout',
    severity: 'error',
    pattern: /WorkNCCL::checkTimeout\b|\bran for \d{1,12} milliseconds before timing out|\bTimeout at NCCL work: \d|NCCL watchdog thread terminated with exception: \[Rank \d{1,6}\] Watchdog caught/i,
    unless: /illegal memory access|device-side assert|CUDA error: (?!.{0,40}timeout)/i,
    params: (m, text) =>
      defined({ opType: capture(text, /OpType=(\w+)/), timeoutMs: capture(text, /Timeout\(ms\)=(\d+)/), rank: capture(text, /\[Rank (\d+)\]/) }),
  },
  { id: 'nccl-wrong-network-interface', severity: 'error', pattern: /Bootstrap : no socket interface found/i },
  // NCCL's socket layer refusing to start (any version's wording, on an NCCL WARN line or its source file): no usable
  // interface, or an address family the host does not have (IPv6 disabled: NCCL_SOCKET_FAMILY=AF_INET).
  {
    id: 'nccl-wrong-network-interface',
    severity: 'error',
    pattern:
      /(?:NCCL WARN|socket\.(?:h|cc)|bootstrap\.cc|net_socket\.cc)[^\n]{0,120}?(?:Socket creation failed|Address family not supported|No (?:usable |matching )?(?:listening )?interface|no socket interface|Could not find interface|interface not found)/i,
  },
  // NCCL failing to connect to a peer: a wrong interface (docker0, a virtual bridge) is the common cause, but a peer that
  // died or a firewall say the same. A suspect.
  {
    id: 'nccl-wrong-network-interface',
    severity: 'warning',
    pattern: /NCCL WARN[^\n]{0,120}?(?:socketStartConnect|socketPollConnect|Connect to [^\n]{1,80}? failed|Call to connect returned|No route to host)/i,
  },
  { id: 'nccl-wrong-network-interface', severity: 'error', pattern: /unhandled system error/i, unless: NCCL_SHM },

  // ---- G. Windows / WSL2
  { id: 'wsl-linux-driver-installed', severity: 'error', pattern: /GPU access blocked by the operating system/i, unless: /\bTCC\b/ },
  { id: 'wsl-gpu-in-tcc-mode', severity: 'error', pattern: /GPU access blocked by the operating system/i, requires: /\bTCC\b/ },
  { id: 'wsl-libcuda-not-on-loader-path', severity: 'error', pattern: /libcuda\.so: cannot open shared object file/i },
  { id: 'wsl-pinned-memory-limit', severity: 'warning', pattern: /Using 'pin_memory=False' as WSL is detected/i },
  { id: 'wsl-pinned-memory-limit', severity: 'error', pattern: /out of memory/i, requires: /^(?=[\s\S]*pin_memory=True)(?=[\s\S]*\bWSL\b)/i },
  // The innermost error wins over the wrapper that quotes it: "[WinError 1455] The paging file is too small" inside
  // "Error loading …\\cudnn_cnn_infer64_8.dll" is Windows' virtual memory, not a missing runtime (Chinese Windows: 页面文件太小).
  { id: 'windows-paging-file-too-small', severity: 'error', pattern: /WinError 1455\b|paging file is too small|页面文件太小/i },
  {
    id: 'windows-dll-load-failure',
    severity: 'error',
    unless: /WinError 1455\b|paging file is too small|页面文件太小/i,
    // A path is at most 260 characters on Windows (MAX_PATH): `[^"\n]*` read to the end of the line from every "Error loading".
    pattern: /WinError 126|Error loading "?[^"\n]{0,260}\.dll/i,
    params: (_, text) => defined({ dll: capture(text, /Error loading "([^"\n]{1,260}\.dll)"/i) }),
  },
]
