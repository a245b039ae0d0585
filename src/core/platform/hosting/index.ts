// Hosting the built renderer, shared by Electron's app:// protocol and `gpu-doctor serve`.
export { contentTypeOf } from './mime'
export { resolveHostedFile, type HostedFile, type HostedFileResult } from './resolve-file'
export { CONTENT_SECURITY_POLICY, REPORT_STYLE_HASH, SECURITY_HEADERS } from './security-headers'
export { parseUrlPath, type Refusal } from './url-path'
