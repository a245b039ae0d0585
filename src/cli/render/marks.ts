import type { StepResult } from '../../shared/diagnosis'
import type { Style, StyleKind } from '../terminal/terminal-style'

type Severity = 'error' | 'warning' | 'info'

const SEVERITY: Record<Severity, { kind: StyleKind; symbol: string }> = {
  error: { kind: 'fail', symbol: '\u2718' },
  warning: { kind: 'warn', symbol: '\u26a0' },
  info: { kind: 'info', symbol: '\u2139' },
}

/** A finding's severity: `[error]` into a pipe (as scripts read it), a coloured `✘ error` on a terminal. */
export function severityTag(severity: Severity, style: Style): string {
  if (!style.on) return `[${severity}]`
  const { kind, symbol } = SEVERITY[severity]
  return style.paint(kind, `${symbol} ${severity}`)
}

export const STEP_MARK: Record<StepResult['status'], string> = { pass: '\u2714', warn: '\u26a0', fail: '\u2718', skip: '\u2013' }
export const STEP_KIND: Record<StepResult['status'], StyleKind> = { pass: 'ok', warn: 'warn', fail: 'fail', skip: 'dim' }

/** A leading symbol for a state on a terminal (`✔ `, `⚠ `, `✘ `); nothing into a pipe. */
export function stateSymbol(kind: 'ok' | 'warn' | 'fail', style: Style): string {
  if (!style.on) return ''
  return `${style.paint(kind, kind === 'ok' ? '\u2714' : kind === 'warn' ? '\u26a0' : '\u2718')} `
}
