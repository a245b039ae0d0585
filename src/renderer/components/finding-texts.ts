import type { TFunction } from 'i18next'

import type { Finding, StepResult } from '../../shared/diagnosis'
import { translateSummary } from '../../shared/i18n/summaries'

/** A finding in the reader's language: the catalog text with its params, the core's English as fallback. */
export function findingText(f: Finding, t: TFunction): { title: string; message: string; fix: string } {
  return {
    title: t(`${f.id}.title`, { ns: 'findings', ...f.params, defaultValue: f.id }),
    message: t(`${f.id}.message`, { ns: 'findings', ...f.params, defaultValue: f.message }),
    fix: t(`${f.id}.fix`, { ns: 'findings', ...f.params, defaultValue: f.fix }),
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
