/**
 * The offline inspection page (qa/inspector.html), started by ./main.ts. Its language: `?lang=en` or `?lang=pt`, else the site's locale cookie, else Portuguese. Its texts are the
 * catalogue part `qa`, fetched with the page's code.
 */
import { createRoot } from 'react-dom/client';
import { I18nProvider, withMessages } from '../i18n/i18n-provider';
import { intlLocale, isLocale, readLocaleCookie, type Locale } from '../i18n/locale';
import { createLiveFeed } from './live';

function pageLocale(): Locale {
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (isLocale(asked)) return asked;
  return readLocaleCookie(document.cookie) ?? 'pt';
}

// The receiver first: the app sends its buffered stream once this page says it is connected.
const live = createLiveFeed(window);
const locale = pageLocale();
document.documentElement.lang = intlLocale(locale);

void withMessages('qa', () => import('./inspector-app'))().then(({ InspectorApp }) => {
  const host = document.getElementById('qa-inspector');
  if (!host) return;
  createRoot(host).render(
    <I18nProvider locale={locale}>
      <InspectorApp live={live} />
    </I18nProvider>,
  );
});
