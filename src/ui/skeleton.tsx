import type { CSSProperties } from 'react';
import './skeleton.css';

/** A placeholder block of a known size while content loads (keeps the layout from shifting). */
export function Skeleton({
  width = '100%',
  height = 16,
  radius,
  className,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number | string;
  className?: string;
}) {
  const style: CSSProperties = { width, height, ...(radius === undefined ? {} : { borderRadius: radius }) };
  return <span className={className ? `skeleton ${className}` : 'skeleton'} style={style} aria-hidden="true" />;
}
