import { createFeatureContext } from '../../stores/feature-context'
import type { WatchActions } from './watch-controller'
import type { WatchStore, WatchStoreState } from './watch-store'

const watch = createFeatureContext<{ watch: WatchStore }, WatchActions>('Watch')

export const WatchProvider = watch.Provider
export const useWatch = <T,>(selector: (s: WatchStoreState) => T): T => watch.useSlice('watch', selector)
export const useWatchActions = watch.useActions
