import type { SnapshotFrom } from 'xstate';
import type { toastQueueMachine, ToastRef } from './toast-queue.machine';
import type { ToastKind } from './toast.types';

/** What the toast region renders: no logic left for the component. */
export interface ToastViewModel {
  id: string;
  kind: ToastKind;
  messageId: string;
  values: Record<string, string | number> | undefined;
  state: 'visible' | 'paused' | 'dismissed';
  /** error toasts interrupt (assertive); others are polite. */
  role: 'status' | 'alert';
}

export interface ToastRegionViewModel {
  toasts: ToastViewModel[];
  hasToasts: boolean;
}

export function connectToast(ref: ToastRef): ToastViewModel {
  const snapshot = ref.getSnapshot();
  const { toast } = snapshot.context;
  return {
    id: toast.id,
    kind: toast.kind,
    messageId: toast.messageId,
    values: toast.values,
    state: snapshot.value as ToastViewModel['state'],
    role: toast.kind === 'error' ? 'alert' : 'status',
  };
}

export function connectToastQueue(snapshot: SnapshotFrom<typeof toastQueueMachine>): ToastRegionViewModel {
  const toasts = snapshot.context.toasts.map(connectToast);
  return { toasts, hasToasts: toasts.length > 0 };
}

/** Keys that dismiss a focused toast (§4: Enter or Space). */
export function isDismissKey(key: string): boolean {
  return key === 'Enter' || key === ' ' || key === 'Spacebar';
}
