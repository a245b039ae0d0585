import { MAX_SMI_TEXT } from '../../../shared/constants'
import type { Platform, RecommendRequest } from '../../../shared/recommend'

/** The "another machine / what-if" form as typed; every field optional. */
export interface WhatIfForm {
  smiText: string
  /** GPU names, one per line or comma-separated. */
  gpus: string
  /** Compute capabilities such as 8.6, comma- or space-separated. */
  ccs: string
  driver: string
  platform: '' | Platform
  devel: boolean
  torch: string
  ngc: boolean
}

export type WhatIfField = keyof WhatIfForm

export const EMPTY_WHAT_IF: WhatIfForm = { smiText: '', gpus: '', ccs: '', driver: '', platform: '', devel: false, torch: '', ngc: false }

// The contract's patterns (shared/recommend.ts), checked here so a typo is pointed at before it is sent.
const DRIVER = /^\d{3}(?:\.\d{1,3}){0,2}$/
const CC = /^\d{1,2}\.\d$/
const TORCH = /^\d+\.\d+$/

export type BuiltRequest = { ok: true; request: RecommendRequest } | { ok: false; field: WhatIfField }

const list = (text: string, separators: RegExp) =>
  text
    .split(separators)
    .map((s) => s.trim())
    .filter((s) => s !== '')

/** Whether the form asks anything at all (an empty form would only repeat this machine's answer). */
export function isEmptyWhatIf(form: WhatIfForm): boolean {
  return (
    form.smiText.trim() === '' &&
    form.gpus.trim() === '' &&
    form.ccs.trim() === '' &&
    form.driver.trim() === '' &&
    form.platform === '' &&
    !form.devel &&
    form.torch.trim() === '' &&
    !form.ngc
  )
}

/** The recommend:get request the form stands for, or the first field that the core would refuse. */
export function buildWhatIfRequest(form: WhatIfForm): BuiltRequest {
  const request: RecommendRequest = {}
  if (form.smiText.trim() !== '') {
    if (form.smiText.length > MAX_SMI_TEXT) return { ok: false, field: 'smiText' }
    request.smiText = form.smiText
  }
  const gpus = list(form.gpus, /[\n,]/)
  if (gpus.length > 64 || gpus.some((g) => g.length > 200)) return { ok: false, field: 'gpus' }
  if (gpus.length) request.gpus = gpus
  const ccs = list(form.ccs, /[\s,;]+/)
  if (ccs.length > 64 || ccs.some((c) => !CC.test(c))) return { ok: false, field: 'ccs' }
  if (ccs.length) request.ccs = ccs
  const driver = form.driver.trim()
  if (driver !== '') {
    if (!DRIVER.test(driver)) return { ok: false, field: 'driver' }
    request.driver = driver
  }
  if (form.platform !== '') request.platform = form.platform
  if (form.devel) request.devel = true
  const torch = form.torch.trim()
  if (torch !== '') {
    if (!TORCH.test(torch)) return { ok: false, field: 'torch' }
    request.torch = torch
  }
  if (form.ngc) request.ngc = true
  return { ok: true, request }
}

/** A reason's leading confidence mark ("[S] The tag …"), split off so the page can explain it. */
export function splitMark(reason: string): { mark: 'S' | 'U' | 'P' | null; text: string } {
  const m = /^\[([PSU])\]\s*/.exec(reason)
  return m ? { mark: m[1] as 'P' | 'S' | 'U', text: reason.slice(m[0].length) } : { mark: null, text: reason }
}
