import type { TFunction } from 'i18next'

import type { DockerProblem, EngineInfo } from '../../shared/docker'
import type { Style } from '../terminal/terminal-style'
import { stateSymbol } from './marks'

export const ENGINE_NAMES = { docker: 'Docker', podman: 'Podman' } as const

/** Which engine GPU Doctor talks to and why that one ("Container engine: Podman 4.3.1 at unix://… . DOCKER_HOST is unset …"). */
export function renderEngineLine(conn: { ok: true; info: EngineInfo } | { ok: false; problem: DockerProblem }, t: TFunction, style: Style): string {
  if (!conn.ok) return `${stateSymbol('warn', style)}${t('engine.down', { message: conn.problem.message })}`
  const { info } = conn
  const why = info.endpointReason ? t(info.endpointReason.key, { ns: 'docker', ...info.endpointReason.params }) : ''
  return stateSymbol('ok', style) + t('engine.line', { engine: ENGINE_NAMES[info.engine], version: info.serverVersion ?? '?', endpoint: info.endpoint, why })
}
