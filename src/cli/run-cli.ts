import { GPU_DOCTOR_VERSION } from '../shared/version'
import { cliErrorOf } from './use-case-error'
import { CliError, EXIT_OK, EXIT_USAGE } from './cli-error'
import { analyzeCommand } from './commands/analyze'
import { compareCommand } from './commands/compare'
import { imagesCommand } from './commands/images'
import { pullCommand } from './commands/pull'
import { recommendCommand } from './commands/recommend'
import { reportCommand } from './commands/report'
import { diagnoseCommand } from './commands/diagnose'
import { interpretersCommand } from './commands/interpreters'
import { monitorCommand } from './commands/monitor'
import { serveCommand } from './commands/serve'
import { statusCommand } from './commands/status'
import { healthCommand } from './commands/health'
import { watchCommand } from './commands/watch'
import type { CliContext } from './context'
import { renderHelp } from './help'
import { createTranslator, pickLanguage } from './i18n'

type Command = (args: string[], ctx: CliContext) => Promise<number>

const COMMANDS: Record<string, Command> = {
  status: statusCommand,
  health: healthCommand,
  monitor: monitorCommand,
  watch: watchCommand,
  serve: serveCommand,
  diagnose: diagnoseCommand,
  analyze: analyzeCommand,
  interpreters: interpretersCommand,
  images: imagesCommand,
  pull: pullCommand,
  compare: compareCommand,
  recommend: recommendCommand,
  report: reportCommand,
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
}

/** Runs the CLI and returns its exit code; every error becomes one line on stderr. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const flag = langFlag(argv)
  const t = createTranslator(pickLanguage(flag, io.env))
  const ctx: CliContext = { t, lang: pickLanguage(flag, io.env), ...io }
  const prefix = t('error.prefix')
  try {
    if (flag !== undefined && !/^(en|zh-CN)$/.test(flag)) throw new CliError(t('error.badLang', { value: flag }), EXIT_USAGE)
    const [name, ...rest] = argv
    if (name === '--version' || name === '-v') {
      io.stdout.write(`gpu-doctor ${GPU_DOCTOR_VERSION}\n`)
      return EXIT_OK
    }
    if (name === undefined || name === '--help' || name === '-h' || name === 'help' || name.startsWith('--lang')) {
      io.stdout.write(`${renderHelp(t)}\n`)
      return name === undefined ? EXIT_USAGE : EXIT_OK
    }
    const command = COMMANDS[name]
    if (!command) throw new CliError(t('error.unknownCommand', { name }), EXIT_USAGE)
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout.write(`${renderHelp(t)}\n`)
      return EXIT_OK
    }
    return await command(rest, ctx)
  } catch (thrown) {
    const error = cliErrorOf(thrown, t)
    if (error instanceof CliError) {
      io.stderr.write(`${prefix}: ${error.message}\n`)
      return error.exitCode
    }
    const message = error instanceof Error ? error.message : String(error)
    io.stderr.write(`${prefix}: ${message.split('\n')[0]}\n`)
    return 1
  }
}
