import type { GpuProblem } from '../../../shared/gpu'
import type { HealthResult } from '../../../shared/health'
import { classifySmiFailure, describeRun, makeProblem } from '../../platform/nvidia-smi/classify-failure'
import { locateNvidiaSmi } from '../../platform/nvidia-smi/locate'
import { runProcess } from '../../platform/process/run-process'
import { FOREIGN_DOCTYPE_REASON, foreignDoctype } from '../../platform/nvidia-smi/xml-doctype'
import { type NvidiaHardware, readNvidiaHardware } from '../../platform/host/nvidia-hardware'
import { readHealthFacts } from './health-facts'
import { healthFindings, xidFindings } from './health-rules'
import { type KernelLog, readKernelLog, tallyXids } from './kernel-log'
import { pciGpusOffDriver, unboundGpuLines } from './pci-gpus-off-driver'

export type { HealthResult }

export type HealthOutcome = { ok: true; health: HealthResult } | { ok: false; problem: GpuProblem }

export interface CheckHealthOptions {
  /** A saved `nvidia-smi -q` or `-q -x`; live when absent. */
  smiText?: string
  /** A saved kernel log (dmesg) to read Xids from; with smiText and no log, the kernel log is not read. */
  kernelLogText?: string
  nvidiaSmiPath?: string
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
  platform?: NodeJS.Platform
  timeoutMs?: number
  /** The PCI bus of a live check (default: this machine's sysfs); a saved report has none of its own. */
  readHardware?: () => Promise<NvidiaHardware | null>
}

/**
 * The hardware preflight: nvidia-smi's full report (live `-q -x`, or a saved one) judged for PCIe
 * link, ECC and row remaps, recovery actions, fabric, persistence, power and clock settings, MIG, and
 * the kernel log's Xid events where it can be read. Live, also the GPUs on the PCI bus that the driver
 * does not run (older than the GPU, newer than its architecture's last branch).
 */
export async function checkHealth(options: CheckHealthOptions = {}): Promise<HealthOutcome> {
  const platform = options.platform ?? process.platform
  let text = options.smiText
  let hardware: NvidiaHardware | null = null
  if (text === undefined) {
    const located = locateNvidiaSmi({ explicitPath: options.nvidiaSmiPath, env: options.env })
    if (!located.path) return { ok: false, problem: makeProblem('nvidia-smi-missing', 'nvidia-smi: not found', located.checked) }
    const [run, read] = await Promise.all([
      runProcess(located.path, ['-q', '-x'], { timeoutMs: options.timeoutMs ?? 20_000, signal: options.signal, env: options.env }),
      (options.readHardware ?? readNvidiaHardware)().catch(() => null),
    ])
    hardware = read
    const problem = classifySmiFailure(run, [`nvidia-smi: ${located.path}`])
    // No driver to judge against: the GPUs on the bus that none holds are said as facts beside the problem.
    if (problem) return { ok: false, problem: { ...problem, checked: [...problem.checked, ...unboundGpuLines(hardware)] } }
    text = run.stdout
    if (!readHealthFacts(text)) return { ok: false, problem: makeProblem('garbage-output', describeRun(run), [`nvidia-smi: ${located.path}`]) }
  }
  const facts = readHealthFacts(text)
  if (!facts) return { ok: false, problem: makeProblem('garbage-output', foreignDoctype(text) ? FOREIGN_DOCTYPE_REASON : 'not nvidia-smi -q or -q -x output (no GPU section)') }
  const log: KernelLog =
    options.kernelLogText !== undefined
      ? { readable: true, tally: await tallyXids(options.kernelLogText), source: 'file' }
      : options.smiText !== undefined
        ? { readable: false, reason: 'a saved nvidia-smi report comes without its kernel log (pass one with --kernel-log)' }
        : await readKernelLog(options.env)
  // A GPU the driver does not run is the worst news: it comes first.
  const offDriver = pciGpusOffDriver({ hardware, driverVersion: facts.driverVersion, listedBusIds: facts.gpus.map((g) => g.busId) })
  const findings = [...offDriver, ...(log.readable ? xidFindings(log.tally) : []), ...healthFindings(facts.gpus, platform)]
  return {
    ok: true,
    health: {
      source: options.smiText === undefined ? 'live' : 'file',
      driverVersion: facts.driverVersion,
      gpus: facts.gpus,
      kernelLog: log.readable ? { readable: true, source: log.source, xidCount: log.tally.count } : log,
      findings,
    },
  }
}
