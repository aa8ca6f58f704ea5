import { useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { toastQueueMachine, ToastRef } from '../../machines/toast/toast-queue.machine';
import { connectToast, isDismissKey } from '../../machines/toast/toast.connect';
import type { ToastRequest } from '../../machines/toast/toast.types';
import { Toast } from '../ui/toast';

type QueueRef = ActorRefFrom<typeof toastQueueMachine>;

const now = () => performance.now();

interface Toasts {
  /** The queue, once the first toast started it (a child of the root app machine, systemId `toastQueue`). */
  queue: QueueRef | undefined;
  show(request: ToastRequest, at: number): void;
}
const ToastContext = createContext<Toasts | null>(null);

/**
 * Hands the toasts (spec §4 Toasts) to the app: `show` asks the root for one (the root starts the queue with the
 * first), `queue` is the queue once it runs.
 */
export function ToastProvider({ queue, show, children }: Toasts & { children: ReactNode }) {
  const value = useMemo(() => ({ queue, show }), [queue, show]);
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}

function useToastContext(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error('useToasts must be used inside <ToastProvider>');
  return toasts;
}

export function useToasts(): { show(request: ToastRequest): void } {
  const { show } = useToastContext();
  return useMemo(() => ({ show: (toast) => show(toast, now()) }), [show]);
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

/** Renders the queue's toasts; place once near the root (the region is there before the first toast). */
export function ToastRegion() {
  const { queue } = useToastContext();
  const intl = useIntl();
  return (
    <ul className="toast-region" aria-label={intl.formatMessage({ id: 'toast.region_label' })}>
      {queue ? <QueuedToasts queue={queue} /> : null}
    </ul>
  );
}

function QueuedToasts({ queue }: { queue: QueueRef }) {
  const toasts = useSelector(queue, (s) => s.context.toasts);
  return toasts.map((ref) => <ToastItem key={ref.id} toastRef={ref} queue={queue} />);
}
