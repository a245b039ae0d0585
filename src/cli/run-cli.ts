import { realClock } from '../core/app/clock'
import { GPU_DOCTOR_VERSION } from '../shared/version'
import { cliErrorOf } from './use-case-error'
import { CliError, EXIT_ENVIRONMENT, EXIT_OK, EXIT_USAGE } from './cli-error'
import type { CliContext } from './context'
import { COMMAND_HELP, renderCommandHelp, renderHelp } from './help'
import { createTranslator, pickLanguage } from './i18n'
import { guardStream } from './stdout-guard'
import { createStyle, wantsColour } from './terminal/terminal-style'
import { wrapText } from './terminal/wrap'

type Command = (args: string[], ctx: CliContext) => Promise<number>

// Each command's code loads only when that command runs: `--version` or `status` does not parse
// the Docker client, the report renderer or the server (the bundle splits along these imports).
const COMMANDS: Record<string, () => Promise<Command>> = {
  status: () => import('./commands/status').then((m) => m.statusCommand),
  health: () => import('./commands/health').then((m) => m.healthCommand),
  monitor: () => import('./commands/monitor').then((m) => m.monitorCommand),
  watch: () => import('./commands/watch').then((m) => m.watchCommand),
  serve: () => import('./commands/serve').then((m) => m.serveCommand),
  diagnose: () => import('./commands/diagnose').then((m) => m.diagnoseCommand),
  analyze: () => import('./commands/analyze').then((m) => m.analyzeCommand),
  interpreters: () => import('./commands/interpreters').then((m) => m.interpretersCommand),
  images: () => import('./commands/images').then((m) => m.imagesCommand),
  pull: () => import('./commands/pull').then((m) => m.pullCommand),
  compare: () => import('./commands/compare').then((m) => m.compareCommand),
  recommend: () => import('./commands/recommend').then((m) => m.recommendCommand),
  report: () => import('./commands/report').then((m) => m.reportCommand),
  fleet: () => import('./commands/fleet').then((m) => m.fleetCommand),
}

/** `--lang X` / `--lang=X` anywhere on the line, read before commands parse their options. */
function langFlag(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '--lang') return argv[i + 1]
    if (a.startsWith('--lang=')) return a.slice(7)
  }
  return undefined
}

export interface CliIo {
  env: NodeJS.ProcessEnv
  stdout: CliContext['stdout']
  stderr: NodeJS.WritableStream
  signal: AbortSignal
  /** Default the real clock; tests hand their own, and the recordings `watch` reads, so nothing waits in real time. */
  clock?: CliContext['clock']
  watchSampling?: CliContext['watchSampling']
}

/**
 * Runs the CLI and returns its exit code; every error becomes one line on stderr. Everything printed
 * goes through one guard: control characters from input are stripped, and a failed write to stdout
 * (a full disk behind `> file`) stops the command and exits 3, whatever the command.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const flag = langFlag(argv)
  const t = createTranslator(pickLanguage(flag, io.env))
  const stopped = new AbortController()
  const style = createStyle(wantsColour(io.stdout, io.env))
  // EPIPE (`| head`) is a reader that has seen enough: the entry point treats it as a normal stop.
  const stdout = guardStream(io.stdout, (error) => error.code !== 'EPIPE' && stopped.abort(), style.toTerminal)
  const stderr = guardStream(io.stderr)
  const signal = AbortSignal.any([io.signal, stopped.signal])
  const flushStdout = async () => {
    await stdout.settled()
    const failure = stdout.failure()
    if (failure && failure.code !== 'EPIPE') throw new CliError(t('output.stdout', { code: failure.code ?? failure.message }), EXIT_ENVIRONMENT)
  }
  const width = terminalWidth(io.stdout)
  const ctx: CliContext = {
    t,
    lang: pickLanguage(flag, io.env),
    env: io.env,
    stdout: stdout.stream,
    stderr: stderr.stream,
    style,
    width,
    print: (text) => stdout.stream.write(`${wrapText(text, width)}\n`),
    say: (text) => stderr.stream.write(`${wrapText(text, terminalWidth(io.stderr as { isTTY?: boolean; columns?: number }))}\n`),
    signal,
    flushStdout,
    clock: io.clock ?? realClock,
    watchSampling: io.watchSampling,
  }
  const code = await runCommand(argv, flag, ctx, () => stopped.signal.aborted)
  try {
    await flushStdout()
  } catch (error) {
    ctx.stderr.write(`${wrapText(`${t('error.prefix')}: ${(error as Error).message}`, terminalWidth(io.stderr as { isTTY?: boolean; columns?: number }))}\n`)
    return EXIT_ENVIRONMENT
  }
  await stderr.settled()
  return code
}

/** The width output is wrapped to: the terminal's (80 where it does not say), none into a pipe or a file. */
function terminalWidth(stream: { isTTY?: boolean; columns?: number }): number | undefined {
  if (stream.isTTY !== true) return undefined
  return stream.columns !== undefined && stream.columns > 0 ? stream.columns : 80
}

async function runCommand(argv: string[], flag: string | undefined, ctx: CliContext, stoppedByOutput: () => boolean): Promise<number> {
  const { t } = ctx
  const io = ctx
  const prefix = t('error.prefix')
  try {
    if (flag !== undefined && !/^(en|zh-CN)$/.test(flag)) throw new CliError(t('error.badLang', { value: flag }), EXIT_USAGE)
    const [name, ...rest] = argv
    if (name === '--version' || name === '-v') {
      io.stdout.write(`gpu-doctor ${GPU_DOCTOR_VERSION}\n`)
      return EXIT_OK
    }
    // `help status` as `status --help`.
    const helpFor = name === 'help' && rest[0] !== undefined && Object.hasOwn(COMMAND_HELP, rest[0]) ? rest[0] : undefined
    if (helpFor === undefined && (name === undefined || name === '--help' || name === '-h' || name === 'help' || name.startsWith('--lang'))) {
      io.stdout.write(`${renderHelp(t, ctx.style, ctx.width)}\n`)
      return name === undefined ? EXIT_USAGE : EXIT_OK
    }
    const command = helpFor ?? name!
    const load = COMMANDS[command]
    if (!load) throw new CliError(t('error.unknownCommand', { name: command }), EXIT_USAGE)
    if (helpFor !== undefined || rest.includes('--help') || rest.includes('-h')) {
      io.stdout.write(`${renderCommandHelp(command, t, ctx.style, ctx.width)}\n`)
      return EXIT_OK
    }
    const run = await load()
    return await run(rest, ctx)
  } catch (thrown) {
    // A command stopped by a failed stdout write: that failure is the one line to say (runCli says it).
    if (stoppedByOutput()) return EXIT_ENVIRONMENT
    const error = cliErrorOf(thrown, t, ctx.lang)
    if (error instanceof CliError) {
      io.stderr.write(`${wrapText(`${prefix}: ${error.message}`, terminalWidth(io.stderr as { isTTY?: boolean; columns?: number }))}\n`)
      return error.exitCode
    }
    const message = error instanceof Error ? error.message : String(error)
    io.stderr.write(`${prefix}: ${message.split('\n')[0]}\n`)
    return 1
  }
}
