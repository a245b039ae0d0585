import type { TFunction } from 'i18next'

const COMMANDS: Array<[string, string]> = [
  ['status [--json] [--from-smi FILE]', 'cmd.status'],
  ['health [--json] [--under-load [--python PATH]] [--from-smi FILE] [--kernel-log FILE]', 'cmd.health'],
  ['monitor [--interval MS] [--count N] [--json]', 'cmd.monitor'],
  ['serve [--port N] [--host ADDR] [--open]', 'cmd.serve'],
  ['diagnose [--python PATH] [--steps IDS] [--json]', 'cmd.diagnose'],
  ['analyze --from FILE [--json]', 'cmd.analyze'],
  ['interpreters [--json]', 'cmd.interpreters'],
  ['diagnose --image IMAGE [--gpus all|0,1] [--shm-size 8g]', 'cmd.diagnoseImage'],
  ['images [--json]', 'cmd.images'],
  ['pull IMAGE [--json]', 'cmd.pull'],
  ['compare IMAGE_A|host IMAGE_B|host [--json]', 'cmd.compare'],
  ['recommend [--json] [--gpu NAME] [--driver V]', 'cmd.recommend'],
  ['report [--format md|html|json|pdf] [-o FILE]', 'cmd.report'],
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
  ['--image IMAGE', 'opt.image'],
  ['--gpus all|none|0,1', 'opt.gpus'],
  ['--shm-size SIZE', 'opt.shmSize'],
  ['--runtime NAME', 'opt.runtime'],
  ['--disable-cudnn', 'opt.disableCudnn'],
  ['--gpu NAME', 'opt.gpu'],
  ['--cc X.Y', 'opt.cc'],
  ['--driver VERSION', 'opt.driver'],
  ['--platform linux|windows', 'opt.platform'],
  ['--devel', 'opt.devel'],
  ['--torch X.Y', 'opt.torch'],
  ['--ngc', 'opt.ngc'],
  ['--format md|html|json|pdf', 'opt.format'],
  ['-o, --output FILE', 'opt.output'],
  ['--redact, --no-redact', 'opt.redact'],
  ['--from FILE', 'opt.fromReport'],
  ['--latest', 'opt.latest'],
  ['--compare A B', 'opt.compare'],
  ['--merge FILES...', 'opt.merge'],
  ['--no-save', 'opt.noSave'],
  ['--no-wait', 'opt.noWait'],
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
