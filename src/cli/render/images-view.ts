import type { TFunction } from 'i18next'

import type { LocalImage } from '../../shared/docker'
import { formatBytes } from '../../core/app/byte-size'
import { renderTable } from './text-table'

/** "3 h", "12 d" since an ISO date. */
export function age(iso: string | null, now = Date.now()): string {
  if (!iso) return '–'
  const s = Math.max(0, (now - Date.parse(iso)) / 1000)
  if (s < 3600) return `${Math.round(s / 60)} min`
  if (s < 86_400) return `${Math.round(s / 3600)} h`
  return `${Math.round(s / 86_400)} d`
}

/** The images table, and below it why an image the driver cannot run will not start. */
export function renderImages(images: LocalImage[], host: { driverVersion: string | null; cudaVersion: string | null }, t: TFunction, width?: number): string {
  if (images.length === 0) return t('images.none')
  const v = (x: { value: string } | null) => x?.value ?? '–'
  const rows = images.map((img) => [
    img.tags[0] ?? img.id,
    formatBytes(img.sizeBytes),
    age(img.createdAt),
    img.versions.nvidiaPytorch ? `${v(img.versions.torch)} (NGC ${img.versions.nvidiaPytorch.value})` : v(img.versions.torch),
    v(img.versions.cuda),
    v(img.versions.cudnn),
    t(`images.fit.${img.driverFit.verdict}`),
  ])
  const header = [t('col.image'), t('col.size'), t('col.created'), 'PyTorch', 'CUDA', 'cuDNN', t('col.driverFit')]
  const notes = images.filter((i) => i.driverFit.verdict === 'too-old' || i.driverFit.verdict === 'brand-dependent' || i.driverFit.verdict === 'cpu-only').map((i) => `  ${i.tags[0] ?? i.id}: ${t(i.driverFit.message.key, { ns: 'docker', ...i.driverFit.message.params })}`)
  const driver = t('images.driver', { driver: host.driverVersion ?? '?', cuda: host.cudaVersion ?? '?' })
  return [driver, '', renderTable(header, rows, undefined, { width, keep: [0] }), ...(notes.length ? ['', ...notes] : [])].join('\n')
}
