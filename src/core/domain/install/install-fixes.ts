import type { Finding } from '../../../shared/diagnosis'
import type { FindingId } from '../../../shared/i18n/findings'
import type { InstallPlatform } from '../findings/install-command'
import { compatData } from '../../knowledge/compat/data'
import { minorVersionFloor, minorVersionRule } from '../../knowledge/compat/driver'
import { chooseWheelIndex } from '../../knowledge/compat/wheel-index'
import { makeFinding } from '../findings/finding-catalog'
import { hasInstallFix, type InstallContext, installParams } from '../findings/install-params'

const TOO_OLD_FOR_ANY = 'driver-too-old-for-pytorch' satisfies FindingId

/** Node's platform names from sys.platform, process.platform or an OS line: win32, darwin, else linux. */
export function installPlatformOf(platform: string | null | undefined): InstallPlatform {
  const p = (platform ?? '').toLowerCase()
  if (/^(?:win|cygwin|msys)|windows/.test(p)) return 'win32'
  if (/^darwin|^mac ?os/.test(p)) return 'darwin'
  return 'linux'
}

/**
 * The findings with every install command written for this machine: its Python, its OS, a venv
 * where the Python is externally managed, the wheel index its driver runs. Unless told otherwise,
 * a driver older than every PyTorch wheel puts `driver-too-old-for-pytorch` first (no install works before an upgrade).
 */
export function withInstallFixes(findings: Finding[], machine: InstallContext, options: { sayDriverTooOld?: boolean } = {}): Finding[] {
  const out = findings.map((f) =>
    hasInstallFix(f.id) ? makeFinding(f.id, f.severity, { ...f.params, ...installParams(f.id, machine, f.params) }, f.evidence) : f,
  )
  if (options.sayDriverTooOld === false || !machine.driverCuda) return out
  if (out.some((f) => f.id === TOO_OLD_FOR_ANY) || !out.some((f) => hasInstallFix(f.id))) return out
  const choice = chooseWheelIndex(machine.driverCuda, { platform: machine.platform })
  if (choice.ok) return out
  const params = { driverCuda: choice.driverCuda, minCuda: choice.minCuda, ...installParams(TOO_OLD_FOR_ANY, machine) }
  const evidence = `driver CUDA ${choice.driverCuda}; oldest PyTorch wheel CUDA ${choice.minCuda}`
  // CUDA minor-version compatibility: a build of CUDA X.y runs on any driver of the same major X above the rule's
  // floor, so a driver of the oldest wheel's major is not certainly too old (only a newer major is out of reach).
  const compat = sameMajorCompat(choice.driverCuda, choice.minCuda, machine.platform)
  if (compat) return [makeFinding(TOO_OLD_FOR_ANY, 'warning', params, `${evidence}; ${compat}`), ...out]
  // First: no install works until the driver is upgraded.
  return [makeFinding(TOO_OLD_FOR_ANY, 'error', params, evidence), ...out]
}

/** The minor-version compatibility rule that may let the driver run the oldest wheel, in words; null when none applies. */
function sameMajorCompat(driverCuda: string, minCuda: string, platform: InstallPlatform): string | null {
  const data = compatData()
  const rule = minorVersionRule(data, minCuda)
  const driverRule = minorVersionRule(data, driverCuda)
  if (!rule || !driverRule || rule.major !== driverRule.major) return null
  const floor = minorVersionFloor(rule, platform === 'win32' ? 'windows' : 'linux')
  return `CUDA minor-version compatibility: CUDA ${rule.major}.x builds run on a CUDA ${rule.major}.x driver of at least ${floor.driver} [${floor.mark}]`
}

/** The machine a saved diagnosis names in its environment (older saves lack the Python's platform and PEP 668 flag). */
export function installContextOfEnvironment(env: {
  python?: string | null
  pythonPlatform?: string | null
  platform?: string | null
  externallyManaged?: boolean | null
  driverCuda?: string | null
  gpus?: ReadonlyArray<{ computeCapability: string | null }>
}): InstallContext {
  return {
    python: env.python ?? null,
    platform: installPlatformOf(env.pythonPlatform ?? env.platform),
    externallyManaged: env.externallyManaged === true,
    driverCuda: env.driverCuda ?? null,
    gpus: [...new Set((env.gpus ?? []).flatMap((g) => (g.computeCapability ? [g.computeCapability] : [])))],
  }
}

/**
 * A finding saved before its fix took an install command gets one, for the machine it was made
 * on, so no text shows "?" in its place; its saved English message and fix stay as they were.
 */
export function completeInstallFix<F extends Finding>(finding: F, machine: InstallContext): F {
  if (!hasInstallFix(finding.id) || Object.hasOwn(finding.params, 'install')) return finding
  return { ...finding, params: { ...finding.params, ...installParams(finding.id, machine, finding.params) } }
}
