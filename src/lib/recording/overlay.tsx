/**
 * The recorder's QA overlay: a small panel in the bottom-left corner, over the app but in its own
 * React root (it is not part of the player's screens), opened and closed with Alt+Shift+R or its close button
 * (Escape too). It shows how many entries are recorded (and dropped by the ring buffer), takes a name and downloads
 * the recording. Its own chunk, with the catalogue part `qa`; loaded only on the first press of the shortcut.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { FormattedMessage, useIntl } from 'react-intl';
import { I18nProvider } from '../../i18n/i18n-provider';
import { localeFromPath } from '../../i18n/locale';
import type { Recorder } from './recorder';
import { RECORDING_NAME_MAX } from './format';
import './overlay.css';

interface OverlayProps {
  recorder: Recorder;
  onDownload(name: string): string;
  onClose(): void;
}

export function RecorderOverlay({ recorder, onDownload, onClose }: OverlayProps) {
  const intl = useIntl();
  const count = useSyncExternalStore(recorder.subscribe, () => recorder.count);
  const dropped = useSyncExternalStore(recorder.subscribe, () => recorder.dropped);
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const nameId = useId();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    input.current?.focus();
    // Escape closes it while the focus is in it (the app's own dialogs keep their Escape).
    const element = panel.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    element?.addEventListener('keydown', onKey);
    return () => element?.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <section className="qa-recorder" role="dialog" aria-labelledby={titleId} data-testid="qa-recorder" ref={panel}>
      <header className="qa-recorder__head">
        <h2 id={titleId} className="qa-recorder__title">
          <span className="qa-recorder__dot" aria-hidden="true" />
          <FormattedMessage id="qa.recorder.title" />
        </h2>
        <button
          type="button"
          className="qa-recorder__close"
          aria-label={intl.formatMessage({ id: 'qa.recorder.close' })}
          onClick={onClose}
        >
          ×
        </button>
      </header>
      <p className="qa-recorder__count" aria-live="polite" data-testid="qa-recorder-count">
        <FormattedMessage id="qa.recorder.count" values={{ count }} />
        {dropped > 0 ? (
          <>
            {' '}
            <FormattedMessage id="qa.recorder.dropped" values={{ count: dropped }} />
          </>
        ) : null}
      </p>
      <form
        className="qa-recorder__form"
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(onDownload(name));
        }}
      >
        <label htmlFor={nameId} className="qa-recorder__label">
          <FormattedMessage id="qa.recorder.name" />
        </label>
        <input
          ref={input}
          id={nameId}
          className="qa-recorder__input"
          value={name}
          maxLength={RECORDING_NAME_MAX}
          placeholder={intl.formatMessage({ id: 'qa.recorder.name_placeholder' })}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="qa-recorder__download">
          <FormattedMessage id="qa.recorder.download" />
        </button>
      </form>
      {saved ? (
        <p className="qa-recorder__saved" role="status">
          <FormattedMessage id="qa.recorder.saved" values={{ file: saved }} />
        </p>
      ) : null}
      <p className="qa-recorder__hint">
        <FormattedMessage id="qa.recorder.hint" values={{ shortcut: 'Alt+Shift+R' }} />
      </p>
    </section>
  );
}

/** Mounts the overlay (open) in a root of its own; `toggle` closes and opens it again. */
export function mountRecorderOverlay(
  win: Window,
  recorder: Recorder,
  onDownload: (name: string) => string,
): { toggle(): void } {
  const host = win.document.createElement('div');
  host.setAttribute('data-qa-recorder', '');
  win.document.body.append(host);
  const root = createRoot(host);
  let open = false;
  let returnFocus: Element | null = null;
  const render = () => {
    const locale = localeFromPath(win.location.pathname);
    root.render(
      open ? (
        <I18nProvider locale={locale}>
          <RecorderOverlay recorder={recorder} onDownload={onDownload} onClose={toggle} />
        </I18nProvider>
      ) : null,
    );
  };
  function toggle() {
    open = !open;
    if (open) returnFocus = win.document.activeElement;
    render();
    if (!open && returnFocus instanceof HTMLElement) returnFocus.focus();
  }
  toggle();
  return { toggle };
}
