/**
 * A bar filled to `percent` of its width, announced as a progress bar (0–100) named by `label`. Its look is the
 * caller's: `className` styles the track, `fillClassName` the filled part. A value outside 0–100 is drawn and
 * announced at the nearest end.
 */
export function ProgressBar({
  percent,
  label,
  className,
  fillClassName,
  testId,
}: {
  percent: number;
  label: string;
  className: string;
  fillClassName?: string;
  testId?: string;
}) {
  const value = Math.min(100, Math.max(0, percent));
  return (
    <div
      className={className}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-label={label}
      data-testid={testId}
    >
      <span className={fillClassName} style={{ width: `${value}%` }} />
    </div>
  );
}
