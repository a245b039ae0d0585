import type { ReactNode } from 'react'

export interface KvRow {
  key: string
  label: ReactNode
  value: ReactNode
  /** Marks the value as the problem (red) or a concern (amber). */
  tone?: 'bad' | 'warn' | 'good'
  testId?: string
}

/** Label / value rows: the evidence tables of the steps. */
export function KvTable({ rows, testId }: { rows: KvRow[]; testId?: string }) {
  return (
    <table className="kv" data-testid={testId}>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-testid={r.testId}>
            <th scope="row">{r.label}</th>
            <td className={r.tone ? `tone-${r.tone}` : undefined}>{r.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
