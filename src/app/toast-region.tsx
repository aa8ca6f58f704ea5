import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { toastQueueMachine, ToastRef } from '../../machines/toast/toast-queue.machine';
import { connectToast, isDismissKey } from '../../machines/toast/toast.connect';
import type { ToastRequest } from '../../machines/toast/toast.types';
import { Toast } from '../ui/toast';

type QueueRef = ActorRefFrom<typeof toastQueueMachine>;
const ToastContext = createContext<QueueRef | null>(null);

const now = () => performance.now();

/** Hands the app's toast queue actor (spec §4 Toasts; a child of the root app machine) to the toasts. */
export function ToastProvider({ queue, children }: { queue: QueueRef; children: ReactNode }) {
  return <ToastContext.Provider value={queue}>{children}</ToastContext.Provider>;
}

function useQueue(): QueueRef {
  const queue = useContext(ToastContext);
  if (!queue) throw new Error('useToasts must be used inside <ToastProvider>');
  return queue;
}

export function useToasts(): { show(request: ToastRequest): void } {
  const queue = useQueue();
  return useMemo(() => ({ show: (toast) => queue.send({ type: 'toast.show', toast, at: now() }) }), [queue]);
}

function ToastItem({ toastRef, queue }: { toastRef: ToastRef; queue: QueueRef }) {
  const intl = useIntl();
  const vm = useSelector(toastRef, () => connectToast(toastRef));
  const id = vm.id;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isDismissKey(event.key)) return;
    event.preventDefault();
    queue.send({ type: 'toast.dismiss', id });
  };
  return (
    <Toast
      kind={vm.kind}
      role={vm.role}
      state={vm.state}
      hint={intl.formatMessage({ id: 'toast.dismiss_hint' })}
      onDismiss={() => queue.send({ type: 'toast.dismiss', id })}
      onPause={() => queue.send({ type: 'toast.pause', id, at: now() })}
      onResume={() => queue.send({ type: 'toast.resume', id, at: now() })}
      onKeyDown={onKeyDown}
    >
      {intl.formatMessage({ id: vm.messageId }, vm.values)}
    </Toast>
  );
}

/** Renders the queue's toasts; place once near the root. */
export function ToastRegion() {
  const queue = useQueue();
  const intl = useIntl();
  const toasts = useSelector(queue, (s) => s.context.toasts);
  return (
    <ul className="toast-region" aria-label={intl.formatMessage({ id: 'toast.region_label' })}>
      {toasts.map((ref) => (
        <ToastItem key={ref.id} toastRef={ref} queue={queue} />
      ))}
    </ul>
  );
}
