import { cachedHealthMetrics } from '../domain/metrics'
import { readHealth } from './read-health'

/**
 * `serve --metrics`: this machine's health in Prometheus' text format, read at most once per
 * `ttlMs` however often it is scraped (concurrent scrapes share the read in flight).
 */
export function healthMetrics(options: { ttlMs: number; nvidiaSmiPath?: string; env?: NodeJS.ProcessEnv; signal?: AbortSignal }): () => Promise<string> {
  const { ttlMs, ...live } = options
  return cachedHealthMetrics(() => readHealth(live), ttlMs)
}
