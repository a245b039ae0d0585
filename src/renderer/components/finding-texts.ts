import type { TFunction } from 'i18next'

import type { Finding, StepResult } from '../../shared/diagnosis'
import { findingsEn } from '../../shared/i18n/findings'
import { translateSummary } from '../../shared/i18n/summaries'

/** Whether the catalog's fix needs an install command the finding does not carry (one saved by an older version). */
function lacksInstall(f: Finding): boolean {
  return (findingsEn[`${f.id}.fix`] ?? '').includes('{{install}}') && !Object.hasOwn(f.params ?? {}, 'install')
}

/**
 * A finding in the reader's language: the catalog text with its params, the core's English as
 * fallback, and as the fix where the catalog's would lack its install command (never a "?").
 */
export function findingText(f: Finding, t: TFunction): { title: string; message: string; fix: string } {
  return {
    title: t(`${f.id}.title`, { ns: 'findings', ...f.params, defaultValue: f.id }),
    message: t(`${f.id}.message`, { ns: 'findings', ...f.params, defaultValue: f.message }),
    fix: lacksInstall(f) ? f.fix : t(`${f.id}.fix`, { ns: 'findings', ...f.params, defaultValue: f.fix }),
  }
}

/**
 * English texts that the core already wrote (summaries, flag notes, the "why" of a library) are
 * shown as they are; in other languages the UI's own translation replaces them.
 */
export function coreOr(lang: string, core: string | null | undefined, translated: () => string): string {
  return lang.startsWith('en') && core ? core : translated()
}

/** The step's one-line summary in the reader's language (shared/i18n/summaries), the core's English as fallback. */
export function stepSummary(step: StepResult, t: TFunction): string {
  return translateSummary(step, (key, options) => t(key, options))
}
