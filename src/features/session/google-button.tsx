import { useEffect, useRef, useState } from 'react';
import { loadScript } from './third-party';

interface GoogleIdApi {
  initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
  renderButton(el: HTMLElement, options: Record<string, string | number>): void;
}

const GIS_SRC = 'https://accounts.google.com/gsi/client';

/** `loading`: the GIS script is on its way; `ready`: Google's button is drawn; `failed`: nothing to offer. */
export type GoogleButtonState = 'loading' | 'ready' | 'failed';

/**
 * The "or" divider and the Google Identity Services button, only for brands with `googleClientId` (the script is
 * loaded only then). The divider shows only once Google's button is drawn: while the script loads, and when it
 * cannot load (offline, blocked) or Google's API is missing, neither the divider nor an empty button box shows.
 * `data-state` on the block says which (loading, ready, failed).
 */
export function GoogleButton({
  clientId,
  locale,
  orLabel,
  onCredential,
}: {
  clientId: string;
  locale: string;
  /** The divider's text ("ou" / "or"), from the catalogs. */
  orLabel: string;
  onCredential: (idToken: string) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<GoogleButtonState>('loading');
  useEffect(() => {
    let alive = true;
    loadScript(GIS_SRC)
      .then(() => {
        if (!alive) return;
        const api = (window as unknown as { google?: { accounts?: { id?: GoogleIdApi } } }).google?.accounts?.id;
        if (!api || !box.current) {
          setState('failed');
          return;
        }
        api.initialize({ client_id: clientId, callback: (response) => onCredential(response.credential) });
        api.renderButton(box.current, { theme: 'outline', size: 'large', locale, width: 280 });
        setState('ready');
      })
      .catch(() => {
        if (alive) setState('failed');
      });
    return () => {
      alive = false;
    };
  }, [clientId, locale, onCredential]);
  return (
    <div className="session-form__alt" data-testid="google-sign-in" data-state={state} hidden={state === 'failed'}>
      {state === 'ready' ? <p className="session-form__or">{orLabel}</p> : null}
      {/* Google draws into this box, so it is in the page (empty) while the script loads. */}
      <div ref={box} className="google-button" data-testid="google-button" data-ready={state === 'ready'} />
    </div>
  );
}
