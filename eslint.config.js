// Flat config. Layering between src/ folders is enforced with no-restricted-imports; relative
// paths are matched textually, so a pattern names the other top-level folder after one or more
// "../" (e.g. "../core/…" or "../../core/…").
import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join } from 'node:path'

import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

import { coreLayersPlugin } from './eslint-rules/core-layers.mjs'

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts']

/** Relative imports reaching into another top-level folder of src/. */
const intoFolders = (folders, message) => ({
  regex: `^(?:\\.\\./)+(?:src/)?(?:${folders.join('|')})(?:/|$)`,
  message,
})
/** Bare module names, including subpaths (react → react, react/jsx-runtime). */
const packages = (names, message) => ({
  regex: `^(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?:/|$)`,
  message,
})
const NODE_BUILTINS = {
  regex: `^(?:node:|(?:${builtinModules.filter((m) => !m.startsWith('_')).join('|')})(?:/|$))`,
  message: 'Node built-ins are not available here.',
}
const REACT = ['react', 'react-dom', 'react-i18next', 'zustand', 'uplot']

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
})

/**
 * src/shared modules that bring zod with them, directly or through another shared module. The
 * renderer imports only their types: zod stays out of its bundle (constants live in shared/constants).
 */
function zodBearingSharedModules() {
  const dir = join(import.meta.dirname, 'src', 'shared')
  const files = readdirSync(dir, { recursive: true }).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f))
  const importsOf = new Map(
    files.map((f) => {
      const text = readFileSync(join(dir, f), 'utf8')
      const specs = [...text.matchAll(/^import (?!type )[^'"]*from '([^']+)'/gm)].map((m) => m[1])
      const local = specs.filter((x) => x.startsWith('.')).map((x) => join(dirname(f), x).replaceAll('\\', '/'))
      return [f.replace(/\.ts$/, '').replaceAll('\\', '/'), { zod: specs.includes('zod'), local }]
    }),
  )
  const bears = (name, seen = new Set()) => {
    const m = importsOf.get(name)
    if (!m || seen.has(name)) return false
    seen.add(name)
    return m.zod || m.local.some((l) => bears(l, seen))
  }
  return [...importsOf.keys()].filter((name) => bears(name))
}

const RENDERER_FEATURES = ['live', 'diagnosis', 'images', 'report']
/** The renderer's tests and their helpers, mirroring src/renderer: linted as renderer code (browser globals, React hooks). */
const RENDERER_TEST_FILES = ['test/renderer/**/*.{ts,tsx}']
/** What nothing of the renderer imports, its tests included: Node, Electron, the other src/ folders but shared. */
const RENDERER_BASE = [
  NODE_BUILTINS,
  packages(['electron'], 'The renderer reaches main only through window.gpuDoctor.'),
  intoFolders(['core', 'main', 'preload', 'cli', 'serve'], 'The renderer may import src/shared, not core/main/preload/cli/serve.'),
]

/**
 * The renderer: no Node, no Electron, no other src/ folder but shared (and that only as types
 * where it carries zod). Inside it, app/ composes the features; a feature uses components/,
 * stores/, transport/, i18n/ and shared, never another feature or app/; and those shared parts
 * never reach into a feature or app/.
 */
function rendererRules() {
  const zodModules = zodBearingSharedModules()
  const base = RENDERER_BASE
  const noZod = {
    regex: `^(?:\\.\\./)+shared/(?:${zodModules.join('|')})$`,
    allowTypeImports: true,
    message: 'This src/shared module brings zod into the renderer bundle: import its types only (values live in shared/constants).',
  }
  const rendererFiles = ['src/renderer/**']
  const sharedParts = ['components', 'stores', 'transport', 'i18n'].map((f) => `src/renderer/${f}/**`)
  const notIntoFeatures = {
    regex: '^(?:\\.\\./)+(?:features|app)(?:/|$)',
    message: 'Shared parts of the renderer (components, stores, transport, i18n) may not import a feature or app/.',
  }
  return [
    restrict(rendererFiles, [...base, noZod]),
    restrict(sharedParts, [...base, noZod, notIntoFeatures]),
    ...RENDERER_FEATURES.map((feature) =>
      restrict([`src/renderer/features/${feature}/**`], [
        ...base,
        noZod,
        {
          regex: `^(?:\\.\\./)+(?:app|features/(?!${feature}/)[^/]+|${RENDERER_FEATURES.filter((f) => f !== feature).join('|')})(?:/|$)`,
          message: `A feature is self-contained: features/${feature} may use components/, stores/, transport/, i18n/ and shared, not another feature or app/.`,
        },
      ]),
    ),
  ]
}

export default defineConfig(
  { ignores: ['out/**', 'node_modules/**', 'test/fixtures/**', 'dist/**', 'test-results/**', 'test-results-electron/**', 'playwright-report/**', '.carry*/**'] },

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },

  // CommonJS because electron-builder loads its configuration and hooks with require().
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // Type-aware rules, only the ones that pay for themselves: forgotten and misused promises.
  {
    files: TS_FILES,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },

  {
    files: ['src/renderer/**/*.{ts,tsx}', ...RENDERER_TEST_FILES],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },

  // ---- Layering -------------------------------------------------------------------------------
  restrict(['src/shared/**'], [
    { regex: '^(?!\\.)(?!(?:zod|i18next)(?:/|$))', message: 'src/shared may import only zod, i18next and src/shared.' },
    intoFolders(['core', 'main', 'renderer', 'preload', 'cli', 'serve'], 'src/shared may import only zod, i18next and src/shared.'),
  ]),
  // src/core's layers (platform → knowledge → domain → app) and the one door for the front ends.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'core-layers': coreLayersPlugin },
    rules: { 'core-layers/layers': 'error' },
  },
  restrict(['src/core/**'], [
    packages(['electron', ...REACT], 'src/core runs under the CLI and serve too: no Electron, no React.'),
    intoFolders(['main', 'renderer', 'preload', 'cli', 'serve'], 'src/core is used by the front ends, not the other way round.'),
  ]),
  ...rendererRules(),
  restrict(['src/preload/**'], [
    {
      regex: '^(?!\\.)(?!electron$)',
      allowTypeImports: true,
      message: 'The sandboxed preload may import only electron (npm packages would be externalised).',
    },
    {
      regex: '^\\.\\./(?!shared/channels$)',
      allowTypeImports: true,
      message: 'The preload may import only src/shared/channels at runtime (and types from anywhere).',
    },
  ]),
  restrict(['src/cli/**'], [
    packages(['electron', ...REACT], 'The CLI runs under plain Node.'),
    intoFolders(['renderer', 'main', 'preload'], 'The CLI uses src/core, src/serve and src/shared only.'),
  ]),
  restrict(['src/serve/**'], [
    packages(['electron', ...REACT], '`gpu-doctor serve` runs under plain Node.'),
    intoFolders(['renderer', 'main', 'preload', 'cli'], 'serve uses src/core and src/shared only.'),
  ]),
  restrict(['src/main/**'], [
    packages(REACT, 'Main has no UI code.'),
    intoFolders(['renderer', 'preload', 'cli', 'serve'], 'Main uses src/core and src/shared only.'),
  ]),
  restrict(['test/**', 'e2e/**'], [
    {
      regex: '^electron$',
      allowTypeImports: true,
      message: 'Tests run under Node without the Electron binary: import Electron types only.',
    },
  ]),
  // The renderer's tests import what the renderer may, and may also parse with the zod schemas (this
  // replaces the rule above for them).
  restrict(RENDERER_TEST_FILES, RENDERER_BASE),
)
