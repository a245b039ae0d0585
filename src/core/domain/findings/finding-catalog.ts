import type { Finding, Severity } from '../../../shared/diagnosis'
import { FINDING_IDS, FINDING_TEXTS, type FindingId, isFindingId } from '../../../shared/i18n/findings'
import { interpolate } from '../../../shared/i18n/interpolate'
import { renderFinding } from '../../../shared/i18n/render-finding'
import type { MessageParams } from '../../../shared/message'
import { hasInstallFix, installParams, UNKNOWN_MACHINE } from './install-params'

// The 52 ids of shared/reference/failure-modes.md, in its order (A1…G5).
const FAILURE_MODE_IDS: readonly FindingId[] = [
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

// Never seen but through a cast (makeFinding takes catalogue ids only): said, rather than a blank.
const UNKNOWN_MESSAGE = 'GPU Doctor found a problem it has no description for ({{id}}).'
const UNKNOWN_FIX = 'Read the evidence shown with it; if it stays unclear, please report it.'

/** The failure-mode ids of shared/reference/failure-modes.md (52), in document order. */
export function failureModeIds(): FindingId[] {
  return [...FAILURE_MODE_IDS]
}

/** Every finding id of the catalogue (failure modes and the product's own checks), in its order. */
export function catalogIds(): FindingId[] {
  return [...FINDING_IDS]
}

/**
 * A Finding of a catalogue id (src/shared/i18n/findings): its id and params, with its English message
 * and fix as renderFinding writes them (kept in the finding for its JSON, saved files and older
 * readers; every front end renders the finding again in its reader's language). A fix that
 * installs PyTorch (`{{install}}`) always gets a command: the caller's, for its machine
 * (withInstallFixes), else one for a Linux Python and a current driver.
 */
export function makeFinding(
  id: FindingId,
  severity: Severity,
  params: MessageParams = {},
  evidence: string | null = null,
): Finding {
  const all = hasInstallFix(id) && !Object.hasOwn(params, 'install') ? { ...params, ...installParams(id, UNKNOWN_MACHINE, params) } : { ...params }
  const { message, fix } = renderFinding(
    { id, params: all, message: interpolate(UNKNOWN_MESSAGE, { id, ...all }), fix: interpolate(UNKNOWN_FIX, { id, ...all }) },
    FINDING_TEXTS.en,
  )
  return { id, severity, message, fix, evidence, params: all }
}

/**
 * A finding made again with another severity, params or evidence (merged, deduplicated): through
 * makeFinding where its id is the catalogue's; one read from another version's file keeps its texts.
 */
export function remakeFinding(finding: Finding, severity: Severity, params: MessageParams, evidence: string | null): Finding {
  return isFindingId(finding.id) ? makeFinding(finding.id, severity, params, evidence) : { ...finding, severity, params, evidence }
}
