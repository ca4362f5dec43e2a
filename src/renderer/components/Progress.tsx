import './components.css';

/**
 * A thin progress bar: a value (0..1) when one is known, else an indeterminate bar (nothing
 * invented). Named by `label` for assistive tech.
 */
export function Progress({ value, label }: { value: number | null; label: string }) {
  const known = value !== null;
  const pct = known ? Math.round(Math.min(1, Math.max(0, value)) * 100) : null;
  return (
    <div
      className={`progress${known ? '' : ' progress-indeterminate'}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={known ? 0 : undefined}
      aria-valuemax={known ? 100 : undefined}
      aria-valuenow={pct ?? undefined}
    >
      <div className="progress-fill" style={known ? { width: `${pct}%` } : undefined} />
    </div>
  );
}
