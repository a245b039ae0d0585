const RULES = new Intl.PluralRules('en')

/** "1 uncorrectable ECC error", "3 uncorrectable ECC errors": a count with its English noun. */
export function englishCount(count: number, one: string, other: string): string {
  return `${count} ${RULES.select(count) === 'one' ? one : other}`
}

/**
 * The English template of `key` for `count`, as i18next picks it: `<key>_one` where the catalog has
 * one and the count is singular, else the key itself (texts whose noun follows a count).
 */
export function englishTemplate<C extends Record<string, string>>(catalog: C, key: keyof C & string, count: unknown): string {
  const one = `${key}_one`
  if (typeof count === 'number' && RULES.select(count) === 'one' && Object.hasOwn(catalog, one)) return catalog[one]!
  return catalog[key]!
}
