import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { NotificationsViewModel } from '../../../machines/notifications/notifications.connect';
import type { NotificationsCommand } from '../../../machines/notifications/notifications.types';

export interface NotificationCentreProps {
  id: string;
  vm: NotificationsViewModel;
  send: (event: NotificationsCommand) => void;
  onClose: () => void;
  /** Shown under the lists (the browser notifications switch). */
  footer?: ReactNode;
}

const SOUND_ON = 'M11 5 6 9H2v6h4l5 4V5z M15.5 8.5a5 5 0 0 1 0 7 M19 5a10 10 0 0 1 0 14';
const SOUND_OFF = 'M11 5 6 9H2v6h4l5 4V5z M22 9l-6 6 M16 9l6 6';

/**
 * The notification centre (§4 Notifications): two tabs (the player's own, the brand's global ones) with their unread
 * counts, newest first, 10 a page with "load more", mark one or all read, and the sound's mute switch. Titles and
 * texts are rendered as text (React escapes them): never HTML.
 */
export function NotificationCentre({ id, vm, send, onClose, footer }: NotificationCentreProps) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);

  return (
    <section id={id} className="notif-centre" aria-labelledby={`${id}-title`} data-testid="notifications-centre">
      <header className="notif-centre__head">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="notif-centre__title">
          {t('notifications.title')}
        </h2>
        <button
          type="button"
          className="notif-centre__icon"
          aria-pressed={vm.muted}
          aria-label={vm.muted ? t('notifications.sound.unmute') : t('notifications.sound.mute')}
          title={vm.muted ? t('notifications.sound.unmute') : t('notifications.sound.mute')}
          onClick={() => send(vm.toggleMute)}
          data-testid="notifications-mute"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d={vm.muted ? SOUND_OFF : SOUND_ON}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <button
          type="button"
          className="notif-centre__icon notif-centre__close"
          aria-label={t('notifications.close')}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>

      <div className="notif-centre__tabs" role="tablist" aria-label={t('notifications.title')}>
        {vm.tabs.map((tab) => (
          <button
            key={tab.list}
            type="button"
            role="tab"
            aria-selected={tab.selected}
            className="notif-centre__tab"
            onClick={() => send(tab.select)}
            data-testid={`notifications-tab-${tab.list}`}
          >
            {t(tab.labelId)}
            {tab.unread > 0 ? (
              <span className="notif-centre__count" aria-label={t('notifications.tab.unread', { count: tab.unread })}>
                {tab.unread > 99 ? '99+' : tab.unread}
              </span>
            ) : null}
          </button>
        ))}
      </div>

      <div className="notif-centre__bar">
        <button
          type="button"
          className="notif-centre__link"
          disabled={!vm.canMarkAll}
          onClick={() => send(vm.markAll)}
          data-testid="notifications-mark-all"
        >
          {t('notifications.mark_all')}
        </button>
      </div>

      <div className="notif-centre__body" role="tabpanel" aria-busy={vm.loading || vm.loadingMore}>
        {vm.failureId ? (
          <p className="notif-centre__failure" role="alert">
            {t(vm.failureId)}
            {vm.retry ? (
              <button type="button" className="notif-centre__link" onClick={() => send(vm.retry!)}>
                {t('notifications.retry')}
              </button>
            ) : null}
          </p>
        ) : null}
        {vm.loading ? (
          <ul className="notif-centre__list" aria-label={t('notifications.loading')}>
            {[0, 1, 2].map((i) => (
              <li key={i} className="notif-item notif-item--skeleton" aria-hidden="true">
                <span />
                <span />
              </li>
            ))}
          </ul>
        ) : vm.isEmpty ? (
          <p className="notif-centre__empty">{t(`notifications.empty.${vm.tab}`)}</p>
        ) : (
          <ul className="notif-centre__list" data-testid={`notifications-list-${vm.tab}`}>
            {vm.rows.map((row) => (
              <li
                key={row.id}
                className="notif-item"
                data-read={row.read}
                data-testid="notification-row"
                data-id={row.id}
              >
                <button type="button" className="notif-item__main" onClick={() => send(row.open)}>
                  {!row.read ? <span className="notif-item__dot" aria-label={t('notifications.unread')} /> : null}
                  <span className="notif-item__title">{row.title}</span>
                  <span className="notif-item__message">{row.message}</span>
                  <span className="notif-item__meta">
                    <time dateTime={row.dateTime}>{row.date}</time>
                    {row.global ? <span className="notif-item__tag">{t('notifications.open_chat')} →</span> : null}
                  </span>
                </button>
                {row.markRead ? (
                  <button
                    type="button"
                    className="notif-item__mark"
                    aria-label={t('notifications.mark_read')}
                    title={t('notifications.mark_read')}
                    onClick={() => send(row.markRead!)}
                    data-testid="notification-mark-read"
                  >
                    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                      <path d="M20 6 9 17l-5-5" fill="none" stroke="currentColor" strokeWidth="2.5" />
                    </svg>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {vm.canLoadMore ? (
          <button
            type="button"
            className="notif-centre__more"
            disabled={vm.loadingMore}
            onClick={() => send(vm.loadMore)}
            data-testid="notifications-load-more"
          >
            {t('notifications.load_more')}
          </button>
        ) : null}
      </div>
      {footer}
    </section>
  );
}
