import { listInterpreters } from '../../core/app/list-interpreters'
import { EXIT_OK } from '../cli-error'
import type { CliContext } from '../context'
import { parseOptions } from '../parse-options'
import { renderTable } from '../render/text-table'

/** `gpu-doctor interpreters [--json]`: the Pythons GPU Doctor found, and which have torch. */
export async function interpretersCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values } = parseOptions(args, { json: { type: 'boolean' } })
  const list = await listInterpreters(ctx.env)
  if (values.json === true) {
    ctx.stdout.write(`${JSON.stringify(list, null, 2)}\n`)
    return EXIT_OK
  }
  if (list.length === 0) {
    ctx.print(ctx.t('interpreters.none'))
    return EXIT_OK
  }
  const rows = list.map((i) => [i.path, i.source, i.version ?? '—', i.error ?? (i.torchLocation ? `${ctx.t('interpreters.torch')}: ${i.torchLocation}` : ctx.t('interpreters.noTorch'))])
  const header = ['Python', ctx.t('interpreters.col.source'), ctx.t('interpreters.col.version'), 'torch']
  // The path is what a user copies into --python: cut the rest first.
  ctx.print(renderTable(header, rows, ctx.style, { width: ctx.width, keep: [0] }))
  return EXIT_OK
}
