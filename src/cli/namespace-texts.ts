import type { TFunction } from 'i18next'

/**
 * Where the CLI's `t` (i18n.ts) keeps the function that gives one namespace's texts in its language,
 * the shared ones loaded on first use as for any message of theirs. The findings catalogue reaches the
 * CLI's renderFinding this way, so that a command loads it only when it shows a finding.
 */
export const NAMESPACE_TEXTS = Symbol.for('gpu-doctor.cli.namespace-texts')

export type NamespaceTexts = (ns: string) => Readonly<Record<string, string>>

/** The texts of namespace `ns` that `t` speaks (its language, English where it has no such namespace); empty for a `t` that is not the CLI's. */
export function namespaceTexts(t: TFunction, ns: string): Readonly<Record<string, string>> {
  const get = (t as unknown as { [NAMESPACE_TEXTS]?: NamespaceTexts })[NAMESPACE_TEXTS]
  return get ? get(ns) : {}
}
