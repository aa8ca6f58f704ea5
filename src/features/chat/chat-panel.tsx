/**
 * The global chat panel `chatglobal`: a side panel on desktop, a full-screen sheet on phones. It
 * renders the chat machine's view-model (machines/chat/chat.connect.ts) and sends its events; it decides nothing.
 * Every text (messages, names) is rendered as React text, never as HTML.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { UiMessage } from '../../../machines/kernel/api-error';
import { connectChat, type ChatMessageView, type DayLabel } from '../../../machines/chat/chat.connect';
import { CHAT_ATTACHMENT_TYPES, type chatMachine } from '../../../machines/chat/chat.machine';
import './chat.css';
import { useT } from '../../i18n/use-t';

export type ChatRef = ActorRefFrom<typeof chatMachine>;

/** The player's own time zone (day labels and times follow it), UTC when the browser does not say. */
function playerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function Svg({ d, size = 20 }: { d: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
const ICON = {
  close: 'M6 6l12 12 M18 6L6 18',
  send: 'M4 12l16-8-6 16-3-7z M11 13l9-9',
  pin: 'M9 4h6l-1 6 3 3H7l3-3z M12 13v7',
  chat: 'M4 5h16v11H9l-5 4z',
  image: 'M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4 M15 9h.01',
};

/** What the file picker offers (the platform's types; it checks the bytes too). */
const ACCEPT = CHAT_ATTACHMENT_TYPES.join(',');

export interface ChatPanelProps {
  actorRef: ChatRef;
}

export function ChatPanel({ actorRef }: ChatPanelProps) {
  const intl = useIntl();
  const t = useT();
  const timeZone = useMemo(() => playerTimeZone(), []);
  const vm = useSelector(actorRef, (s) => connectChat(s, timeZone));
  const money = useMemo(
    () =>
      new Intl.NumberFormat(intl.locale, {
        style: 'currency',
        currency: 'BRL',
        notation: 'compact',
        maximumFractionDigits: 1,
      }),
    [intl.locale],
  );
  const fullMoney = useMemo(
    () => new Intl.NumberFormat(intl.locale, { style: 'currency', currency: 'BRL' }),
    [intl.locale],
  );
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const stickToBottom = useRef(true);
  const lastKey = vm.items.at(-1)?.key ?? '';

  // Purely visual: follow new messages while the reader is at the bottom (they may have scrolled up to read).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [lastKey, vm.pinned.length]);

  // Focus moves into the panel when it opens (keyboard and screen-reader users land in it).
  useEffect(() => {
    if (vm.open) (inputRef.current ?? closeRef.current)?.focus({ preventScroll: true });
  }, [vm.open]);

  if (!vm.open) return null;

  const close = () => actorRef.send({ type: 'chat.close' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (vm.status === 'sendFailed') actorRef.send({ type: 'chat.retry' });
    else if (vm.canSend) actorRef.send({ type: 'chat.send' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter breaks the line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (vm.canSend) actorRef.send({ type: 'chat.send' });
    }
  };
  const line = (m: UiMessage) => ('text' in m ? m.text : t(m.id, m.values as Record<string, string | number>));
  const dayText = (label: DayLabel) => ('date' in label ? label.date : t(label.messageId));

  return (
    // Escape anywhere in the panel closes it (a dialog's keyboard contract), like its close button.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <aside
      className="chat"
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-title"
      data-testid="chat-panel"
      data-state={vm.status}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <header className="chat__header">
        <span className="chat__header-icon" aria-hidden="true">
          <Svg d={ICON.chat} />
        </span>
        <div className="chat__heading">
          <h2 id="chat-title" className="chat__title">
            {t('chat.title')}
            <span className={`chat__live${vm.reconnecting ? ' chat__live--off' : ''}`} aria-hidden="true" />
          </h2>
          {vm.amountBet !== null ? (
            <p className="chat__subtitle" data-testid="chat-your-wagered">
              {t('chat.your_wagered', { amount: fullMoney.format(vm.amountBet / 100) })}
            </p>
          ) : (
            <p className="chat__subtitle">{t('chat.online_hint')}</p>
          )}
        </div>
        <button
          ref={closeRef}
          type="button"
          className="chat__icon-button"
          aria-label={t('chat.close')}
          onClick={close}
          data-testid="chat-close"
        >
          <Svg d={ICON.close} />
        </button>
      </header>

      {vm.pinned.length > 0 ? (
        <section className="chat__pinned" aria-label={t('chat.pinned')} data-testid="chat-pinned">
          {vm.pinned.map((m) => (
            <div key={m.id} className="chat__pin" data-testid="chat-pinned-message">
              <span className="chat__pin-icon" aria-hidden="true">
                <Svg d={ICON.pin} size={16} />
              </span>
              <div className="chat__pin-body">
                <span className={`chat__name ${m.colorClass}`}>
                  {m.name}
                  {m.house ? <span className="chat__badge chat__badge--house">{t('chat.house')}</span> : null}
                </span>
                <p className="chat__text">{m.text}</p>
              </div>
              <span className="chat__pin-label">{t('chat.pinned')}</span>
            </div>
          ))}
        </section>
      ) : null}

      {vm.reconnecting ? (
        <p className="chat__banner" role="status" data-testid="chat-reconnecting">
          {t('chat.reconnecting')}
        </p>
      ) : null}

      <div className="chat__body">
        {vm.loading ? (
          <div className="chat__state" role="status" data-testid="chat-loading">
            <span className="chat__spinner" aria-hidden="true" />
            {t('chat.loading')}
          </div>
        ) : null}
        {vm.loadFailure ? (
          <div className="chat__state" role="alert" data-testid="chat-load-failed">
            <p>{t('chat.load_failed')}</p>
            {vm.loadFailure.map((m, i) => (
              <p key={i} className="chat__muted">
                {line(m)}
              </p>
            ))}
            <button type="button" className="chat__button" onClick={() => actorRef.send({ type: 'chat.reload' })}>
              {t('chat.reload')}
            </button>
          </div>
        ) : null}
        {vm.empty ? (
          <p className="chat__state chat__muted" data-testid="chat-empty">
            {t('chat.empty')}
          </p>
        ) : null}
        <ol
          ref={listRef}
          className="chat__list"
          role="log"
          aria-live="polite"
          aria-label={t('chat.messages_label')}
          data-testid="chat-messages"
          onScroll={(event) => {
            const list = event.currentTarget;
            stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
          }}
        >
          {vm.items.map((item) =>
            item.kind === 'day' ? (
              <li key={item.key} className="chat__day" data-testid="chat-day">
                <span>{dayText(item.label)}</span>
              </li>
            ) : (
              <MessageRow
                key={item.key}
                m={item.message}
                t={t}
                wagered={item.message.amountBet ? money.format(item.message.amountBet / 100) : null}
              />
            ),
          )}
        </ol>
      </div>

      <footer className="chat__footer">
        {vm.guest ? (
          <div className="chat__guest" data-testid="chat-guest">
            <p>{t('chat.guest_prompt')}</p>
            <button
              type="button"
              className="chat__button chat__button--primary"
              onClick={() => actorRef.send({ type: 'chat.signIn' })}
              data-testid="chat-sign-in"
            >
              {t('chat.sign_in')}
            </button>
          </div>
        ) : (
          <form className="chat__composer" onSubmit={submit} data-testid="chat-composer">
            {vm.sendFailure ? (
              <FailureBox
                testId="chat-send-failed"
                title={t('chat.send_failed')}
                lines={vm.sendFailure.map(line)}
                dismiss={t('chat.dismiss')}
                onDismiss={() => actorRef.send({ type: 'chat.dismissError' })}
              >
                <button type="submit" className="chat__button chat__button--primary" data-testid="chat-retry">
                  {t('chat.retry')}
                </button>
              </FailureBox>
            ) : null}
            {vm.attachFailure ? (
              <FailureBox
                testId="chat-attach-failed"
                title={t('chat.attach_failed')}
                lines={vm.attachFailure.map(line)}
                dismiss={t('chat.dismiss')}
                onDismiss={() => actorRef.send({ type: 'chat.dismissAttachError' })}
              />
            ) : null}
            {vm.attachments.length > 0 || vm.uploading ? (
              <ul className="chat__attachments" data-testid="chat-attachments">
                {vm.attachments.map((a) => (
                  <li key={a.attachment_url} className="chat__attachment" data-testid="chat-attachment">
                    <img src={a.attachment_url} alt={t('chat.attach_preview')} decoding="async" />
                    <button
                      type="button"
                      className="chat__attachment-remove"
                      aria-label={t('chat.attach_remove')}
                      onClick={() => actorRef.send({ type: 'chat.removeAttachment', url: a.attachment_url })}
                    >
                      <Svg d={ICON.close} size={14} />
                    </button>
                  </li>
                ))}
                {vm.uploading ? (
                  <li className="chat__attachment chat__attachment--uploading" data-testid="chat-uploading">
                    <span className="chat__spinner" aria-hidden="true" />
                    <span className="chat__sr-only" role="status">
                      {t('chat.attach_uploading')}
                    </span>
                    <button
                      type="button"
                      className="chat__attachment-remove"
                      aria-label={t('chat.attach_cancel')}
                      onClick={() => actorRef.send({ type: 'chat.cancelAttachment' })}
                    >
                      <Svg d={ICON.close} size={14} />
                    </button>
                  </li>
                ) : null}
              </ul>
            ) : null}
            <div className="chat__input-row">
              <input
                ref={fileRef}
                type="file"
                accept={ACCEPT}
                hidden
                data-testid="chat-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  // The same file may be picked again after a removal.
                  event.target.value = '';
                  if (file) actorRef.send({ type: 'chat.attach', file });
                }}
              />
              <button
                type="button"
                className="chat__icon-button chat__attach"
                disabled={!vm.canAttach}
                aria-label={t('chat.attach')}
                title={t('chat.attach')}
                onClick={() => fileRef.current?.click()}
                data-testid="chat-attach"
              >
                <Svg d={ICON.image} />
              </button>
              <label className="chat__sr-only" htmlFor="chat-input">
                {t('chat.input_label')}
              </label>
              <textarea
                id="chat-input"
                ref={inputRef}
                className="chat__input"
                rows={1}
                value={vm.draft}
                placeholder={t('chat.placeholder')}
                onChange={(event) => actorRef.send({ type: 'chat.draftChanged', text: event.target.value })}
                onKeyDown={onKeyDown}
                aria-describedby="chat-count"
                data-testid="chat-input"
              />
              <button
                type="submit"
                className="chat__send"
                disabled={!vm.canSend}
                aria-label={vm.sending ? t('chat.sending') : t('chat.send')}
                data-testid="chat-send"
              >
                {vm.sending ? <span className="chat__spinner" aria-hidden="true" /> : <Svg d={ICON.send} />}
              </button>
            </div>
            <p
              id="chat-count"
              className={`chat__count${vm.remaining < 0 ? ' chat__count--over' : ''}`}
              aria-live="polite"
            >
              {vm.remaining < 0
                ? t('chat.too_long', { count: -vm.remaining })
                : vm.remaining <= 40
                  ? t('chat.remaining', { count: vm.remaining })
                  : ''}
            </p>
          </form>
        )}
      </footer>
    </aside>
  );
}

/** A failure under the composer: what failed, why (one line each), an optional retry, and dismiss. */
function FailureBox(props: {
  testId: string;
  title: string;
  lines: string[];
  dismiss: string;
  onDismiss: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="chat__failure" role="alert" data-testid={props.testId}>
      <div>
        <strong>{props.title}</strong>
        {props.lines.map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </div>
      <div className="chat__failure-actions">
        {props.children}
        <button type="button" className="chat__button" onClick={props.onDismiss}>
          {props.dismiss}
        </button>
      </div>
    </div>
  );
}

function MessageRow({
  m,
  t,
  wagered,
}: {
  m: ChatMessageView;
  t: (id: string, values?: Record<string, string | number>) => string;
  wagered: string | null;
}) {
  return (
    <li
      className={`chat__message${m.own ? ' chat__message--own' : ''}${m.house ? ' chat__message--house' : ''}`}
      data-testid="chat-message"
      data-own={m.own ? 'true' : undefined}
      data-message-id={m.id}
    >
      <span className={`chat__avatar ${m.colorClass}`} aria-hidden="true">
        {m.initials}
      </span>
      <div className="chat__bubble">
        <div className="chat__meta">
          <span className={`chat__name ${m.colorClass}`} data-testid="chat-name">
            {m.name}
          </span>
          {m.own ? <span className="chat__badge chat__badge--own">{t('chat.you')}</span> : null}
          {m.house ? <span className="chat__badge chat__badge--house">{t('chat.house')}</span> : null}
          {m.level !== null ? (
            <span className="chat__badge chat__badge--level" title={t('chat.level', { level: m.level })}>
              {m.level}
            </span>
          ) : null}
          {wagered !== null ? (
            <span className="chat__badge chat__badge--wagered" data-testid="chat-wagered">
              {t('chat.wagered', { amount: wagered })}
            </span>
          ) : null}
          <time className="chat__time" dateTime={m.dateTime}>
            {m.time}
          </time>
        </div>
        {m.text ? (
          <p className="chat__text" data-testid="chat-text">
            {m.text}
          </p>
        ) : null}
        {m.images.map((image) => (
          <img
            key={image.attachment_url}
            className="chat__image"
            src={image.attachment_url}
            alt={t('chat.image_alt', { name: m.name })}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
          />
        ))}
      </div>
    </li>
  );
}

export default ChatPanel;
