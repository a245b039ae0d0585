import { dockerNotesEn } from '../../shared/i18n/docker-notes'
import { languageEn } from '../../shared/i18n/language-code'
import { reasonsEn } from '../../shared/i18n/recommend-reasons'
import { summariesEn } from '../../shared/i18n/summaries'
import { watchEn } from '../../shared/i18n/watch'
import { originUiEn } from '../../shared/i18n/ui/en'
import { historyUiEn } from '../../shared/i18n/ui/en-history'
import { imagesUiEn } from '../../shared/i18n/ui/en-images'
import { reportUiEn } from '../../shared/i18n/ui/en-report'
import { evidenceMoreUiEn } from '../../shared/i18n/ui/en-evidence-more'

/** The English texts the live page does not show (the Images, Report and history UI, step summaries, image reasons, Docker notes, watch verdicts, the language's code for languageOf): loaded after the first paint. Findings are rendered by renderFinding, from the catalogue itself. */
export const moreTextsEn = { ui: { ...imagesUiEn, ...reportUiEn, ...historyUiEn, ...originUiEn, ...evidenceMoreUiEn }, summaries: summariesEn, reasons: reasonsEn, docker: dockerNotesEn, watch: watchEn, language: languageEn }
