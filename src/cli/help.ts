import type { TFunction } from 'i18next'

const COMMANDS: Array<[string, string]> = [
  ['status [--json] [--from-smi FILE]', 'cmd.status'],
  ['monitor [--interval MS] [--count N] [--json]', 'cmd.monitor'],
  ['serve [--port N] [--host ADDR] [--open]', 'cmd.serve'],
  ['diagnose [--python PATH] [--steps IDS] [--json]', 'cmd.diagnose'],
  ['analyze --from FILE [--json]', 'cmd.analyze'],
  ['interpreters [--json]', 'cmd.interpreters'],
]

const OPTIONS: Array<[string, string]> = [
  ['--json', 'opt.json'],
  ['--from-smi FILE', 'opt.fromSmi'],
  ['--nvidia-smi PATH', 'opt.nvidiaSmi'],
  ['--interval MS', 'opt.interval'],
  ['--count N', 'opt.count'],
  ['--python PATH', 'opt.python'],
  ['--steps IDS', 'opt.steps'],
  ['--seconds N', 'opt.seconds'],
  ['--disable-cudnn', 'opt.disableCudnn'],
  ['--port N', 'opt.port'],
  ['--host ADDR', 'opt.host'],
  ['--open', 'opt.noOpen'],
  ['--lang en|zh-CN', 'opt.lang'],
  ['-v, --version', 'opt.version'],
  ['-h, --help', 'opt.help'],
]

export function renderHelp(t: TFunction): string {
  const width = Math.max(...[...COMMANDS, ...OPTIONS].map(([c]) => c.length)) + 2
  const rows = (list: Array<[string, string]>) => list.map(([c, k]) => `  ${c.padEnd(width)}${t(k)}`)
  return [
    t('usage.title'),
    '',
    'gpu-doctor <command> [options]',
    '',
    `${t('usage.commands')}:`,
    ...rows(COMMANDS),
    '',
    `${t('usage.options')}:`,
    ...rows(OPTIONS),
    '',
    'Exit codes: 0 ok, 1 a check failed, 2 usage error, 3 environment error (no driver, no nvidia-smi).',
  ].join('\n')
}
