import { statSync } from 'node:fs'

import { checkOutputTarget, writeOutputFile } from '../../core/app/output-file'
import { renderFleetDocument } from '../../core/app/fleet-texts'
import { SlurmError } from '../../core/app/errors'
import { runSlurmFleet } from '../../core/app/slurm-fleet'
import { saveNodeReports } from '../../core/app/save-node-reports'
import { CliError, EXIT_ENVIRONMENT, EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../cli-error'
import type { CliContext } from '../context'
import { parseIntOption, parseOptions } from '../parse-options'
import { renderFleetTable } from '../render/fleet-view'
import { k8sManifestCommand } from './fleet-k8s'

export const FLEET_OPTIONS = {
  slurm: { type: 'boolean' },
  'k8s-manifest': { type: 'boolean' },
  partition: { type: 'string' },
  nodes: { type: 'string' },
  'gpus-per-node': { type: 'string' },
  python: { type: 'string' },
  image: { type: 'string' },
  'gpu-doctor': { type: 'string' },
  timeout: { type: 'string' },
  namespace: { type: 'string' },
  format: { type: 'string' },
  output: { type: 'string', short: 'o' },
  'reports-dir': { type: 'string' },
} as const

const FORMATS = ['table', 'md', 'html', 'json'] as const

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** How the nodes start this same CLI: its Node.js and bundle (or the single executable), unless --gpu-doctor says. */
export function selfCommand(explicit: string | undefined): string[] {
  if (explicit !== undefined) return explicit.split(/\s+/).filter(Boolean)
  const script = process.argv[1]
  return script && /\.(c?js|mjs)$/.test(script) ? [process.execPath, script] : [process.execPath]
}

/**
 * `gpu-doctor fleet --slurm [--partition P] [--nodes LIST|N] [--gpus-per-node N] [--python PATH] [--image IMAGE]`
 * and `fleet --k8s-manifest ...`. Exit 0 when every node gave a report and nothing needs a look, 1 otherwise.
 */
export async function fleetCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseOptions(args, FLEET_OPTIONS)
  if (positionals.length > 0) throw new CliError(ctx.t('error.badOption', { message: `unexpected argument "${positionals[0]}"` }), EXIT_USAGE)
  if (values['k8s-manifest'] && values.slurm) throw new CliError(ctx.t('fleet.oneMode'), EXIT_USAGE)
  if (values['k8s-manifest']) return k8sManifestCommand(values, ctx)
  if (!values.slurm) throw new CliError(ctx.t('fleet.oneMode'), EXIT_USAGE)

  const say = ctx.t as unknown as (k: 'error.badNumber', v: Record<string, unknown>) => string
  const format = (values.format ?? 'table') as (typeof FORMATS)[number]
  if (!(FORMATS as readonly string[]).includes(format)) throw new CliError(ctx.t('fleet.badFormat', { value: values.format, formats: FORMATS.join(', ') }), EXIT_USAGE)
  const timeoutS = parseIntOption(values.timeout, '--timeout', 10, 86_400, 900, say)
  const gpusPerNode = values['gpus-per-node'] === undefined ? undefined : parseIntOption(values['gpus-per-node'], '--gpus-per-node', 1, 64, 1, say)
  const nodes = values.nodes === undefined ? undefined : /^\d+$/.test(values.nodes) ? parseIntOption(values.nodes, '--nodes', 1, 100_000, 1, say) : values.nodes
  if (values.output !== undefined) await checkOutputTarget(values.output)
  const reportsDir = values['reports-dir']
  if (reportsDir !== undefined && !isDirectory(reportsDir)) throw new CliError(ctx.t('fleet.reportsDir', { dir: reportsDir }), EXIT_USAGE)

  const command = [...selfCommand(values['gpu-doctor'] ?? (values.image !== undefined ? 'gpu-doctor' : undefined)), 'report', '--format', 'json', '--no-save']
  if (values.python !== undefined) command.push('--python', values.python)
  ctx.say(ctx.t('fleet.slurmStart', { command: command.join(' ') }))
  let result
  try {
    result = await runSlurmFleet({
      partition: values.partition,
      nodes,
      gpusPerNode,
      image: values.image,
      command,
      timeoutMs: timeoutS * 1000,
      env: ctx.env,
      signal: ctx.signal,
      onNode: ({ node, state }) => ctx.stderr.write(`  … ${node}: ${ctx.t(`fleet.nodeDone.${state ?? 'ok'}`)}\n`),
    })
  } catch (error) {
    if (error instanceof SlurmError) throw new CliError(ctx.t(`fleet.slurm.${error.code}`, { detail: error.message }), error.code === 'no-nodes' ? EXIT_USAGE : EXIT_ENVIRONMENT)
    throw error
  }
  const { table } = result
  if (reportsDir !== undefined) {
    const count = await saveNodeReports(result, reportsDir)
    ctx.say(ctx.t('fleet.reportsSaved', { count, dir: reportsDir }))
  }
  const text = format === 'table' ? `${renderFleetTable(table, ctx.lang, ctx.width)}\n` : renderFleetDocument(table, format, ctx.lang)
  if (values.output === undefined) {
    ctx.stdout.write(text)
    await ctx.flushStdout()
  } else {
    await writeOutputFile(values.output, text)
    ctx.say(ctx.t('report.wrote', { file: values.output }))
  }
  return (table.lookFirst ?? []).length > 0 ? EXIT_FAILED : EXIT_OK
}
