// Values both sides need, with no imports: the renderer imports them without pulling zod into
// its bundle. The zod schemas in the other shared modules are built from these.

/** The six steps, in order (the sixth, the links between GPUs, skips with one GPU). */
export const STEP_IDS = ['gpu-visible', 'cudnn-loaded', 'ldd-linkage', 'sm-utilisation', 'conv-timing', 'gpu-links'] as const

/** The cuDNN and matmul flags step 2 reports. */
export const CUDNN_FLAGS = ['benchmark', 'deterministic', 'allowTf32', 'matmulAllowTf32'] as const

/** Reports one fleet merge takes at most, and the characters of each (about 2 MB). */
export const FLEET_MAX_REPORTS = 50
export const FLEET_MAX_BYTES = 2 * 1024 * 1024

/** The largest request body `gpu-doctor serve` accepts. */
export const SERVE_MAX_BODY_BYTES = 8 * 1024 * 1024
/** What one fleet merge request may carry, below SERVE_MAX_BODY_BYTES with room for JSON escaping. */
export const FLEET_MAX_REQUEST_CHARS = 7 * 1024 * 1024

/** `--shm-size` (and a container target's shmSizeBytes) at most: 1 TiB; more fails inside Docker after the run began. */
export const MAX_SHM_SIZE_BYTES = 1024 ** 4

// Inputs a user hands over, at most (bytes from a file, characters in a paste box or a serve request):
// one byte more is a clear error, so that no input costs more than about 300 MB of memory
// (scripts/measure-input-bounds.mjs measures each at its limit; figures in the README).

/** nvidia-smi output (table, CSV, -q, -q -x, dmon) from a file or the "other machine" paste box. */
export const MAX_SMI_TEXT = 4 * 1024 * 1024
/** A pasted text for `analyze`: a log, collect_env or ldd output. */
export const MAX_PASTED_TEXT = 8 * 1024 * 1024
/** A kernel log (`health --kernel-log`). */
export const MAX_KERNEL_LOG_TEXT = 16 * 1024 * 1024
/** A saved report or diagnosis JSON (`report --from`, `--compare`, a history entry). */
export const MAX_REPORT_JSON = 4 * 1024 * 1024
/** Nesting of a report JSON: real ones are about 10 deep. */
export const MAX_REPORT_DEPTH = 64
/** One string in a report JSON (the longest real ones, ldd or collect_env evidence, are a few KiB). */
export const MAX_REPORT_STRING = 256 * 1024
/**
 * Values (strings, numbers, objects, list entries…) in a report JSON, counted before its schema
 * check: real ones hold about 1,200. The check costs about 650 bytes per problem it finds, so a
 * 4 MiB list of 2 million wrong entries once cost 1.3 GB; this bounds what it can find.
 */
export const MAX_REPORT_VALUES = 50_000

/** Step 4: mean SM% under load below this, and the bottleneck is not the GPU (the seeds' 70 %). */
export const SM_WARN_BELOW = 70
/** A load whose two halves differ by more than this (% of its TFLOP/s) did not measure a steady figure. */
export const UNSTEADY_PERCENT = 5

/** Step 5: cuDNN on must beat off by this much on the representative layer, or cuDNN is not doing its job. */
export const MIN_WORKING_RATIO = 1.3
/** Step 5: a speed-up at or above this is cuDNN working as expected. */
export const GOOD_RATIO = 2

/** Health: below this GPU utilisation a link at a lower PCIe generation is the driver saving power, not a fault. */
export const PCIE_LOADED_PERCENT = 50
/** Health: a power limit more than this many watts under the default is a cap someone set. */
export const POWER_LIMIT_SLACK_W = 1

/** Watch: a sample with SM below this counts as the GPU idle (its share is the "idle share"). */
export const WATCH_IDLE_SM_BELOW = 10
/** Watch: host↔GPU PCIe traffic (rx + tx, MB/s) at or above this, with low SM, is a transfer-bound job. */
export const WATCH_PCIE_BUSY_MBPS = 3000
/** Watch: a thread (or a DataLoader worker) at or above this CPU % is busy. */
export const WATCH_BUSY_CPU_PERCENT = 80
/** Watch: a cgroup CPU limit throttling the job this share of the time or more is oversubscription. */
export const WATCH_THROTTLED_SHARE = 0.2
/** Other processes keeping the job's GPU busy at least this % of the time (mean) make sharing the bottleneck. */
export const WATCH_OTHERS_BUSY_PERCENT = 20
/** Watch: the default and the bounds of `--seconds`. */
export const WATCH_DEFAULT_SECONDS = 30
export const WATCH_MIN_SECONDS = 3
export const WATCH_MAX_SECONDS = 3600
/** Watches one client (a window, a browser tab of serve) may run at once; each holds nvidia-smi dmon and pmon. */
export const WATCH_MAX_PER_CLIENT = 2
/** Watches the app or `serve` runs at once for all clients together. */
export const WATCH_MAX_TOTAL = 8
