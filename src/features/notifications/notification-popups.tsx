import type { PopupsViewModel } from '../../../machines/notifications/notifications.connect';
import type { PopupQueueEvent } from '../../../machines/notifications/notifications.types';
import './notifications.css';
import { useT } from '../../i18n/use-t';

export interface NotificationPopupsProps {
  vm: PopupsViewModel;
  send: (event: PopupQueueEvent) => void;
}

/**
 * The notification pop-ups (§4, §9): at most 3 cards at the top of the page, oldest first, as the pop-up queue
 * shows them. Tapping one opens it (read; a global one opens the chat); × closes it. Text only, never HTML.
 */
export function NotificationPopups({ vm, send }: NotificationPopupsProps) {
  const t = useT();
  return (
    <section className="notif-popups" aria-label={t('notifications.popup.region')} aria-live="polite">
      {vm.popups.map((p) => (
        <article
          key={p.id}
          className="notif-popup"
          data-pinned={p.pinned}
          data-global={p.global}
          data-testid="notification-popup"
          data-id={p.id}
        >
          <button type="button" className="notif-popup__main" onClick={() => send(p.open)}>
            <span className="notif-popup__kind">
              {p.global ? t('notifications.global') : t('notifications.title')}
              {p.pinned ? <span className="notif-popup__pin">{t('notifications.popup.pinned')}</span> : null}
            </span>
            <span className="notif-popup__title">{p.title}</span>
            <span className="notif-popup__message">{p.message}</span>
          </button>
          <button
            type="button"
            className="notif-popup__close"
            aria-label={t('notifications.popup.close')}
            onClick={() => send(p.close)}
            data-testid="notification-popup-close"
          >
            <span aria-hidden="true">×</span>
          </button>
        </article>
      ))}
    </section>
  );
}

export default NotificationPopups;
