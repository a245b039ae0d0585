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
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
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
    ['test/renderer/features/live/X.test.ts', "import { readFileSync } from 'node:fs'\nexport const x = readFileSync", /Node built-ins/],
    ['test/renderer/features/live/X.test.ts', "import { watchJob } from '../../../../src/core/domain/watch/watch'\nexport const x = watchJob", /may import src\/shared, not core/],
  ])('%s: refuses %j', async (file, code, message) => {
    const messages = await restrictedImports(file, code)
    expect(messages.join('\n')).toMatch(message)
  })

  it.each([
    ['src/renderer/features/live/X.ts', "import type { GpuState } from '../../../shared/gpu'\nimport { STEP_IDS } from '../../../shared/constants'\nimport { CopyLine } from '../../components/CopyLine'\nexport type X = GpuState\nexport const y = [STEP_IDS, CopyLine]"],
    ['test/renderer/features/diagnosis/X.test.ts', "import { DiagnosisSchema } from '../../../../src/shared/diagnosis'\nimport { fakeTransport } from '../../test-support/fake-transport'\nexport const x = [DiagnosisSchema, fakeTransport]"],
  ])('%s: allows types of zod modules, constants, shared widgets, and schemas in tests', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([])
  })
})
