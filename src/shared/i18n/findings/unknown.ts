// The texts of a finding whose id this version does not know and that carries no text of its own
// (a saved finding brings its English message and fix, which are shown instead).

import type { Language } from '../languages'

export const unknownFindingEn = {
  message: 'GPU Doctor found a problem it has no description for ({{id}}).',
  fix: 'Read the evidence shown with it; if it stays unclear, please report it.',
}

export const unknownFindingZh: Record<keyof typeof unknownFindingEn, string> = {
  message: 'GPU Doctor 发现了一个它没有说明的问题（{{id}}）。',
  fix: '查看随附的证据；如果仍不清楚，请报告给我们。',
}

export const UNKNOWN_FINDING: Record<Language, Readonly<typeof unknownFindingEn>> = { en: unknownFindingEn, 'zh-CN': unknownFindingZh }
