import type { Finding } from '../../../shared/diagnosis'
import { type CudaVersion, compareCuda, formatCuda, parseCudaTag, parseCudaVersion } from '../../knowledge/compat/cuda-version'
import { driverMaxCuda } from '../../knowledge/compat/driver-max-cuda'
import { makeFinding } from '../findings/finding-catalog'
import { archNeedOf } from '../../knowledge/compat/arch-need'
import type { CollectEnv, CollectEnvPackage } from './parse-collect-env'

// Minor-version compatibility (a newer 11.x/12.x/13.x toolkit on an older driver of the same major)
// exists from CUDA 11 on; a 10.2 build on a 10.1 driver simply does not run.
const FIRST_MINOR_COMPAT_MAJOR = 11

function evidence(env: CollectEnv, ...keys: string[]): string | null {
  const lines = keys.flatMap((key) => (env.lines[key] ? [env.lines[key]] : []))
  return lines.length > 0 ? lines.join('\n') : null
}

// collect_env writes `torch.version.cuda = None` (a build without CUDA) as "Could not collect" (its replace_nones).
const NOT_COLLECTED_LINE = /:\s*Could not collect\s*$/i

/**
 * A build without CUDA: `+cpu`, "CUDA used to build PyTorch: None", or "Could not collect" there beside a PyTorch
 * version that imported and saw no GPU, and no ROCm build (a ROCm build has no CUDA either, and says so on its line).
 */
function isCpuOnly(env: CollectEnv): boolean {
  if (/\+cpu/i.test(env.torchVersion ?? '') || env.cudaBuild === 'None') return true
  const rocm = env.lines['ROCM used to build PyTorch'] ?? ''
  return NOT_COLLECTED_LINE.test(env.lines['CUDA used to build PyTorch'] ?? '') && env.cudaAvailable === false && !/:\s*\d/.test(rocm)
}

function cpuOnly(env: CollectEnv): Finding[] {
  // macOS has had no NVIDIA CUDA for years: a build without CUDA is the only kind there.
  if (/^(?:macOS|Mac OS|Darwin)/i.test(env.os ?? '')) return []
  const params = { torch: env.torchVersion ?? '?' }
  return [makeFinding('cpu-only-torch-build', 'error', params, evidence(env, 'PyTorch version', 'CUDA used to build PyTorch'))]
}

function driverVsBuild(env: CollectEnv, build: CudaVersion): Finding[] {
  const driverCuda = driverMaxCuda(env.driverVersion)
  const tooOld = driverCuda !== null && compareCuda(driverCuda, build) < 0
  const minorCompat = tooOld && driverCuda.major === build.major && build.major >= FIRST_MINOR_COMPAT_MAJOR
  const params = {
    torchCuda: formatCuda(build),
    driverCuda: driverCuda ? formatCuda(driverCuda) : '?',
    driver: env.driverVersion ?? '?',
  }
  const lines = evidence(env, 'CUDA used to build PyTorch', 'Is CUDA available', 'Nvidia driver version')

  if (env.cudaAvailable === false) {
    if (tooOld && !minorCompat) return [makeFinding('driver-too-old-for-cuda-runtime', 'error', params, lines)]
    const hostGpus = env.gpus.length > 0 ? env.gpus.join(', ') : '—'
    const seen = evidence(env, 'Is CUDA available', 'GPU models and configuration', 'Nvidia driver version')
    return [makeFinding('gpu-not-visible-to-torch', 'error', { hostGpus }, seen)]
  }
  if (env.cudaAvailable === true && minorCompat) {
    return [makeFinding('cuda-minor-version-compat', 'info', params, lines)]
  }
  return []
}

function cudnnVersionOf(entry: string): string | null {
  // Bounded: `libcudnn\w*` read to the end of a long word from every "libcudnn" in it.
  const lib = /libcudnn\w{0,40}\.so\.(\d+(?:\.\d+)*)$/.exec(entry)
  if (lib?.[1]) return lib[1]
  const dll = /cudnn64_(\d+)\.dll$/i.exec(entry)
  if (dll?.[1]) return dll[1]
  return /^\d+(?:\.\d+)+$/.test(entry) ? entry : null
}

function cudaDirOf(entry: string): CudaVersion | null {
  const dir = /cuda-(\d+\.\d+)[\\/]/i.exec(entry) ?? /CUDA[\\/]v(\d+\.\d+)[\\/]/i.exec(entry)
  return parseCudaVersion(dir?.[1])
}

function cudnnCopies(env: CollectEnv, build: CudaVersion | null): Finding[] {
  const versions = [...new Set(env.cudnn.flatMap((entry) => cudnnVersionOf(entry) ?? []))]
  const majors = new Set(versions.map((v) => v.split('.')[0]))
  const foreignDir = build !== null && env.cudnn.some((entry) => {
    const dir = cudaDirOf(entry)
    return dir !== null && compareCuda(dir, build) !== 0
  })
  const wheelCudnn = env.packages.find((p) => /^nvidia-cudnn-cu\d+$/i.test(p.name))
  const wheelMajor = wheelCudnn?.version.split('.')[0]
  const otherThanWheel = wheelMajor !== undefined && [...majors].some((major) => major !== wheelMajor)

  if (majors.size <= 1 && versions.length <= 1 && !foreignDir && !otherThanWheel) return []
  const params = { versions: versions.join(', '), torchCuda: build ? formatCuda(build) : '?' }
  const lines = evidence(env, 'CUDA used to build PyTorch', 'cuDNN version')
  return [makeFinding('cudnn-shadowed-by-system-copy', 'warning', params, lines)]
}

// The wheel variant in a local version (`1.12.1+cu113` → cu113), or the CUDA of a conda build.
function variantOf(pkg: CollectEnvPackage): string | null {
  if (pkg.manager === 'pip') {
    const local = /\+(cu\d+|cpu|rocm[\d.]+)/i.exec(pkg.version)
    return local?.[1]?.toLowerCase() ?? null
  }
  if (/(?:^|_)cpu(?:_|$)/i.test(pkg.build ?? '')) return 'cpu'
  const tag = parseCudaTag(pkg.build)
  return tag ? `cu${tag.major}${tag.minor}` : null
}

function torchvisionPair(env: CollectEnv): Finding[] {
  for (const manager of ['pip', 'conda'] as const) {
    const torch = env.packages.find((p) => p.manager === manager && (p.name === 'torch' || p.name === 'pytorch'))
    const vision = env.packages.find((p) => p.manager === manager && p.name === 'torchvision')
    if (!torch || !vision) continue
    const torchVariant = variantOf(torch)
    const visionVariant = variantOf(vision)
    if (torchVariant && visionVariant && torchVariant !== visionVariant) {
      const params = { torch: `${torch.version} (${torchVariant})`, torchvision: `${vision.version} (${visionVariant})` }
      return [makeFinding('torchvision-torch-mismatch', 'warning', params, `${torch.line}\n${vision.line}`)]
    }
  }
  return []
}

function condaBuild(env: CollectEnv): Finding[] {
  const pytorch = env.packages.find((p) => p.manager === 'conda' && p.name === 'pytorch' && p.build)
  const buildCuda = parseCudaTag(pytorch?.build)
  if (!pytorch?.build || !buildCuda) return []
  // What was asked for shows as the cudatoolkit (or pytorch-cuda, or old cudaNN) package beside it.
  const asked = env.packages.find(
    (p) => p.manager === 'conda' && /^(?:cudatoolkit|pytorch-cuda|cuda\d+)$/.test(p.name),
  )
  const askedCuda = asked ? (parseCudaVersion(asked.version) ?? parseCudaTag(asked.name)) : null
  if (askedCuda && compareCuda(askedCuda, buildCuda) === 0) return []
  const params = { version: pytorch.version, build: pytorch.build, buildCuda: formatCuda(buildCuda) }
  return [makeFinding('conda-build-other-cuda', 'info', params, asked ? `${pytorch.line}\n${asked.line}` : pytorch.line)]
}

function archSupport(env: CollectEnv, build: CudaVersion): Finding[] {
  for (const gpu of env.gpus) {
    const need = archNeedOf(gpu)
    if (need && compareCuda(build, need.minCuda) < 0) {
      const params = { gpu, arch: need.arch, torchCuda: formatCuda(build), minCuda: formatCuda(need.minCuda) }
      const lines = evidence(env, 'CUDA used to build PyTorch', 'GPU models and configuration')
      return [makeFinding('gpu-arch-not-in-wheel', 'warning', params, lines)]
    }
  }
  return []
}

function mixedGpus(env: CollectEnv): Finding[] {
  const names = new Set(env.gpus)
  if (names.size < 2) return []
  return [makeFinding('device-order-mismatch', 'info', { gpus: [...names].join(', ') }, evidence(env, 'GPU models and configuration'))]
}

/** Findings from a parsed collect_env report, most important first. */
export function collectEnvFindings(env: CollectEnv): Finding[] {
  if (env.torchVersion === null) return []
  if (isCpuOnly(env)) return [...cpuOnly(env), ...torchvisionPair(env)]
  const build = parseCudaVersion(env.cudaBuild)
  return [
    ...(build ? driverVsBuild(env, build) : []),
    ...(build ? archSupport(env, build) : []),
    ...cudnnCopies(env, build),
    ...torchvisionPair(env),
    ...condaBuild(env),
    ...mixedGpus(env),
  ]
}
