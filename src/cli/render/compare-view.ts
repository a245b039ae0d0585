import type { TFunction } from 'i18next'

import type { CompareResult } from '../../shared/docker'
import { renderTable } from './text-table'

const ms = (v: number | null) => (v === null ? '–' : v.toFixed(3))

/** Versions, then timings with B/A ratios, then why a side has no numbers. */
export function renderCompare(r: CompareResult, t: TFunction, width?: number): string {
  const dash = (v: string | null) => v ?? '–'
  const versions = renderTable(
    ['', `A: ${r.a.target}`, `B: ${r.b.target}`],
    [
      [t('compare.ran'), r.a.ok ? 'ok' : dash(r.a.reason), r.b.ok ? 'ok' : dash(r.b.reason)],
      ['Python', dash(r.a.python), dash(r.b.python)],
      ['PyTorch', dash(r.a.torch), dash(r.b.torch)],
      ['CUDA (torch)', dash(r.a.torchCuda), dash(r.b.torchCuda)],
      ['cuDNN', dash(r.a.cudnn), dash(r.b.cudnn)],
      ['GPU', r.a.cudaAvailable ? dash(r.a.gpu) : t('compare.noGpu'), r.b.cudaAvailable ? dash(r.b.gpu) : t('compare.noGpu')],
    ],
    undefined,
    // A cut reason is said in full in the notes below.
    { width, keep: [0] },
  )
  const timings = renderTable(
    [t('compare.timing'), 'A (ms)', 'B (ms)', 'B/A'],
    r.timings.map((x) => [x.name, ms(x.aMs), ms(x.bMs), x.ratio === null ? '–' : `${x.ratio.toFixed(2)}×`]),
    undefined,
    { width },
  )
  return [versions, '', timings, ...(r.noteMessages.length ? ['', ...r.noteMessages.map((n) => `  ${t(n.key, { ns: 'docker', ...n.params })}`)] : [])].join('\n')
}
