import { useEffect, useRef, useState } from 'react';
import { loadScript } from './third-party';

interface GoogleIdApi {
  initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
  renderButton(el: HTMLElement, options: Record<string, string | number>): void;
}

const GIS_SRC = 'https://accounts.google.com/gsi/client';

/**
 * The Google Identity Services button, only for brands with `googleClientId` (the script is loaded only then).
 * Offline, or when Google refuses the client id, nothing is shown.
 */
export function GoogleButton({ clientId, locale, onCredential }: { clientId: string; locale: string; onCredential: (idToken: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    loadScript(GIS_SRC)
      .then(() => {
        const api = (window as unknown as { google?: { accounts?: { id?: GoogleIdApi } } }).google?.accounts?.id;
        if (!alive || !api || !box.current) return;
        api.initialize({ client_id: clientId, callback: (response) => onCredential(response.credential) });
        api.renderButton(box.current, { theme: 'outline', size: 'large', locale, width: 280 });
        setReady(true);
      })
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, [clientId, locale, onCredential]);
  return <div ref={box} className="google-button" data-testid="google-button" data-ready={ready} />;
}
