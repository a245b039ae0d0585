import { type Namespaces, sharedResources } from '../shared/i18n/setup'
import type { Language } from '../shared/i18n/languages'

/**
 * The texts of the namespaces the CLI shares with the app (findings, problems, summaries…), both
 * languages. The built CLI keeps them in a file of their own (texts-shared.cjs, scripts/build-cli.mjs),
 * loaded when a command first shows one: `status --from-smi` and `--help` never do.
 */
export const loadSharedTexts = (): Record<Language, Namespaces> => sharedResources
