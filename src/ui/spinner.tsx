import type { CSSProperties } from 'react';
import './spinner.css';

/** A turning ring. `label` is announced to screen readers; without it the spinner is decorative. */
export function Spinner({ size = 40, label }: { size?: number; label?: string }) {
  const style = { '--spinner-size': `${size}px` } as CSSProperties;
  return label ? (
    <div className="spinner" style={style} role="img" aria-label={label} />
  ) : (
    <div className="spinner" style={style} aria-hidden="true" />
  );
}
