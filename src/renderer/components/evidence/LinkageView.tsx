import { useTranslation } from 'react-i18next'

import type { LinkageEvidence } from '../../../shared/evidence'
import { groupByOrigin } from '../../../shared/evidence-derive'
import { coreOr } from '../core-or'

/** Step 3: torch's CUDA libraries by where the loader found them, the cuDNN really mapped, other copies. */
export function LinkageView({ ev }: { ev: LinkageEvidence }) {
  const { t, i18n } = useTranslation()
  const groups = groupByOrigin(ev.libraries ?? [])
  const inspected = ev.inspected ?? []
  const mappedCudnn = ev.mappedCudnn ?? []
  const otherCopies = ev.otherCudnnCopies ?? []
  const ldLibraryPath = ev.ldLibraryPath ?? []
  return (
    <div className="evidence evidence--linkage">
      {groups.length === 0 && (
        <div data-testid="ev-no-libraries">
          <p className="evidence__line">{t('ev3.noLibraries')}</p>
          <PathList paths={inspected} />
        </div>
      )}
      <div className="lib-groups" data-testid="ev-libraries">
        {groups.map((g) => (
          <section key={g.origin} className={`lib-group lib-group--${g.origin}`} data-testid={`ev-origin-${g.origin}`}>
            <h4>
              {t(`ev3.origin.${g.origin}`)} <span className="lib-group__count">{g.libraries.length}</span>
            </h4>
            <p className="lib-group__why">{g.origin === 'missing' ? t('ev3.why.missing') : coreOr(i18n.language, g.why, () => t(`ev3.why.${g.origin}`))}</p>
            <ul className="lib-list">
              {g.libraries.map((lib) => (
                <li key={`${lib.name}:${lib.path ?? ''}`} className={lib.path ? undefined : 'lib--missing'} data-testid="ev-library" data-name={lib.name}>
                  <code className="lib__name">{lib.name}</code>
                  <span className="lib__arrow" aria-hidden="true">
                    →
                  </span>
                  {lib.path ? <code className="lib__path">{lib.path}</code> : <strong className="tone-bad">{t('ev3.notFound')}</strong>}
                  {lib.neededBy && <span className="lib__needed">{t('ev3.neededBy', { files: lib.neededBy })}</span>}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <h4>{t('ev3.mapped')}</h4>
      {mappedCudnn.length ? (
        <PathList paths={mappedCudnn} testId="ev-mapped-cudnn" />
      ) : (
        <p className="muted" data-testid="ev-mapped-cudnn">
          {t('ev3.mappedNone')}
        </p>
      )}
      {otherCopies.length > 0 && (
        <>
          <h4>{t('ev3.others')}</h4>
          <ul className="path-list" data-testid="ev-other-copies">
            {otherCopies.map((c) => (
              <li key={c.path}>
                <code>{c.path}</code>
                {c.realPath && c.realPath !== c.path && <code className="muted"> → {c.realPath}</code>}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="evidence__line">
        <span className="label">{t('ev3.ldPath')}</span>{' '}
        {ldLibraryPath.length ? <code>{ldLibraryPath.join(':')}</code> : <span className="muted">{t('ev3.unset')}</span>}
      </p>
      {inspected.length > 0 && groups.length > 0 && (
        <details className="evidence__more">
          <summary>{t('ev3.inspected')}</summary>
          <PathList paths={inspected} />
        </details>
      )}
    </div>
  )
}

function PathList({ paths, testId }: { paths: string[]; testId?: string }) {
  return (
    <ul className="path-list" data-testid={testId}>
      {paths.map((p) => (
        <li key={p}>
          <code>{p}</code>
        </li>
      ))}
    </ul>
  )
}
