import type { IncomingMessage, ServerResponse } from 'node:http'

import { INVOKE_CHANNELS, type InvokeChannel } from '../shared/channels'
import { SERVE_MAX_BODY_BYTES } from '../shared/constants'
import type { Caller, CoreService } from '../core/app/service/types'
import { sendErrorEnvelope, sendJson } from './headers'

/**
 * Large enough for the biggest contract payload (a pasted nvidia-smi output is capped at 1 MiB by
 * its schema; fleet reports are sent a few at a time), small enough to stop a runaway body early.
 */
export const MAX_BODY_BYTES = SERVE_MAX_BODY_BYTES

/**
 * Channels reachable over HTTP. `app:open-external` is left out: it would open a browser on the
 * machine running the server, which over `ssh -L` is not the user's; the page opens links itself.
 */
export const SERVE_INVOKE_CHANNELS: ReadonlySet<string> = new Set<InvokeChannel>(
  Object.values(INVOKE_CHANNELS).filter((c) => c !== INVOKE_CHANNELS.openExternal),
)

class BodyError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'])
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyError(413, 'body-too-large', `The request body is larger than ${limit} bytes.`))
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        reject(new BodyError(413, 'body-too-large', `The request body is larger than ${limit} bytes.`))
        req.removeAllListeners('data')
        req.resume()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** Parses `{ "args": [...] }`; an absent or empty body means no arguments. */
export function parseInvokeBody(text: string): unknown[] {
  if (text.trim() === '') return []
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new BodyError(400, 'malformed-json', 'The request body is not valid JSON.')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BodyError(400, 'bad-request', 'The request body must be a JSON object { "args": [...] }.')
  }
  const args = (parsed as { args?: unknown }).args
  if (args === undefined) return []
  if (!Array.isArray(args)) throw new BodyError(400, 'bad-request', '"args" must be an array.')
  return args
}

/** The header a page of serve names itself with (a random id per page load), so its watches are its own. */
export const CLIENT_HEADER = 'x-gpu-doctor-client'
const CLIENT_ID = /^[A-Za-z0-9-]{8,64}$/

const connectionIds = new WeakMap<object, string>()
let connections = 0

/**
 * Who asks: the page's own id, else the TCP connection (a script without the header); `signal`
 * aborts when the connection closes before the answer is sent, which stops the caller's watch.
 */
function callerOf(req: IncomingMessage, res: ServerResponse): Caller {
  const named = req.headers[CLIENT_HEADER]
  let id: string
  if (typeof named === 'string' && CLIENT_ID.test(named)) id = `page-${named}`
  else {
    id = connectionIds.get(req.socket) ?? `connection-${++connections}`
    connectionIds.set(req.socket, id)
  }
  const gone = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) gone.abort()
  })
  return { id, signal: gone.signal }
}

/** POST /api/invoke/<channel> → core.invoke → the Envelope as JSON. */
export async function handleInvoke(
  core: CoreService,
  channel: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!SERVE_INVOKE_CHANNELS.has(channel)) {
    req.resume()
    return sendErrorEnvelope(res, 404, 'unknown-channel', `No such channel: ${channel.slice(0, 100)}`)
  }
  const type = req.headers['content-type'] ?? ''
  // A JSON content type cannot be sent cross-site without a CORS preflight, which we never answer.
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    req.resume()
    return sendErrorEnvelope(res, 415, 'unsupported-media-type', 'Send the body as application/json.')
  }
  let args: unknown[]
  try {
    args = parseInvokeBody(await readBody(req, MAX_BODY_BYTES))
  } catch (error) {
    if (error instanceof BodyError) {
      if (error.status === 413) res.setHeader('Connection', 'close')
      return sendErrorEnvelope(res, error.status, error.code, error.message)
    }
    return sendErrorEnvelope(res, 400, 'bad-request', 'The request body could not be read.')
  }
  try {
    const envelope = await core.invoke(channel as InvokeChannel, args, callerOf(req, res))
    sendJson(res, 200, envelope)
  } catch (error) {
    // The core returns errors as envelopes; a throw is a bug, reported without its stack.
    const message = error instanceof Error ? error.message : String(error)
    sendErrorEnvelope(res, 500, 'internal', message)
  }
}
