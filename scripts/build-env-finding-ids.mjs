// Writes src/shared/i18n/env-finding-ids.ts, the finding ids of the environment variables of
// resources/data/cuda-environment.json that can earn a warning, as typed constants, with each one's area: the findings
// catalogue's FindingId takes them from there (test/shared/i18n/env-finding-ids.test.ts fails until
// this is rerun after the table gains or loses such a variable).
import { readFileSync, writeFileSync } from 'node:fs'

const OUT = 'src/shared/i18n/env-finding-ids.ts'

const table = JSON.parse(readFileSync('resources/data/cuda-environment.json', 'utf8'))
// The naming rule of envFindingIdOf (src/shared/i18n/env-findings.ts): CUDA_LAUNCH_BLOCKING → env-cuda-launch-blocking.
const warning = table.variables.filter((v) => v.class !== 'informational')
const idOf = (v) => `env-${v.name.toLowerCase().replace(/_/g, '-')}`
const ids = warning.map(idOf)

writeFileSync(
  OUT,
  [
    '// Generated from resources/data/cuda-environment.json by `node scripts/build-env-finding-ids.mjs`: do not edit.',
    '// One finding id per variable whose value can earn a warning (every class but "informational").',
    '',
    'export const ENV_FINDING_IDS = [',
    ...ids.map((id) => `  '${id}',`),
    '] as const',
    '',
    'export type EnvFindingId = (typeof ENV_FINDING_IDS)[number]',
    '',
    "/** The part of the CUDA stack each variable acts on (the table's `area`): what a headline ranks by, without the whole table in the app. */",
    'export const ENV_FINDING_AREAS: Readonly<Record<EnvFindingId, string>> = {',
    ...warning.map((v) => `  '${idOf(v)}': '${v.area}',`),
    '}',
    '',
  ].join('\n'),
)
console.log(`wrote ${OUT} (${ids.length} ids)`)
