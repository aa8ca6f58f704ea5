/** Types of the toast machines (spec §4 Toasts, §9 toast duration). */

export type ToastKind = 'info' | 'success' | 'error';

/** What a caller asks to show. Text is a catalog message id, never raw HTML. */
export interface ToastRequest {
  id: string;
  kind: ToastKind;
  messageId: string;
  values?: Record<string, string | number>;
  /** Milliseconds on screen while not paused; §9 default 5000. */
  durationMs?: number;
}

export interface ToastContext {
  toast: ToastRequest;
  /** Time left on screen while not paused, in ms. */
  remainingMs: number;
  /** Clock reading (ms) when the current visible period started. */
  visibleSince: number;
}

export interface ToastInput {
  toast: ToastRequest;
  /** Clock reading when it was shown (ms). */
  at: number;
  defaultDurationMs: number;
}

/** `at` is the sender's clock reading in ms, so the remaining time survives a pause exactly. */
export type ToastEvent =
  { type: 'toast.pause'; at: number } | { type: 'toast.resume'; at: number } | { type: 'toast.dismiss' };

export interface ToastQueueInput {
  /** §9: 5000 ms by default (4000 or 6000 ms in other configs). */
  defaultDurationMs?: number;
  /** How many toasts may be on screen at once; the oldest is dismissed beyond it. */
  maxVisible?: number;
}

export type ToastQueueEvent =
  | { type: 'toast.show'; toast: ToastRequest; at: number }
  | { type: 'toast.pause'; id: string; at: number }
  | { type: 'toast.resume'; id: string; at: number }
  | { type: 'toast.dismiss'; id: string };
