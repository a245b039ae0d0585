import type { Finding, Severity } from '../../../shared/diagnosis'
import { findingsEn } from '../../../shared/i18n/findings'
import { interpolate } from '../../../shared/i18n/interpolate'
import type { MessageParams } from '../../../shared/message'
import { hasInstallFix, installParams, UNKNOWN_MACHINE } from './install-params'

// The 52 ids of shared/reference/failure-modes.md, in its order (A1…G5).
const FAILURE_MODE_IDS: readonly string[] = [
  'driver-not-loaded',
  'nvml-driver-library-mismatch',
  'driver-too-old-for-cuda-runtime',
  'fabric-manager-not-running',
  'uvm-broken-after-suspend',
  'persistence-mode-off',
  'gpu-fallen-off-bus',
  'ecc-uncorrectable-or-row-remap',
  'gsp-firmware-timeout',
  'exclusive-compute-mode-busy',
  'docker-gpu-support-missing',
  'nvidia-runtime-not-registered',
  'container-cli-cannot-load-nvml',
  'image-requires-newer-driver',
  'container-lost-gpu-after-daemon-reload',
  'rootless-cgroup-device-access',
  'container-missing-gpu-env',
  'cdi-spec-missing-or-stale',
  'k8s-device-plugin-no-gpus',
  'container-shm-too-small',
  'container-processes-hidden',
  'cpu-only-torch-build',
  'gpu-arch-not-in-wheel',
  'cuda-visible-devices-misconfigured',
  'cuda-visible-devices-set-too-late',
  'device-order-mismatch',
  'mig-single-instance-per-process',
  'torchvision-torch-mismatch',
  'extension-build-cuda-mismatch',
  'cuda-oom-or-memory-held',
  'async-kernel-error-not-env',
  'bundled-cudnn-not-found',
  'cudnn-shadowed-by-system-copy',
  'system-cuda-libs-shadow-wheel-libs',
  'forward-compat-lib-misuse',
  'input-pipeline-bottleneck',
  'cpu-oversubscription-in-container',
  'cudnn-benchmark-dynamic-shapes',
  'gpu-clock-throttling',
  'pcie-link-degraded',
  'ptx-jit-slow-first-call',
  'tf32-disabled-fp32-matmul',
  'nccl-p2p-hang-consumer-gpus',
  'pcie-acs-blocks-p2p',
  'nccl-shm-too-small',
  'nccl-watchdog-timeout',
  'nccl-wrong-network-interface',
  'wsl-linux-driver-installed',
  'wsl-gpu-in-tcc-mode',
  'wsl-libcuda-not-on-loader-path',
  'wsl-pinned-memory-limit',
  'windows-dll-load-failure',
]

const UNKNOWN_MESSAGE = 'GPU Doctor found a problem it has no description for ({{id}}).'
const UNKNOWN_FIX = 'Read the evidence shown with it; if it stays unclear, please report it.'

/** The failure-mode ids of shared/reference/failure-modes.md (52), in document order. */
export function failureModeIds(): string[] {
  return [...FAILURE_MODE_IDS]
}

/** Every finding id that has texts in the catalog (failure modes and the product's own checks). */
export function catalogIds(): string[] {
  const ids = new Set<string>()
  for (const key of Object.keys(findingsEn)) {
    const match = /^(.+)\.(?:title|message|fix)$/.exec(key)
    if (match?.[1]) ids.add(match[1])
  }
  return [...ids]
}

/**
 * Builds a Finding with its English message and fix from the 'findings' catalog
 * (src/shared/i18n/findings.ts). An id without texts gets a generic message naming it. A fix that
 * installs PyTorch (`{{install}}`) always gets a command: the caller's, for its machine
 * (withInstallFixes), else one for a Linux Python and a current driver.
 */
export function makeFinding(
  id: string,
  severity: Severity,
  params: MessageParams = {},
  evidence: string | null = null,
): Finding {
  const message = findingsEn[`${id}.message`]
  const fix = findingsEn[`${id}.fix`]
  const all = hasInstallFix(id) && !Object.hasOwn(params, 'install') ? { ...params, ...installParams(id, UNKNOWN_MACHINE, params) } : { ...params }
  return {
    id,
    severity,
    message: interpolate(message ?? UNKNOWN_MESSAGE, { id, ...all }),
    fix: interpolate(fix ?? UNKNOWN_FIX, { id, ...all }),
    evidence,
    params: all,
  }
}
