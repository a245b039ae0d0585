import type { WatchResult } from '../../../shared/watch'

/** The facts a verdict rests on: everything in a WatchResult but the verdict itself. */
export type WatchFacts = Omit<WatchResult, 'verdict' | 'findings' | 'headline'>
