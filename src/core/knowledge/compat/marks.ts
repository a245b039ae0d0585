import type { Mark } from '../../../shared/compat-data'

const RANK: Record<Mark, number> = { P: 2, S: 1, U: 0 }

/** The weakest of several confidence marks (P > S > U); P for none. */
export function weakest(...marks: Array<Mark | null | undefined>): Mark {
  let worst: Mark = 'P'
  for (const mark of marks) if (mark && RANK[mark] < RANK[worst]) worst = mark
  return worst
}
