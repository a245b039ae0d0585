import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import type { LocalImage } from '../../../shared/docker'
import { useImages, useImagesActions } from './images-context'
import { DASH } from '../../components/number-format'
import { HOST } from './images-store'
import { DriverFitBadge } from './Badges'
import { ComparePanel } from './ComparePanel'
import { formatAge, formatSize } from '../../components/size-and-age-format'
import { failureText } from '../../components/error-text'

/** The name compare and pull use: the first tag, else the image id. */
export const imageRef = (img: LocalImage): string => img.tags[0] ?? img.id

/** An image reference that a narrow column wraps after its "/" and ":", not inside a word. */
function breakableRef(ref: string): ReactNode[] {
  return ref.split(/(?<=[/:])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]))
}

function Version({ v }: { v: { value: string; source: string } | null }) {
  return v ? <span title={v.source}>{v.value}</span> : <span className="muted">{DASH}</span>
}

function Row({ img, now }: { img: LocalImage; now: number }) {
  const { t, i18n } = useTranslation()
  const ref = imageRef(img)
  const setSide = useImages((s) => s.setCompareSide)
  const running = useImages((s) => s.compare.running)
  const actions = useImagesActions()
  // Picks host against this image and runs the comparison at once, then shows it.
  const compareWithHost = () => {
    setSide('a', HOST)
    setSide('b', ref)
    void actions.compare()
    document.getElementById('compare')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }
  return (
    <tr data-testid="local-image" data-ref={ref}>
      <td className="local-images__tags">
        {img.tags.length ? img.tags.map((tag) => <code key={tag}>{breakableRef(tag)}</code>) : <code className="muted">{img.id.replace(/^sha256:/, '').slice(0, 12)}</code>}
      </td>
      <td className="num">{formatSize(img.sizeBytes, i18n.language)}</td>
      <td>{formatAge(img.createdAt, now, i18n.language)}</td>
      <td>
        <Version v={img.versions.torch} />
        {img.versions.nvidiaPytorch && (
          <span className="muted">
            {' '}
            (NGC <Version v={img.versions.nvidiaPytorch} />)
          </span>
        )}
      </td>
      <td>
        <Version v={img.versions.cuda} />
      </td>
      <td>
        <Version v={img.versions.cudnn} />
      </td>
      <td>
        <DriverFitBadge fit={img.driverFit} />
        <span className="local-images__reason" data-testid="local-image-fit-reason">
          {t(img.driverFit.message.key, { ns: 'docker', ...img.driverFit.message.params })}
        </span>
      </td>
      <td>
        <button type="button" className="button button--small" disabled={running} onClick={compareWithHost} data-testid="local-image-compare">
          {t('img.local.compareHost')}
        </button>
      </td>
    </tr>
  )
}

/** docker:list-images: what is on this machine, what is inside, and whether this driver runs it. */
export function LocalImages() {
  const { t } = useTranslation()
  const actions = useImagesActions()
  const engineUp = useImages((s) => s.engine?.kind === 'up')
  const images = useImages((s) => s.images)
  const now = useImages((s) => s.imagesAt)
  return (
    <section className="card" data-testid="local-images" aria-busy={images.loading}>
      <div className="section-head">
        <h2>{t('img.local.title')}</h2>
        <button type="button" className="button button--small" disabled={!engineUp || images.loading} onClick={() => void actions.loadImages()} data-testid="local-images-refresh">
          {t('img.refresh')}
        </button>
      </div>
      {!engineUp ? (
        <p className="muted" data-testid="local-images-no-engine">
          {t('img.local.needsEngine')}
        </p>
      ) : (
        <>
          {images.error && (
            <p className="banner banner--error" data-testid="local-images-error">
              {failureText(t, 'img.error', images.error)}
            </p>
          )}
          {images.value && images.value.length === 0 && (
            <p className="muted" data-testid="local-images-empty">
              {t('img.local.empty')}
            </p>
          )}
          {images.value && images.value.length > 0 && (
            <div className="table-scroll">
              <table className="grid-table local-images__table">
                <thead>
                  <tr>
                    <th>{t('img.local.image')}</th>
                    <th className="num">{t('img.local.size')}</th>
                    <th>{t('img.local.age')}</th>
                    <th>PyTorch</th>
                    <th>CUDA</th>
                    <th>cuDNN</th>
                    <th>{t('img.local.driverFit')}</th>
                    <th><span className="visually-hidden">{t('table.actions')}</span></th>
                  </tr>
                </thead>
                <tbody>
                  {images.value.map((img) => (
                    <Row key={img.id} img={img} now={now} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ComparePanel />
        </>
      )}
    </section>
  )
}
