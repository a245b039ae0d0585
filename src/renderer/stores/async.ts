import type { IpcError } from '../../shared/contract'

/** One answer the page asked the core for: the last value, the last error, and whether a request is out. */
export interface Async<T> {
  value: T | null
  error: IpcError | null
  loading: boolean
}

export const idle = <T>(): Async<T> => ({ value: null, error: null, loading: false })
/** A request went out: the previous value stays on screen until the answer replaces it. */
export const loading = <T>(a: Async<T>): Async<T> => ({ ...a, loading: true })
export const loaded = <T>(value: T): Async<T> => ({ value, error: null, loading: false })
export const failed = <T>(a: Async<T>, error: IpcError): Async<T> => ({ value: a.value, error, loading: false })
