import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { loadScript } from './third-party';

interface TurnstileApi {
  render(
    el: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; language?: string },
  ): string;
  remove(id: string): void;
}

const TURNSTILE_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/**
 * The registration captcha (§5): Cloudflare Turnstile when the brand has `turnstileSiteKey` (its script is loaded
 * only then); otherwise the local check of brands without Turnstile (the sandbox brands), which hands over the
 * configured local token when the player ticks the box.
 */
export function Captcha({
  siteKey,
  localToken,
  value,
  onToken,
  locale,
  error,
}: {
  siteKey: string | null;
  localToken: string | null;
  value: string;
  onToken: (token: string) => void;
  locale: string;
  error?: string | undefined;
}) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!siteKey || !box.current) return;
    const el = box.current;
    let id: string | undefined;
    let alive = true;
    loadScript(TURNSTILE_SRC)
      .then(() => {
        const api = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
        if (!alive || !api) return;
        id = api.render(el, {
          sitekey: siteKey,
          callback: onToken,
          'expired-callback': () => onToken(''),
          language: locale,
        });
      })
      .catch(() => {});
    return () => {
      alive = false;
      const api = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
      if (id && api) api.remove(id);
    };
  }, [siteKey, onToken, locale]);

  if (siteKey)
    return <div ref={box} className="captcha" data-testid="captcha-turnstile" aria-invalid={Boolean(error)} />;
  if (!localToken) return <p className="form-error">{intl.formatMessage({ id: 'session.captcha.unavailable' })}</p>;
  return (
    <label className="checkbox captcha" data-testid="captcha-local">
      <input
        type="checkbox"
        checked={value === localToken}
        onChange={(e) => onToken(e.target.checked ? localToken : '')}
      />
      <span>{intl.formatMessage({ id: 'session.captcha.local' })}</span>
    </label>
  );
}
