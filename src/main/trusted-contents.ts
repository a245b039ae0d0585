// The WebContents of windows this app created: the only ones IPC answers and events reach.
// Typed structurally (no electron import) so the IPC wrapper is tested with plain objects.

export interface TrustableContents {
  readonly id: number
  isDestroyed(): boolean
  send(channel: string, ...args: unknown[]): void
  once(event: 'destroyed', listener: () => void): unknown
}

export class TrustedContents {
  private readonly byId = new Map<number, TrustableContents>()

  /** Trusts `contents` until it is destroyed. */
  add(contents: TrustableContents): void {
    const { id } = contents
    this.byId.set(id, contents)
    contents.once('destroyed', () => {
      this.byId.delete(id)
    })
  }

  has(id: number): boolean {
    return this.byId.has(id)
  }

  /** Sends to every live trusted WebContents. */
  broadcast(channel: string, payload: unknown): void {
    for (const contents of this.byId.values()) {
      if (!contents.isDestroyed()) contents.send(channel, payload)
    }
  }
}
