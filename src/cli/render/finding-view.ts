import type { TFunction } from 'i18next'

import { type FindingText, type RenderableFinding, renderFinding } from '../../shared/i18n/render-finding'
import { cutValues } from '../echo-values'
import { namespaceTexts } from '../namespace-texts'

/** The finding with its values cut as every value the CLI echoes (echo-values.ts). */
export function cutFinding<F extends RenderableFinding>(f: F): F {
  return f.params ? { ...f, params: cutValues(f.params) } : f
}

/**
 * A finding in the language of the CLI's `t` (renderFinding, with the findings catalogue as `t` loads
 * it: on first use), its values cut as in every message the CLI writes.
 */
export function findingText(f: RenderableFinding, t: TFunction): FindingText {
  return renderFinding(cutFinding(f), namespaceTexts(t, 'findings'))
}
