import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// Lint is what keeps the layers and the renderer's features apart; these cases prove it bites.
// The snippets are not files of the TypeScript project, so the type-aware rules are off here.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/await-thenable': 'off',
    },
  },
})

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  const fatal = result?.messages.find((m) => m.fatal)
  if (fatal) throw new Error(fatal.message)
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'core-layers/layers').map((m) => m.message)
}

describe('lint enforces the boundaries', () => {
  it.each([
    ['src/renderer/features/report/X.tsx', "import { useDiagnosis } from '../diagnosis/diagnosis-context'\nexport const x = useDiagnosis", /features\/report may use/],
    ['src/renderer/features/diagnosis/evidence/X.tsx', "import { App } from '../../../app/App'\nexport const x = App", /not another feature or app/],
    ['src/renderer/components/X.tsx', "import { useGpu } from '../features/live/live-context'\nexport const x = useGpu", /may not import a feature/],
    ['src/renderer/features/live/X.ts', "import { GpuStateSchema } from '../../../shared/gpu'\nexport const x = GpuStateSchema", /brings zod into the renderer/],
    ['src/renderer/features/live/X.ts', "import { readFileSync } from 'node:fs'\nexport const x = readFileSync", /Node built-ins/],
    ['src/core/X.ts', "import { createCli } from '../cli/run-cli'\nexport const x = createCli", /used by the front ends/],
    ['src/shared/X.ts', "import { readFileSync } from 'node:fs'\nexport const x = readFileSync", /may import only zod/],
    ['src/core/platform/docker/X.ts', "import { makeFinding } from '../../domain/findings/finding-catalog'\nexport const x = makeFinding", /src\/core\/platform may import only platform/],
    ['src/core/knowledge/compat/X.ts', "import { analyzeText } from '../../domain/rules/analyze-text'\nexport const x = analyzeText", /src\/core\/knowledge may import only platform, knowledge/],
    ['src/core/domain/rules/X.ts', "export { diagnoseAndSave } from '../../app/diagnose-and-save'", /src\/core\/domain may import only platform, knowledge, domain/],
    ['src/core/domain/rules/X.ts', "import type { CoreService } from '../../app/service/types'\nexport type X = CoreService", /not src\/core\/app/],
    ['src/core/X.ts', "export const x = 1\nimport { readRegularText } from './platform/files/read-regular'\nexport const y = readRegularText", /in no layer of src\/core/],
    ['src/cli/commands/X.ts', "import { analyzeText } from '../../core/domain/rules/analyze-text'\nexport const x = analyzeText", /enters the core only through src\/core\/app/],
    ['src/serve/X.ts', "import { SECURITY_HEADERS } from '../core/platform/hosting'\nexport const x = SECURITY_HEADERS", /enters the core only through src\/core\/app/],
    ['src/main/X.ts', "const m = import('../core/domain/report/data-versions')\nexport const x = m", /enters the core only through src\/core\/app/],
    ['test/renderer/features/live/X.test.ts', "import { readFileSync } from 'node:fs'\nexport const x = readFileSync", /Node built-ins/],
    ['test/renderer/features/live/X.test.ts', "import { watchJob } from '../../../../src/core/domain/watch/watch'\nexport const x = watchJob", /may import src\/shared, not core/],
  ])('%s: refuses %j', async (file, code, message) => {
    const messages = await restrictedImports(file, code)
    expect(messages.join('\n')).toMatch(message)
  })

  it.each([
    ['src/renderer/features/live/X.ts', "import type { GpuState } from '../../../shared/gpu'\nimport { STEP_IDS } from '../../../shared/constants'\nimport { CopyLine } from '../../components/CopyLine'\nexport type X = GpuState\nexport const y = [STEP_IDS, CopyLine]"],
    ['test/renderer/features/diagnosis/X.test.ts', "import { DiagnosisSchema } from '../../../../src/shared/diagnosis'\nimport { fakeTransport } from '../../test-support/fake-transport'\nexport const x = [DiagnosisSchema, fakeTransport]"],
    ['src/core/domain/rules/X.ts', "import { compareVersions } from '../../knowledge/compat/compare-versions'\nimport { readRegularText } from '../../platform/files/read-regular'\nexport const x = [compareVersions, readRegularText]"],
    ['src/cli/commands/X.ts', "import type { Finding } from '../../core/domain/findings/types'\nimport { x as y } from '../../core/app/x'\nexport type X = Finding\nexport const x = y"],
  ])('%s: allows types of zod modules, constants, shared widgets, schemas in tests, downward core imports and front-end types', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([])
  })
})
