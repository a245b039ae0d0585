import type { TFunction } from 'i18next'

import type { StepResult } from '../../shared/diagnosis'
import { FINDING_TEXTS } from '../../shared/i18n/findings'
import { languageOf } from '../../shared/i18n/language-code'
import { type RenderableFinding, renderFinding } from '../../shared/i18n/render-finding'
import { translateSummary } from '../../shared/i18n/translate-summary'

export { coreOr } from './core-or'

/** A finding in the language `t` speaks: renderFinding's title, message and fix. */
export function findingText(f: RenderableFinding, t: TFunction): { title: string; message: string; fix: string } {
  const { title, message, fix } = renderFinding(f, FINDING_TEXTS[languageOf((key, options) => t(key, options))])
  return { title, message, fix }
}

/** The step's one-line summary in the reader's language (shared/i18n/summaries), the core's English as fallback. */
export function stepSummary(step: StepResult, t: TFunction): string {
  return translateSummary(step, (key, options) => t(key, options))
}
