import { createFeatureContext } from '../../stores/feature-context'
import type { GpuStore, GpuStoreState } from './gpu-store'
import type { HostStore, HostStoreState } from './host-store'
import type { LiveActions } from './live-controller'

const live = createFeatureContext<{ gpu: GpuStore; host: HostStore }, LiveActions>('Live')

export const LiveProvider = live.Provider
export const useGpu = <T,>(selector: (s: GpuStoreState) => T): T => live.useSlice('gpu', selector)
export const useHost = <T,>(selector: (s: HostStoreState) => T): T => live.useSlice('host', selector)
export const useLiveActions = live.useActions
