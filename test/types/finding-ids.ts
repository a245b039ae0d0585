// Type-level tests of the finding ids, checked by `npm run typecheck` (tsconfig.json includes test/),
// never run: each `@ts-expect-error` fails the check if the line below it stops being an error, so
// makeFinding cannot silently go back to taking any string.
import type { Finding } from '../../src/shared/diagnosis'
import { makeFinding } from '../../src/core/domain/findings/finding-catalog'
import { type FindingId, isFindingId } from '../../src/shared/i18n/findings'

export function findingIdTypeChecks(fromFile: Finding, name: string): Finding[] {
  const made = [
    makeFinding('driver-not-loaded', 'error'),
    makeFinding('env-cuda-launch-blocking', 'warning', { value: '"1"' }),
    // @ts-expect-error: an id the catalogue does not have
    makeFinding('driver-not-loded', 'error'),
    // @ts-expect-error: a string that may be any id (a finding read from a file) must be checked first
    makeFinding(fromFile.id, 'error'),
    // @ts-expect-error: a variable of type string, however it was made
    makeFinding(`env-${name}`, 'warning'),
  ]
  if (isFindingId(fromFile.id)) made.push(makeFinding(fromFile.id, fromFile.severity))
  // @ts-expect-error: the id type holds the catalogue's ids only
  const typo: FindingId = 'gpu-fell-off-bus'
  const known: FindingId = 'gpu-fallen-off-bus'
  return [...made, makeFinding(known, 'error'), makeFinding(typo, 'error')]
}
