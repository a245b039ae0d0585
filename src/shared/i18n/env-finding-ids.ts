// Generated from resources/data/cuda-environment.json by `node scripts/build-env-finding-ids.mjs`: do not edit.
// One finding id per variable whose value can earn a warning (every class but "informational").

export const ENV_FINDING_IDS = [
  'env-cuda-visible-devices',
  'env-cuda-launch-blocking',
  'env-cuda-module-loading',
  'env-cuda-cache-disable',
  'env-cuda-force-ptx-jit',
  'env-cuda-mps-active-thread-percentage',
  'env-nvidia-tf32-override',
  'env-pytorch-cuda-alloc-conf',
  'env-pytorch-alloc-conf',
  'env-pytorch-no-cuda-memory-caching',
  'env-torch-cudnn-v8-api-disabled',
  'env-torch-show-cpp-stacktraces',
  'env-cublas-loginfo-dbg',
  'env-cublaslt-log-level',
  'env-cudnn-loglevel-dbg',
  'env-cudnn-loginfo-dbg',
  'env-cudnn-logwarn-dbg',
  'env-cudnn-logerr-dbg',
  'env-nccl-p2p-disable',
  'env-nccl-ib-disable',
  'env-nccl-shm-disable',
  'env-nccl-nvls-enable',
  'env-nccl-debug',
  'env-torch-nccl-desync-debug',
] as const

export type EnvFindingId = (typeof ENV_FINDING_IDS)[number]

/** The part of the CUDA stack each variable acts on (the table's `area`): what a headline ranks by, without the whole table in the app. */
export const ENV_FINDING_AREAS: Readonly<Record<EnvFindingId, string>> = {
  'env-cuda-visible-devices': 'cuda',
  'env-cuda-launch-blocking': 'cuda',
  'env-cuda-module-loading': 'cuda',
  'env-cuda-cache-disable': 'cuda',
  'env-cuda-force-ptx-jit': 'cuda',
  'env-cuda-mps-active-thread-percentage': 'cuda',
  'env-nvidia-tf32-override': 'cublas',
  'env-pytorch-cuda-alloc-conf': 'pytorch',
  'env-pytorch-alloc-conf': 'pytorch',
  'env-pytorch-no-cuda-memory-caching': 'pytorch',
  'env-torch-cudnn-v8-api-disabled': 'cudnn',
  'env-torch-show-cpp-stacktraces': 'pytorch',
  'env-cublas-loginfo-dbg': 'cublas',
  'env-cublaslt-log-level': 'cublas',
  'env-cudnn-loglevel-dbg': 'cudnn',
  'env-cudnn-loginfo-dbg': 'cudnn',
  'env-cudnn-logwarn-dbg': 'cudnn',
  'env-cudnn-logerr-dbg': 'cudnn',
  'env-nccl-p2p-disable': 'nccl',
  'env-nccl-ib-disable': 'nccl',
  'env-nccl-shm-disable': 'nccl',
  'env-nccl-nvls-enable': 'nccl',
  'env-nccl-debug': 'nccl',
  'env-torch-nccl-desync-debug': 'nccl',
}
