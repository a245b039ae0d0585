import '../../components/pages.css'
import './images.css'

import { useEffect } from 'react'

import { useImagesActions } from './images-context'
import { EngineCard } from './EngineCard'
import { LocalImages } from './LocalImages'
import { LocalRecommendation } from './LocalRecommendation'
import { OtherMachine } from './OtherMachine'

/**
 * Which PyTorch image fits this machine (or another one), the Docker engine, and the images on it.
 * Everything but the recommendation needs the engine; the page stays useful while it is down.
 */
export function ImagesPage() {
  const actions = useImagesActions()
  useEffect(() => {
    void actions.open()
  }, [actions])
  return (
    <div className="images-page">
      <div className="images-page__top">
        <LocalRecommendation />
        <EngineCard />
      </div>
      <LocalImages />
      <OtherMachine />
    </div>
  )
}
