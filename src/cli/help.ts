import type { TFunction } from 'i18next'

import { displayWidth } from './terminal/display-width'
import type { Style } from './terminal/terminal-style'
import { wrapLine } from './terminal/wrap'

type Row = readonly [flags: string, key: string]

interface CommandHelp {
  /** Synopsis lines after `gpu-doctor `. */
  usage: readonly string[]
  /** What the command does, at length: the paragraphs of its help. */
  about: readonly string[]
  options: readonly Row[]
}

const JSON_ROW: Row = ['--json', 'opt.json']
const FROM_SMI: Row = ['--from-smi FILE', 'opt.fromSmi']
const PYTHON: Row = ['--python PATH', 'opt.python']
const GPUS: Row = ['--gpus all|none|0,1', 'opt.gpus']
const SHM: Row = ['--shm-size SIZE', 'opt.shmSize']
const PROMETHEUS: Row = ['--prometheus', 'opt.prometheus']
const PROM_OUTPUT: Row = ['-o, --output FILE', 'opt.promOutput']

/** Every command, in the order `gpu-doctor --help` lists them; its one line there is `summary.<name>`. */
export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  status: { usage: ['status [--json] [--from-smi FILE]'], about: ['cmd.status'], options: [JSON_ROW, FROM_SMI] },
  health: {
    usage: ['health [--json | --prometheus [-o FILE]] [--under-load [--python PATH]] [--from-smi FILE] [--kernel-log FILE]'],
    about: ['cmd.health'],
    options: [JSON_ROW, PROMETHEUS, PROM_OUTPUT, ['--under-load', 'opt.underLoad'], PYTHON, FROM_SMI, ['--kernel-log FILE', 'opt.kernelLog']],
  },
  monitor: {
    usage: ['monitor [--interval MS] [--count N] [--json]'],
    about: ['cmd.monitor'],
    options: [['--interval MS', 'opt.interval'], ['--count N', 'opt.count'], JSON_ROW],
  },
  watch: {
    usage: ['watch --pid PID | --container NAME [--seconds N] [--json]'],
    about: ['cmd.watch'],
    options: [['--pid PID', 'opt.pid'], ['--container NAME', 'opt.container'], ['--seconds N', 'opt.seconds'], JSON_ROW],
  },
  serve: {
    usage: ['serve [--port N] [--host ADDR] [--open] [--python PATH]... [--metrics]'],
    about: ['cmd.serve'],
    options: [['--port N', 'opt.port'], ['--host ADDR', 'opt.host'], ['--open', 'opt.noOpen'], ['--python PATH', 'opt.servePython'], ['--metrics', 'opt.metrics']],
  },
  diagnose: {
    usage: [
      'diagnose [--python PATH] [--steps IDS] [--gpus 0,3] [--seconds N] [--conv-seconds S] [--disable-cudnn] [--no-save] [--no-wait] [--json | --prometheus [-o FILE]]',
      'diagnose --image IMAGE [--gpus all|none|0,1] [--shm-size 8g] [--runtime NAME]',
    ],
    about: ['cmd.diagnose', 'cmd.diagnoseImage'],
    options: [
      PYTHON,
      ['--steps IDS', 'opt.steps'],
      GPUS,
      ['--seconds N', 'opt.seconds'],
      ['--conv-seconds S', 'opt.convSeconds'],
      ['--disable-cudnn', 'opt.disableCudnn'],
      ['--no-save', 'opt.noSave'],
      ['--no-wait', 'opt.noWait'],
      JSON_ROW,
      PROMETHEUS,
      PROM_OUTPUT,
      ['--image IMAGE', 'opt.image'],
      SHM,
      ['--runtime NAME', 'opt.runtime'],
    ],
  },
  analyze: { usage: ['analyze --from FILE [--json]', 'analyze --from - [--json]   < FILE'], about: ['cmd.analyze'], options: [['--from FILE', 'opt.from'], JSON_ROW] },
  interpreters: { usage: ['interpreters [--json]'], about: ['cmd.interpreters'], options: [JSON_ROW] },
  images: { usage: ['images [--json]'], about: ['cmd.images'], options: [JSON_ROW] },
  pull: { usage: ['pull IMAGE [--json]'], about: ['cmd.pull'], options: [JSON_ROW] },
  compare: {
    usage: ['compare IMAGE_A|host IMAGE_B|host [--python PATH] [--gpus all|none|0,1] [--shm-size 8g] [--json]'],
    about: ['cmd.compare'],
    options: [['--python PATH', 'opt.comparePython'], GPUS, SHM, JSON_ROW],
  },
  recommend: {
    usage: ['recommend [--json] [--gpu NAME]... [--cc X.Y]... [--driver VERSION] [--platform linux|windows] [--arch x86_64|aarch64] [--from-smi FILE] [--devel] [--torch X.Y] [--ngc] [--check]'],
    about: ['cmd.recommend'],
    options: [
      JSON_ROW,
      ['--gpu NAME', 'opt.gpu'],
      ['--cc X.Y', 'opt.cc'],
      ['--driver VERSION', 'opt.driver'],
      ['--platform linux|windows', 'opt.platform'],
      ['--arch x86_64|aarch64', 'opt.arch'],
      FROM_SMI,
      ['--devel', 'opt.devel'],
      ['--torch X.Y', 'opt.torch'],
      ['--ngc', 'opt.ngc'],
      ['--check', 'opt.check'],
    ],
  },
  report: {
    usage: [
      'report [--format md|html|json|pdf] [-o FILE] [--redact|--no-redact] [--from FILE | --latest] [--python PATH] [--no-save]',
      'report --compare A.json B.json [--format md|json] [-o FILE]',
      'report --merge FILES... [--format md|html|json] [-o FILE]',
    ],
    about: ['cmd.report'],
    options: [
      ['--format md|html|json|pdf', 'opt.format'],
      ['-o, --output FILE', 'opt.output'],
      ['--redact, --no-redact', 'opt.redact'],
      ['--from FILE', 'opt.fromReport'],
      ['--latest', 'opt.latest'],
      ['--python PATH', 'opt.reportPython'],
      ['--no-save', 'opt.noSave'],
      ['--compare A B', 'opt.compare'],
      ['--merge FILES...', 'opt.merge'],
    ],
  },
  fleet: {
    usage: [
      'fleet --slurm [--partition P] [--nodes LIST|N] [--gpus-per-node N] [--python PATH] [--image IMAGE] [--gpu-doctor CMD] [--timeout S] [--format table|md|html|json] [-o FILE] [--reports-dir DIR]',
      'fleet --k8s-manifest --image IMAGE --nodes N [--gpus-per-node N] [--namespace NS] [-o FILE]',
    ],
    about: ['cmd.fleetSlurm', 'cmd.fleetK8s'],
    options: [
      ['--slurm', 'opt.slurm'],
      ['--partition P', 'opt.partition'],
      ['--nodes LIST|N', 'opt.nodes'],
      ['--gpus-per-node N', 'opt.gpusPerNode'],
      ['--python PATH', 'opt.fleetPython'],
      ['--image IMAGE', 'opt.fleetImage'],
      ['--gpu-doctor CMD', 'opt.gpuDoctor'],
      ['--timeout S', 'opt.timeout'],
      ['--format FORMAT', 'opt.fleetFormat'],
      ['-o, --output FILE', 'opt.output'],
      ['--reports-dir DIR', 'opt.reportsDir'],
      ['--k8s-manifest', 'opt.k8sManifest'],
      ['--namespace NS', 'opt.namespace'],
    ],
  },
}

const GLOBAL: readonly Row[] = [
  ['--nvidia-smi PATH', 'opt.nvidiaSmi'],
  ['--lang en|zh-CN', 'opt.lang'],
  ['-v, --version', 'opt.version'],
  ['-h, --help', 'opt.help'],
]

/** Help is read, not parsed: wrapped to the terminal, else to 80 columns (a pager, a file). */
const HELP_WIDTH = 80
/** Where an option's description starts; a longer option puts it on the line below. */
const DESCRIPTION_COLUMN = 24

/** `name  text` rows, the text in one column and wrapped under itself (below the name where the name is longer). */
function rows(list: readonly (readonly [string, string])[], width: number, column: number): string[] {
  return list.flatMap(([name, text]) => {
    const lead = `  ${name}`
    const fits = displayWidth(lead) + 2 <= column
    const wrapped = wrapLine(`${fits ? lead.padEnd(column) : ' '.repeat(column)}${text}`, width, column)
    return fits ? wrapped : [lead, ...wrapped]
  })
}

const NO_BREAK = '\u00a0'

/** Synopsis lines, each continued under the command's first option, never inside a [bracket]. */
function usageLines(usage: readonly string[], width: number): string[] {
  return usage.flatMap((u) => {
    let depth = 0
    const held = [...u].map((c) => {
      depth += c === '[' ? 1 : c === ']' ? -1 : 0
      return c === ' ' && depth > 0 ? NO_BREAK : c
    })
    return wrapLine(`  gpu-doctor ${held.join('')}`, width, `  gpu-doctor ${u.split(' ')[0]} `.length).map((l) => l.replaceAll(NO_BREAK, ' '))
  })
}

function heading(t: TFunction, key: string, style: Style): string {
  return style.paint('bold', t('help.heading', { title: t(key) }))
}

/** `gpu-doctor --help`: what it is, one line per command, the options every command takes, the exit codes. */
export function renderHelp(t: TFunction, style: Style, terminalWidth?: number): string {
  const width = terminalWidth ?? HELP_WIDTH
  const names = Object.keys(COMMAND_HELP)
  const column = Math.max(...names.map((n) => n.length)) + 4
  return [
    ...wrapLine(t('usage.title'), width),
    '',
    `${heading(t, 'help.usage', style)} ${t('help.synopsis')}`,
    '',
    heading(t, 'usage.commands', style),
    ...rows(
      names.map((n) => [n, t(`summary.${n}`)]),
      width,
      column,
    ),
    '',
    heading(t, 'help.globalOptions', style),
    ...rows(
      GLOBAL.map(([f, k]) => [f, t(k)]),
      width,
      DESCRIPTION_COLUMN,
    ),
    '',
    ...wrapLine(t('help.more'), width),
    ...wrapLine(t('help.exitCodes'), width),
  ].join('\n')
}

/** `gpu-doctor <command> --help`: its synopsis, what it does, its options, then the global ones. */
export function renderCommandHelp(name: string, t: TFunction, style: Style, terminalWidth?: number): string {
  const help = COMMAND_HELP[name]!
  const width = terminalWidth ?? HELP_WIDTH
  return [
    heading(t, 'help.usage', style),
    ...usageLines(help.usage, width),
    '',
    ...help.about.flatMap((k, i) => [...(i > 0 ? [''] : []), ...wrapLine(t(k), width)]),
    '',
    heading(t, 'usage.options', style),
    ...rows(
      help.options.map(([f, k]) => [f, t(k)]),
      width,
      DESCRIPTION_COLUMN,
    ),
    '',
    heading(t, 'help.globalOptions', style),
    ...rows(
      GLOBAL.map(([f, k]) => [f, t(k)]),
      width,
      DESCRIPTION_COLUMN,
    ),
    '',
    ...wrapLine(t('help.exitCodes'), width),
  ].join('\n')
}
