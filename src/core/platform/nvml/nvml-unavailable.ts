import type { Message } from '../../../shared/message'

/** Why the in-process NVML reader is not in use; each maps to a text in the 'sampler' namespace. */
export type NvmlUnavailable =
  | { reason: 'disabled' }
  | { reason: 'explicit-nvidia-smi'; path: string }
  | { reason: 'unsupported-platform'; platform: string }
  | { reason: 'koffi-missing'; detail: string }
  | { reason: 'library-missing'; library: string; detail: string }
  | { reason: 'symbol-missing'; library: string; symbol: string }
  | { reason: 'init-failed'; library: string; error: string }
  | { reason: 'no-devices'; library: string }

const firstLine = (s: string) => s.split('\n')[0]!.slice(0, 300)

/** The reason as a message the CLI and the UI render in their language. */
export function unavailableMessage(u: NvmlUnavailable): Message {
  switch (u.reason) {
    case 'disabled':
      return { key: 'sampler.fallback.disabled', params: {} }
    case 'explicit-nvidia-smi':
      return { key: 'sampler.fallback.explicitSmi', params: { path: u.path } }
    case 'unsupported-platform':
      return { key: 'sampler.fallback.unsupportedPlatform', params: { platform: u.platform } }
    case 'koffi-missing':
      return { key: 'sampler.fallback.koffiMissing', params: { detail: firstLine(u.detail) } }
    case 'library-missing':
      return { key: 'sampler.fallback.libraryMissing', params: { library: u.library, detail: firstLine(u.detail) } }
    case 'symbol-missing':
      return { key: 'sampler.fallback.symbolMissing', params: { library: u.library, symbol: u.symbol } }
    case 'init-failed':
      return { key: 'sampler.fallback.initFailed', params: { library: u.library, error: u.error } }
    case 'no-devices':
      return { key: 'sampler.fallback.noDevices', params: { library: u.library } }
  }
}
