import { dockerNotesZh } from '../../shared/i18n/docker-notes'
import { languageZh } from '../../shared/i18n/language-code'
import { problemsZh } from '../../shared/i18n/problems'
import { reasonsZh } from '../../shared/i18n/recommend-reasons'
import { samplerZh } from '../../shared/i18n/sampler'
import { stepsZh } from '../../shared/i18n/steps'
import { summariesZh } from '../../shared/i18n/summaries'
import { watchZh } from '../../shared/i18n/watch'
import { uiZh } from '../../shared/i18n/ui/zh'

/** Every Chinese text of the UI: loaded when Chinese is chosen (before the first paint when it is the saved choice). Findings are rendered by renderFinding, from the catalogue itself. */
export const textsZh = {
  ui: uiZh,
  problems: problemsZh,
  summaries: summariesZh,
  steps: stepsZh,
  reasons: reasonsZh,
  docker: dockerNotesZh,
  sampler: samplerZh,
  watch: watchZh,
  language: languageZh,
}
