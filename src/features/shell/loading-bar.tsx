import type { CSSProperties } from 'react';
import type { LoadingBarViewModel } from '../../../machines/loading-bar/loading-bar.connect';

/** The top loading bar (§2.4, §9): primary colour, error colour on a render error. */
export function LoadingBar({ vm }: { vm: LoadingBarViewModel }) {
  const style = {
    height: `${vm.heightPx}px`,
    transform: `scaleX(${vm.progress / 100})`,
    transitionDuration: `${vm.transitionMs}ms, 300ms`,
    opacity: vm.visible ? 1 : 0,
  } as CSSProperties;
  return (
    <div
      className="loading-bar"
      data-testid="loading-bar"
      data-phase={vm.phase}
      data-error={vm.error}
      style={style}
      aria-hidden="true"
    />
  );
}
