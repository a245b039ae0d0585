// Every text GPU Doctor shows, in one tree: language → namespace → key → text. The texts live in
// src/shared/i18n (the findings catalogue in findings/, the app's in ui/, the CLI's in cli/, the
// reports' in report.ts, the rest beside them); this is their index, the one place that holds both
// languages side by side (test/shared/i18n/every-text.test.ts checks every key of it in both).
// Front ends import the leaves, each only what it shows (the CLI and the app load theirs in parts):
// never import this module at run time.

import { cliTexts } from './cli'
import { desktopEn, desktopZh } from './desktop'
import { dockerNotesEn, dockerNotesZh } from './docker-notes'
import { FINDING_TEXTS } from './findings'
import { languageEn, languageZh } from './language-code'
import type { Language } from './languages'
import { problemsEn, problemsZh } from './problems'
import { reasonsEn, reasonsZh } from './recommend-reasons'
import { reportTexts } from './report-texts'
import { samplerEn, samplerZh } from './sampler'
import { stepsEn, stepsZh } from './steps'
import { summariesEn, summariesZh } from './summaries'
import { uiEn } from './ui/ui-en'
import { uiZh } from './ui/zh'
import { watchEn, watchZh } from './watch'

const en = {
  findings: FINDING_TEXTS.en,
  problems: problemsEn,
  summaries: summariesEn,
  steps: stepsEn,
  reasons: reasonsEn,
  docker: dockerNotesEn,
  sampler: samplerEn,
  watch: watchEn,
  language: languageEn,
  ui: uiEn,
  cli: cliTexts('en'),
  report: reportTexts('en'),
  desktop: desktopEn,
}

/** The shape of the tree in each language: English's namespaces, each with English's keys. */
export type TextTree = { readonly [NS in keyof typeof en]: Readonly<Record<keyof (typeof en)[NS], string>> }

/** Namespace names: shared by every front end ('findings' … 'language'), or one front end's own ('ui', 'cli', 'report', 'desktop'). */
export type Namespace = keyof TextTree

export const TEXTS: Readonly<Record<Language, TextTree>> = {
  en,
  'zh-CN': {
    findings: FINDING_TEXTS['zh-CN'],
    problems: problemsZh,
    summaries: summariesZh,
    steps: stepsZh,
    reasons: reasonsZh,
    docker: dockerNotesZh,
    sampler: samplerZh,
    watch: watchZh,
    language: languageZh,
    ui: uiZh,
    cli: cliTexts('zh-CN'),
    report: reportTexts('zh-CN'),
    desktop: desktopZh,
  },
}
