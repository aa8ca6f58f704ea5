import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { NotificationsViewModel } from '../../../machines/notifications/notifications.connect';
import type { NotificationsCommand } from '../../../machines/notifications/notifications.types';
import { NotificationCentre } from './notification-centre';
import './notifications.css';
import { useT } from '../../i18n/use-t';

export interface NotificationBellProps {
  vm: NotificationsViewModel;
  send: (event: NotificationsCommand) => void;
  /** Shown at the foot of the open centre (the browser notifications switch). */
  footer?: ReactNode;
}

const BELL = 'M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9 M13.73 21a2 2 0 0 1-3.46 0';

/**
 * The header's bell (signed-in players): the unread count of both lists as a badge, and the notification centre
 * as a dropdown under it on wide screens, a sheet from the bottom on phones. Open or closed is the only state kept
 * here (purely visual); everything else is the centre machine's view-model.
 */
export function NotificationBell({ vm, send, footer }: NotificationBellProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  // Where the dropdown hangs (under the bell); the centre is rendered in <body> so no header style can clip it.
  const [anchor, setAnchor] = useState<{ top: number; right: number }>({ top: 70, right: 12 });
  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const rect = button.current.getBoundingClientRect();
    setAnchor({ top: rect.bottom + 10, right: Math.max(12, window.innerWidth - rect.right) });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!root.current?.contains(target) && !panel.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const label =
    vm.unread > 0 ? t('notifications.bell.label_unread', { count: vm.unread }) : t('notifications.bell.label');
  return (
    <div className="notif-bell" ref={root} data-open={open}>
      <button
        ref={button}
        type="button"
        className="notif-bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="notifications-bell"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d={BELL}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {vm.badge ? (
          <span className="notif-bell__badge" data-testid="notifications-badge">
            {vm.badge}
          </span>
        ) : null}
      </button>
      {open
        ? createPortal(
            <div
              ref={panel}
              className="notif-layer"
              style={{ '--notif-top': `${anchor.top}px`, '--notif-right': `${anchor.right}px` } as CSSProperties}
            >
              <div className="notif-bell__backdrop" aria-hidden="true" onClick={() => setOpen(false)} />
              <NotificationCentre
                id={panelId}
                vm={vm}
                send={send}
                footer={footer}
                onClose={() => {
                  setOpen(false);
                  button.current?.focus();
                }}
              />
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}

export default NotificationBell;
