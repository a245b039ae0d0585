import type { CompatData, TorchRelease, TorchVariant } from '../../../shared/compat-data'
import { compareVersions } from './compare-versions'
import { compatData } from './data'
import { compareCudaMinor, cudaMinor } from './driver'
import { archCoverage } from './arch-coverage'
import { parseArchList } from './arch-list'

/** PyTorch's wheel index: one folder per variant, `…/whl/cu130`. */
export const PYTORCH_WHEEL_INDEX = 'https://download.pytorch.org/whl/'

/** A wheel variant to install: the release, its CUDA tag and the index that serves it. */
export interface WheelIndex {
  ok: true
  /** Latest patch of the release: "2.14.1". */
  torch: string
  /** "cu130". */
  cudaTag: string
  /** The variant's CUDA, major.minor: "13.0". */
  cuda: string
  indexUrl: string
  /**
   * `torch==2.10.0` where pip, left alone, would take a newer torch from that index than the one
   * chosen (the newer one lacks kernels for the GPUs); null where the newest on the index is the one.
   */
  pin: string | null
  /** Whether the driver's CUDA chose it, or (driver unknown) it is the newest release's default. */
  basis: 'driver' | 'default'
  /** Why the choice is not the plain "newest release, highest CUDA the driver runs"; null when it is. */
  note: string | null
}

/** No release in the table runs on this driver. */
export interface NoWheelIndex {
  ok: false
  reason: 'driver-too-old'
  driverCuda: string
  /** The lowest CUDA any release's wheel is built for ("11.7"), and the newest release offering it. */
  minCuda: string
  note: string
}

export type WheelIndexChoice = WheelIndex | NoWheelIndex

export interface WheelIndexOptions {
  /** Windows has no Linux-only variants (cu129). Default linux. */
  platform?: 'linux' | 'win32' | 'darwin'
  /** Compute capabilities ("9.0") the wheel must have kernels for; a variant whose arch list is not known does not count. */
  gpus?: readonly string[]
  /** With the driver unknown: the newest release's default variant (what most drivers run), or its lowest CUDA (for a driver known to be old). */
  unknownDriver?: 'default' | 'lowest'
  data?: CompatData
}

const newestFirst = (releases: readonly TorchRelease[]) => [...releases].sort((a, b) => compareVersions(b.latestPatch, a.latestPatch))

function usable(variant: TorchVariant, options: WheelIndexOptions): boolean {
  if (variant.linuxOnly && options.platform === 'win32') return false
  const gpus = options.gpus ?? []
  if (gpus.length === 0) return true
  // With GPUs to serve, a variant whose arch list is not known is passed over for one known to have their kernels.
  const entries = variant.archList ? parseArchList(variant.archList) : null
  return entries !== null && gpus.every((cc) => archCoverage(cc, entries).covered)
}

function index(releases: readonly TorchRelease[], release: TorchRelease, variant: TorchVariant, options: WheelIndexOptions, basis: WheelIndex['basis'], note: string | null): WheelIndex {
  // What pip takes from this index on this platform: the newest release that has the variant there.
  const onIndex = releases.find((r) => r.variants.some((v) => v.variant === variant.variant && usable(v, { platform: options.platform })))
  return {
    ok: true,
    torch: release.latestPatch,
    cudaTag: variant.variant,
    cuda: cudaMinor(variant.cuda) ?? variant.cuda,
    indexUrl: `${PYTORCH_WHEEL_INDEX}${variant.variant}`,
    pin: onIndex && onIndex !== release ? `torch==${release.latestPatch}` : null,
    basis,
    note,
  }
}

/**
 * The wheel index a fix should install from, for a driver whose highest CUDA is `driverCuda`
 * (nvidia-smi's "CUDA Version"): the highest CUDA variant at or below it that any release in
 * resources/data/pytorch-releases.json offers (cu130 for 13.0, cu124 for 12.4), from the newest
 * release that offers it. Minor-version compatibility is left aside on purpose: the pick runs
 * natively. With `gpus`, only variants known to have kernels for every one of them count (when
 * none has, the driver alone decides). A driver older than every variant: none, saying so.
 */
export function chooseWheelIndex(driverCuda: string | null | undefined, options: WheelIndexOptions = {}): WheelIndexChoice {
  const data = options.data ?? compatData()
  const releases = newestFirst(data.releases.releases)
  const driver = cudaMinor(driverCuda)

  if (!driver) {
    const note = 'The driver is not known: the newest release, for a current driver.'
    for (const release of releases) {
      const variants = release.variants.filter((v) => usable(v, options)).sort((a, b) => compareCudaMinor(a.cuda, b.cuda))
      const pick = options.unknownDriver === 'lowest' ? variants[0] : (variants.find((v) => v.pypiDefault) ?? variants.at(-1))
      if (pick) return index(releases, release, pick, options, 'default', note)
    }
    const newest = releases[0]!
    return index(releases, newest, newest.variants.find((v) => v.pypiDefault) ?? newest.variants.at(-1)!, options, 'default', note)
  }

  const native = (opts: WheelIndexOptions): WheelIndex | null => {
    // Every variant the driver runs natively, highest CUDA first, newest release first within a CUDA.
    const fits = releases
      .flatMap((release) => release.variants.map((variant) => ({ release, variant })))
      .filter(({ variant }) => compareCudaMinor(variant.cuda, driver) <= 0 && usable(variant, opts))
      .sort((a, b) => compareCudaMinor(b.variant.cuda, a.variant.cuda) || compareVersions(b.release.latestPatch, a.release.latestPatch))
    const best = fits[0]
    if (!best) return null
    const newest = releases[0]!
    const note =
      best.release === newest
        ? null
        : `PyTorch ${newest.release} has no ${best.variant.variant} wheel${opts.gpus?.length ? ' with kernels for these GPUs' : ''}; ${best.release.release} is the newest release built for the highest CUDA this driver (CUDA ${driver}) runs.`
    return index(releases, best.release, best.variant, opts, 'driver', note)
  }
  const chosen = native(options)
  if (chosen) return chosen
  // No wheel has kernels for the GPUs (a card older than every wheel): the driver alone decides.
  const anyArch = options.gpus?.length ? native({ ...options, gpus: [] }) : null
  if (anyArch) return { ...anyArch, note: 'No wheel known here has kernels for these GPUs; this is the one the driver runs.' }

  const minCuda = releases
    .flatMap((r) => r.variants.map((v) => cudaMinor(v.cuda) ?? v.cuda))
    .sort(compareCudaMinor)[0]!
  return {
    ok: false,
    reason: 'driver-too-old',
    driverCuda: driver,
    minCuda,
    note: `The driver runs CUDA ${driver} at most; every PyTorch wheel known here needs CUDA ${minCuda} or newer: upgrade the driver.`,
  }
}
