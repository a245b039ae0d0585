import { createDmonLineParser } from '../../platform/nvidia-smi/parse-dmon'
import { type LineStream, streamLines } from '../../platform/process/line-stream'

/** `nvidia-smi pmon` once a second for these GPUs: each process's SM %, as dmon gives the GPU's. */
export function pmonArgs(gpus: number[]): string[] {
  return ['pmon', '-s', 'u', '-d', '1', '-i', gpus.join(',')]
}

/**
 * Each process's share of its GPU from a streaming `nvidia-smi pmon`, for a sampler that otherwise
 * sees only the whole GPU (dmon). pmon prints a row per process per GPU each second (a `-` PID when
 * none runs); `take(gpu)` hands over the rows since the last take, or undefined while none has come,
 * so a late or failed pmon leaves the sample unattributed instead of giving the job 0 %.
 */
export class PmonShares {
  private stream: LineStream | null = null
  private readonly pending = new Map<number, Map<number, number[]>>()

  start(smi: string, gpus: number[], env?: NodeJS.ProcessEnv): void {
    const parse = createDmonLineParser()
    this.stream = streamLines(smi, pmonArgs(gpus), env, (line) => {
      const row = parse(line)
      if (!row || !('pid' in row.values)) return
      const rows = this.pending.get(row.gpu) ?? new Map<number, number[]>()
      this.pending.set(row.gpu, rows)
      const pid = row.values.pid
      if (pid === null || pid === undefined) return // the GPU ran no process this second
      rows.set(pid, [...(rows.get(pid) ?? []), row.values.sm ?? 0])
    })
  }

  take(gpu: number): Array<{ pid: number; sm: number }> | undefined {
    const rows = this.pending.get(gpu)
    if (!rows) return undefined
    this.pending.delete(gpu)
    return [...rows].map(([pid, sm]) => ({ pid, sm: sm.reduce((a, b) => a + b, 0) / sm.length }))
  }

  async stop(): Promise<void> {
    await this.stream?.stop()
    this.stream = null
  }
}
