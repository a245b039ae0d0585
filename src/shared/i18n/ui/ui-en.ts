import { baseUiEn, originUiEn } from './en'
import { historyUiEn } from './en-history'
import { imagesUiEn } from './en-images'
import { reportUiEn } from './en-report'
import { watchUiEn } from './en-watch'
import { evidenceMoreUiEn } from './en-evidence-more'

// Composed here, not in en.ts: the app's first load takes en.ts's texts without the Images, Report and history ones.
/** UI strings (namespace 'ui'). Flat keys; i18next runs with keySeparator: false. The Images and Report pages keep theirs in their own files. */
export const uiEn = {
  ...baseUiEn,
  ...imagesUiEn,
  ...reportUiEn,
  ...historyUiEn,
  ...watchUiEn,
  ...originUiEn,
  ...evidenceMoreUiEn,
} as const

export type UiKey = keyof typeof uiEn
