import { createReadStream } from 'node:fs'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

import { resolveHostedFile } from '../core/app/hosting'
import { cacheControlFor, etagOf, matchesIfNoneMatch } from './cache-policy'
import { createCompressionCache, isCompressible, negotiateEncoding, type CompressionCache } from './compression'
import { sendText } from './headers'

export interface StaticFiles {
  /** Answers a GET or HEAD for `urlPath` (still percent-encoded) from the built renderer. */
  serve(req: IncomingMessage, urlPath: string, res: ServerResponse): Promise<void>
}

/**
 * The built renderer (real path `root`): the shared resolver decides what may be served; this adds
 * compression (brotli or gzip, as the browser accepts, each file compressed once and kept in
 * memory), long-lived caching of Vite's hashed assets, and ETag revalidation of the other files.
 */
export function createStaticFiles(root: string, cache: CompressionCache = createCompressionCache()): StaticFiles {
  return {
    async serve(req, urlPath, res) {
      const file = await resolveHostedFile(root, urlPath)
      if (!file.ok) return sendText(res, file.status, file.reason)
      const head = req.method === 'HEAD'
      const cacheControl = cacheControlFor(root, file.filePath, file.contentType)
      const headers: OutgoingHttpHeaders = { 'Content-Type': file.contentType, 'Cache-Control': cacheControl }
      const compressible = isCompressible(file.contentType)
      // The body depends on Accept-Encoding, so shared caches must key on it.
      if (compressible) headers['Vary'] = 'Accept-Encoding'
      if (cacheControl !== 'no-store') {
        const etag = etagOf(file.size, file.mtimeMs)
        headers['ETag'] = etag
        if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
          res.writeHead(304, headers)
          res.end()
          return
        }
      }

      const encoding = compressible ? negotiateEncoding(req.headers['accept-encoding']) : null
      const packed = encoding ? await cache.get(file, encoding) : null
      if (encoding && packed) {
        res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': packed.length })
        res.end(head ? undefined : packed)
        return
      }

      res.writeHead(200, { ...headers, 'Content-Length': file.size })
      if (head) {
        res.end()
        return
      }
      const stream = createReadStream(file.filePath)
      stream.on('error', () => res.destroy())
      stream.pipe(res)
    },
  }
}
