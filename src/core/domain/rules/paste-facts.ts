import type { GpuStatus } from '../../../shared/gpu'
import { driverMaxCuda } from '../../knowledge/compat/driver-max-cuda'
import { type CudaVersion, compareCuda, decodeDriverApiVersion, parseCudaTag, parseCudaVersion } from '../../knowledge/compat/cuda-version'
import { type Fact, type FactSheet, readFactSheet } from './fact-sheet'
import type { CollectEnv } from './parse-collect-env'

/** A version a paste states, with the words it came from (shown when a cause is contradicted). */
export interface StatedCuda {
  cuda: CudaVersion
  source: string
}

/**
 * What the lines of a paste state about the machine, each with where it was read. A candidate
 * cause is checked against these (cross-check-causes.ts): a fact read loosely would contradict
 * a true cause, so each pattern asks for the shape its tool prints, not just the words.
 */
export interface PasteFacts {
  /** The newest CUDA the driver supports: nvidia-smi's banner, PyTorch's "found version", or the driver version through the branch table. */
  driverCuda: StatedCuda | null
  /** The driver version a paste states (nvidia-smi, collect_env, the kernel module line), when it states one. */
  driverVersion: string | null
  /** CUDA versions the failing program was built with or runs: torch's +cuXYZ, torch.version.cuda, a CUDA image tag, deviceQuery's runtime. */
  runtimeCudas: StatedCuda[]
  /** PyTorch wheel versions the paste names ("2.7.1+cu128"). */
  torchWheels: string[]
  /** GPU names as the paste writes them. */
  gpuNames: string[]
  /** The paste runs inside a container (a `docker run`, a container prompt `root@<12 hex>`). */
  container: string | null
  /** A `docker run` line without any GPU request (`--gpus`, `--runtime=nvidia`, CDI, nvidia-docker). */
  dockerRunWithoutGpu: string | null
  /** Where the program ran, the driver's tools were absent ("nvidia-smi: command not found"). */
  driverToolsMissing: string | null
  /** The module whose import failed, when the traceback or the text names it, with the line that names it. */
  failingImport: Fact | null
  /** The paste says it runs under WSL 1 (no GPU there: GPU support needs WSL 2). */
  wsl1: string | null
  /** An NCCL line that points at the network (bootstrap, socket, interface, connection), when the paste has one. */
  ncclNetwork: string | null
  /** Every fact the paste's lines state in any `name: value` form, each with its line (fact-sheet.ts). */
  sheet: FactSheet
}

// nvidia-smi's header line: "| NVIDIA-SMI 535.129.03   Driver Version: … CUDA Version: 12.2 |", or its fields on their own lines.
// (Within the banner's width: `[^\n]*?` read to the end of the line from every "NVIDIA-SMI" in it.)
const SMI_BANNER_CUDA = /(?:NVIDIA-SMI|Driver Version:)[^\n]{0,160}?\bCUDA (?:UMD )?Version:\s*(\d+\.\d+)|^[ \t]*CUDA Version:[ \t]*(\d+\.\d+)[ \t]*$/m
const SMI_PRESENT = /NVIDIA-SMI \d|Driver Version:\s*\d/
const DRIVER_API = /driver on your system is too old \(found version (\d+)\)/i
// "Driver Version: 535.129.03", collect_env's "Nvidia driver version: 535.129.03", /proc/driver/nvidia/version's kernel module line, a "host is on 346.46".
const DRIVER_VERSION =
  /(?:Nvidia driver version|Driver Version|KMD Version):\s*(\d{3}\.\d+(?:\.\d+)?)|Kernel Module\s+(\d{3}\.\d+(?:\.\d+)?)|(?:driver|host system) (?:is|on|version)\s+(?:on\s+)?v?(\d{3}\.\d+(?:\.\d+)?)/i
const TORCH_WHEEL = /\b(\d+\.\d+\.\d+(?:a0|\.post\d+)?)\+(cu\d{2,3}|cpu|rocm[\d.]+)\b/gi
// Blanks, then at most one line break: `\s*(?:\n\s*…)?` let both take a run of line breaks, every split tried.
const TORCH_VERSION_CUDA = /torch\.version\.cuda\)?[ \t]*(?:\n\s*(?:Out\[\d+\]:\s*)?)?'?(\d+\.\d+)'?|CUDA used to build PyTorch:\s*(\d+\.\d+)/gi
// nvidia/cuda:7.5-cudnn5-devel, pytorch/pytorch:2.1.0-cuda11.8-cudnn8-runtime, anibali/pytorch:1.4.0-cuda10.1
// Bounded repeats: an unbounded [\w.-]+ before the "/" retries every start of a long dotted or dashed word (quadratic).
// Starting only where such a word starts (`(?<![\w.-])`, not \b, which holds after every dot) keeps it to one try a word.
const IMAGE_CUDA = /(?<![\w.-])[\w.-]{1,128}\/[\w.-]{1,128}:(?:[\w.]{0,32}-)?(?:cuda)?(\d{1,2}\.\d)(?:\.\d+)?(?:-[\w.-]{1,128})?\b/gi
const DEVICEQUERY_RUNTIME = /CUDA Driver Version \/ Runtime Version\s+[\d.]+\s*\/\s*(\d+\.\d+)/i
const CONTAINER_PROMPT = /^root@([0-9a-f]{12}):/m
// A line's text is anything but a backslash that ends it: a greedy `.*` took that backslash, so the
// continuation lines (and a `--gpus` on them) were never part of the command.
const DOCKER_RUN = /^.*\b(?:docker|podman) run\b(?:[^\\\n]|\\(?!\n))*(?:\\\n(?:[^\\\n]|\\(?!\n))*)*/gm
const GPU_REQUEST = /--gpus\b|--runtime[= ]nvidia|nvidia\.com\/gpu|NVIDIA_VISIBLE_DEVICES|nvidia-docker/
const TOOLS_MISSING = /nvidia-smi: (?:command )?not found|nvidia-smi\W+(?:is )?not (?:found|recogni[sz]ed)|nvcc and nvidia-smi not found/i
// `from X.Y import *` names X.Y; `import X` names X. `[\w.]{0,200}`: bounded, one start per "import".
const IMPORT_LINE = /\bfrom ([A-Za-z_][\w.]{0,200}) import\b|\bimport ([A-Za-z_][\w.]{0,200})/
// A traceback frame in an installed package: `File ".../site-packages/tensorflow/python/x.py"` names tensorflow.
const PACKAGE_FRAME = /File "[^"\n]{0,400}?(?:site|dist)-packages[\\/](?:[^\\/"\n]{1,100}\.egg[\\/])?(\w+)[\\/]/
// The loader's refusal the traceback ends in.
const LOADER_ERROR = /\b(?:ImportError|OSError|ModuleNotFoundError)\b/
// site-packages or dist-packages, also inside an egg (site-packages/trtpy-1.0-py3.9.egg/trtpy/__init__.py).
const PACKAGE_INIT = /File "[^"\n]*(?:site|dist)-packages\/(?:[^/"\n]+\.egg\/)?(\w+)\/__init__\.py"/
// TensorFlow's (XLA's, JAX's) own loader logging a library it could not open: the library is theirs, whatever it is.
const DSO_LOADER = /\b(tensorflow|tsl|xla|jax)[\\/][^\n]{0,200}?\bCould not load dynamic library\b/i
const LOAD_ERROR = /\b(?:ImportError|OSError|error)\b/i
// What narrows NCCL's generic "unhandled system error" (ncclSystemError: shared memory, sockets, devices) down to the network.
const NCCL_NETWORK = /^.*(?:Bootstrap|NET\/Socket|NCCL_SOCKET_IFNAME|socket interface|Connection (?:refused|reset|timed out)|No route to host|Address already in use).*$/im
// Said in words, by `wsl --set-version`, `wsl --version`, a `wsl -l -v` row ("* Ubuntu   Running   1"), or WSL 1's kernel
// name ("4.4.0-19041-Microsoft"; WSL 2's is "…-microsoft-standard-WSL2").
const WSL1 =
  /\bWSL ?1\b(?!\.\d)|\bwsl --set-version \S+ 1\b|WSL version:\s*1\b(?!\.)|^[ \t]{0,8}\*?[ \t]{0,8}[\w.-]{1,60}[ \t]{1,40}(?:Running|Stopped)[ \t]{1,40}1[ \t]*$|\b4\.4\.0-\d{4,5}-Microsoft\b/im
const GPU_NAME = /\b((?:NVIDIA |GeForce |Tesla |Quadro ){0,2}(?:GeForce )?(?:RTX|GTX|TITAN|Tesla|Quadro|A\d{2,3}|H\d{3}|L\d{1,2}S?|V100|P100|T4|K80)\s?[A-Z]?\d{0,4}(?:\s?(?:Ti|SUPER|Laptop|D))?)\b/g

// People write "RTX2060" and "GTX1080Ti"; the name tables expect "RTX 2060".
function spaced(name: string): string {
  return name.replace(/\b(RTX|GTX)(\d)/i, '$1 $2').replace(/(\d)(Ti|SUPER)\b/i, '$1 $2')
}

/**
 * The module whose import failed: an `import X` / `from X import` line (or a traceback frame in X/__init__.py) with
 * an error on it or the next two lines; else the package of the innermost installed-package frame above the loader's
 * error (stdlib frames such as imp.py or importlib are not packages: the import they carry out is the package's).
 * Line by line: one regex spanning lines retried every split of each line (cubic on 64 KiB).
 */
function failingImportOf(text: string): Fact | null {
  const lines = text.split('\n', 20_000)
  let frame: Fact | null = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const loader = DSO_LOADER.exec(line)
    if (loader) return { value: loader[1]!.toLowerCase() === 'jax' ? 'jax' : 'tensorflow', line: line.trim() }
    const imported = IMPORT_LINE.exec(line)
    const name = imported?.[1] ?? imported?.[2] ?? PACKAGE_INIT.exec(line)?.[1]
    if (name && [line, lines[i + 1] ?? '', lines[i + 2] ?? ''].some((l) => LOAD_ERROR.test(l))) return { value: name, line: line.trim() }
    if (line.startsWith('Traceback')) frame = null
    const framed = PACKAGE_FRAME.exec(line)?.[1]
    if (framed) frame = { value: framed, line: line.trim() }
    if (frame && LOADER_ERROR.test(line)) return frame
  }
  return null
}

function stated(version: CudaVersion | null, source: string): StatedCuda | null {
  return version ? { cuda: version, source } : null
}

function driverVersionOf(text: string, status: GpuStatus | null, env: CollectEnv | null, sheet: FactSheet): string | null {
  return status?.driverVersion ?? env?.driverVersion ?? DRIVER_VERSION.exec(text)?.slice(1).find(Boolean) ?? sheet.driver?.value ?? null
}

function driverCudaOf(text: string, status: GpuStatus | null, env: CollectEnv | null, sheet: FactSheet): StatedCuda | null {
  const bannerValue = status?.cudaVersion ?? (SMI_PRESENT.test(text) ? (SMI_BANNER_CUDA.exec(text)?.slice(1).find(Boolean) ?? null) : null) ?? sheet.smiCuda?.value ?? null
  const banner = stated(parseCudaVersion(bannerValue), `nvidia-smi: CUDA Version ${bannerValue ?? ''}`)
  if (banner) return banner
  const api = DRIVER_API.exec(text)?.[1]
  if (api) return stated(decodeDriverApiVersion(Number(api)), `PyTorch: found version ${api}`)
  const driver = driverVersionOf(text, status, env, sheet)
  // The line that states it, where a line of the fact sheet does: the evidence quotes the paste.
  return stated(driverMaxCuda(driver), sheet.driver?.value === driver ? sheet.driver.line : `driver ${driver ?? ''}`)
}

function runtimeCudasOf(text: string, env: CollectEnv | null, sheet: FactSheet): StatedCuda[] {
  const out: StatedCuda[] = []

  for (const m of text.matchAll(TORCH_WHEEL)) {
    const tag = m[2] ?? ''
    const cuda = tag.startsWith('cu') ? parseCudaTag(tag) : null
    if (cuda) out.push({ cuda, source: `torch ${m[0]}` })
  }
  for (const m of text.matchAll(TORCH_VERSION_CUDA)) {
    const v = parseCudaVersion(m[1] ?? m[2])
    if (v) out.push({ cuda: v, source: `torch.version.cuda ${m[1] ?? m[2]}` })
  }
  const envCuda = parseCudaVersion(env?.cudaBuild ?? null)
  if (envCuda) out.push({ cuda: envCuda, source: `CUDA used to build PyTorch: ${env?.cudaBuild}` })
  for (const m of text.matchAll(IMAGE_CUDA)) {
    if (!/cuda/i.test(m[0])) continue
    const v = parseCudaVersion(m[1])
    if (v) out.push({ cuda: v, source: `image ${m[0]}` })
  }
  const dq = DEVICEQUERY_RUNTIME.exec(text)?.[1]
  if (dq) out.push({ cuda: parseCudaVersion(dq)!, source: `deviceQuery runtime ${dq}` })
  // The runtime and PyTorch's CUDA as any `name: value` line states them, when not read above (not the toolkit: a
  // program may bring its own runtime).
  for (const fact of [sheet.cudaRuntime, sheet.torchCuda]) {
    const v = parseCudaVersion(fact?.value)
    if (v && fact && !out.some((r) => compareCuda(r.cuda, v) === 0)) out.push({ cuda: v, source: fact.line })
  }
  return out
}

function containerOf(text: string): { container: string | null; withoutGpu: string | null } {
  // From the start of a blank run only (`(?<!\s)`): a leading `\s*` was tried from every blank of a long run.
  const runs = [...text.matchAll(DOCKER_RUN)].map((m) => m[0].replace(/(?<!\s)\s*\\\n\s*/g, ' ').trim())
  const bare = runs.find((r) => !GPU_REQUEST.test(r) && !/^\s*\S*nvidia-docker\b/.test(r)) ?? null
  const prompt = CONTAINER_PROMPT.exec(text)
  return { container: runs[0] ?? (prompt ? `root@${prompt[1]}` : null), withoutGpu: bare }
}

/** Reads the facts a paste states; `status`/`env` are what its structured parse found, if any. */
export function pasteFacts(text: string, status: GpuStatus | null = null, env: CollectEnv | null = null): PasteFacts {
  const sheet = readFactSheet(text)
  const { container, withoutGpu } = containerOf(text)
  const names = [...(status?.gpus.map((g) => g.name) ?? []), ...(env?.gpus ?? []), ...[...text.matchAll(GPU_NAME)].map((m) => spaced(m[1]!.trim()))]
  return {
    driverCuda: driverCudaOf(text, status, env, sheet),
    driverVersion: driverVersionOf(text, status, env, sheet),
    runtimeCudas: runtimeCudasOf(text, env, sheet),
    torchWheels: [...new Set([...text.matchAll(TORCH_WHEEL)].map((m) => m[0]))],
    gpuNames: [...new Set(names)],
    container,
    dockerRunWithoutGpu: withoutGpu,
    driverToolsMissing: TOOLS_MISSING.exec(text)?.[0] ?? null,
    failingImport: failingImportOf(text),
    wsl1: WSL1.exec(text)?.[0] ?? null,
    ncclNetwork: NCCL_NETWORK.exec(text)?.[0]?.trim() ?? null,
    sheet,
  }
}
