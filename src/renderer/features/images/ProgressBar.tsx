/** A horizontal bar; the width is a style prop (no inline <style>: the CSP forbids it). */
export function ProgressBar({ percent, label, testId, indeterminate = false }: { percent: number; label: string; testId?: string; indeterminate?: boolean }) {
  return (
    <span
      className={`pbar${indeterminate ? ' pbar--indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={indeterminate ? undefined : Math.round(percent)}
      data-testid={testId}
    >
      <span className="pbar__fill" style={{ width: `${indeterminate ? 100 : percent}%` }} />
    </span>
  )
}
