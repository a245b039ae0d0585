import { createReadStream } from 'node:fs'
import type { ServerResponse } from 'node:http'

import { resolveHostedFile } from '../core/hosting'
import { sendText } from './headers'

/** Serves one file of the built renderer (GET or HEAD); the shared resolver decides what may be served. */
export async function serveStatic(root: string, urlPath: string, res: ServerResponse, head: boolean): Promise<void> {
  const file = await resolveHostedFile(root, urlPath)
  if (!file.ok) return sendText(res, file.status, file.reason)
  res.writeHead(200, {
    'Content-Type': file.contentType,
    'Content-Length': file.size,
    // index.html names the hashed assets; it must never be cached. Assets are revalidated.
    'Cache-Control': file.contentType.startsWith('text/html') ? 'no-store' : 'no-cache',
  })
  if (head) {
    res.end()
    return
  }
  const stream = createReadStream(file.filePath)
  stream.on('error', () => res.destroy())
  stream.pipe(res)
}
