import i18next, { type i18n, type Module } from 'i18next'

import { i18nOptions } from './options'
import type { Language } from './languages'

/** Flat texts by namespace: `{ namespace: { key: text } }`. */
export type Namespaces = Record<string, Readonly<Record<string, string>>>

/**
 * An i18next instance with the one configuration of every front end (options.ts) and the given
 * texts; `ns` names every namespace, those whose texts are added later included.
 * Resources are inline, so init is synchronous and `t` works as soon as this returns.
 */
export function i18nInstanceWith(lng: Language, resources: Record<Language, Namespaces>, defaultNS: string, ns: readonly string[], modules: Module[] = []): i18n {
  const instance = i18next.createInstance()
  for (const module of modules) instance.use(module)
  void instance.init({ ...i18nOptions(lng, defaultNS, ns), resources })
  return instance
}
