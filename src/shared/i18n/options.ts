import type { InitOptions } from 'i18next'

import { MISSING_VALUE } from './missing-value'
import { LANGUAGES, type Language } from './languages'

/**
 * The namespaces every front end shows (their texts are in setup.ts's sharedResources, with 'language',
 * the code languageOf reads, which is never shown: i18next finds a namespace of inline texts unlisted).
 */
export const SHARED_NAMESPACES = ['findings', 'problems', 'summaries', 'steps', 'reasons', 'docker', 'sampler', 'watch'] as const

/**
 * The one i18next configuration of the CLI, the reports and the renderer, so one key with one set of
 * params reads the same everywhere. No texts here: the renderer adds most of its own after the first paint.
 */
export function i18nOptions(lng: Language, defaultNS: string, ns: readonly string[]): InitOptions {
  return {
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: [...ns],
    defaultNS,
    // Keys are flat ("problem.driverNotLoaded.fix", "diag.stage.workload:conv"): no separators.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    missingInterpolationHandler: () => MISSING_VALUE,
    initAsync: false,
  }
}
