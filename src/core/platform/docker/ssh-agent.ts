import { Agent } from 'node:http'
import type { Duplex } from 'node:stream'

import { Client } from 'ssh2'

/** How long the SSH handshake (connect, key exchange, authentication) may take. */
const SSH_READY_TIMEOUT_MS = 10_000

/**
 * An HTTP agent whose every connection is a fresh SSH session running `docker system dial-stdio`
 * on the remote host, as `docker -H ssh://…` does. Authentication goes through the SSH agent
 * (SSH_AUTH_SOCK).
 */
export function sshDialAgent(endpoint: { host: string; port: number; username: string | null }, env: NodeJS.ProcessEnv): Agent {
  const agent = new Agent()
  const dial = (_options: unknown, done: (error: Error | null, stream?: Duplex) => void): undefined => {
    const conn = new Client()
    let settled = false
    const fail = (error: Error) => {
      conn.end()
      if (!settled) done(error)
      settled = true
    }
    conn
      .once('ready', () => {
        conn.exec('docker system dial-stdio', (error, stream) => {
          if (error) return fail(error)
          settled = true
          stream.once('close', () => conn.end())
          done(null, stream)
        })
      })
      .on('error', fail)
      .connect({ host: endpoint.host, port: endpoint.port, username: endpoint.username ?? undefined, agent: env.SSH_AUTH_SOCK, readyTimeout: SSH_READY_TIMEOUT_MS })
    return undefined
  }
  ;(agent as unknown as { createConnection: typeof dial }).createConnection = dial
  return agent
}
