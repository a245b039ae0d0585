import { parseArgs, type ParseArgsConfig } from 'node:util'

import { CliError, EXIT_USAGE } from './cli-error'

type Options = NonNullable<ParseArgsConfig['options']>

/** Options every command accepts. */
export const GLOBAL_OPTIONS = {
  lang: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  'nvidia-smi': { type: 'string' },
} as const satisfies Options

/** node:util parseArgs, with its errors turned into a usage error (exit 2). */
export function parseOptions<O extends Options>(args: string[], options: O) {
  try {
    return parseArgs({ args, options: { ...GLOBAL_OPTIONS, ...options }, allowPositionals: true, strict: true })
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error)
    throw new CliError(message.replace(/\. To specify.*$/, ''), EXIT_USAGE)
  }
}

/** A whole number within bounds, or a usage error that says what was expected. */
export function parseIntOption(
  value: string | undefined,
  option: string,
  min: number,
  max: number,
  fallback: number,
  say: (key: 'error.badNumber', vars: Record<string, unknown>) => string,
): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < min || n > max) {
    throw new CliError(say('error.badNumber', { option, min, max, value }), EXIT_USAGE)
  }
  return n
}
