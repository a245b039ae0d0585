import { FINDING_TEXTS, type FindingId, type FindingPart } from '../../../shared/i18n/findings'
import { catalogIds, failureModeIds } from './finding-catalog'

/** A `{{param}}` stands for a value of the user's machine: shown as ‹param› in the reference. */
function placeholders(text: string): string {
  // A [[venv]] section (said where the install command makes a venv) is shown as the note it is; a
  // [[route:X]] section (said where the library came in that way) as «X: …».
  return text
    .replace(/\{\{\s*(\w+)\s*\}\}/g, '‹$1›')
    .replace(/\[\[venv\]\]\s*([\s\S]*?)\[\[\/venv\]\]/g, ' ($1)')
    .replace(/\[\[route:([a-z-]+)\]\]\s*([\s\S]*?)\s*\[\[\/route\]\]/g, ' «$1: $2» ')
    .replace(/ {2,}/g, ' ')
    .trim()
}

function entry(id: FindingId): string {
  const en = (part: FindingPart) => placeholders(FINDING_TEXTS.en[`${id}.${part}`])
  const zh = (part: FindingPart) => placeholders(FINDING_TEXTS['zh-CN'][`${id}.${part}`])
  return [
    `### \`${id}\``,
    '',
    `**${en('title')}** · ${zh('title')}`,
    '',
    `- What is wrong: ${en('message')}`,
    `- Fix: ${en('fix')}`,
    `- 问题：${zh('message')}`,
    `- 修复：${zh('fix')}`,
    '',
  ].join('\n')
}

/**
 * docs/findings.md: every finding GPU Doctor reports, with what it means and its fix, in English
 * and Chinese, made from the catalog the code uses (scripts/build-findings-doc.mjs writes it; a
 * test fails when the file and the catalog disagree).
 */
export function renderFindingsReference(): string {
  const modes = failureModeIds()
  const own = catalogIds().filter((id) => !modes.includes(id))
  return [
    '# Findings reference · 诊断结论参考',
    '',
    'Every finding id GPU Doctor can report (in `gpu-doctor diagnose`, `analyze`, reports and the app),',
    'with what it means and how to fix it. ‹name› stands for a value from your machine.',
    'Generated from the catalog in the code by `node scripts/build-findings-doc.mjs`: do not edit by hand.',
    '',
    'GPU Doctor 可能给出的每个结论，包括含义和修复方法。‹name› 表示来自你机器的具体值。',
    '',
    `## Known failure modes · 已知故障（${modes.length}）`,
    '',
    ...modes.map(entry),
    `## GPU Doctor's own checks · GPU Doctor 自身的检查（${own.length}）`,
    '',
    ...own.map(entry),
  ].join('\n')
}
