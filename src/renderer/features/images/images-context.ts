import { createFeatureContext } from '../../stores/feature-context'
import type { ImagesActions } from './images-controller'
import type { ImagesStore, ImagesStoreState } from './images-store'

const images = createFeatureContext<{ images: ImagesStore }, ImagesActions>('Images')

export const ImagesProvider = images.Provider
export const useImages = <T,>(selector: (s: ImagesStoreState) => T): T => images.useSlice('images', selector)
export const useImagesActions = images.useActions
