import type { KeyboardEvent, ReactNode } from 'react';
import './toast.css';

export interface ToastProps {
  kind: 'info' | 'success' | 'error';
  role: 'status' | 'alert';
  state: string;
  hint: string;
  children: ReactNode;
  onDismiss: () => void;
  onPause: () => void;
  onResume: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/**
 * One toast: a focusable message. Hover or focus pauses it; click, Enter or Space
 * dismisses it. All behaviour comes from the caller (the toast machine).
 */
export function Toast({ kind, role, state, hint, children, onDismiss, onPause, onResume, onKeyDown }: ToastProps) {
  return (
    <li>
      <div
        className="toast"
        role={role}
        data-kind={kind}
        data-state={state}
        data-testid="toast"
        tabIndex={0}
        aria-description={hint}
        onClick={onDismiss}
        onKeyDown={onKeyDown}
        onMouseEnter={onPause}
        onMouseLeave={onResume}
        onFocus={onPause}
        onBlur={onResume}
      >
        <span className="toast__text">{children}</span>
        <span className="toast__close" aria-hidden="true">
          ×
        </span>
      </div>
    </li>
  );
}
