import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { I18nProvider } from '../i18n/i18n-provider';
import { localeFromPath, localizePath, writeLocaleCookie, type Locale } from '../i18n/locale';
import { ToastProvider, ToastRegion, useToasts } from './toast-region';

function LocaleSwitch({ locale, onChange }: { locale: Locale; onChange: (l: Locale) => void }) {
  const toasts = useToasts();
  const next: Locale = locale === 'pt' ? 'en' : 'pt';
  return (
    <button
      type="button"
      data-testid="locale-switch"
      onClick={() => {
        writeLocaleCookie(next);
        window.history.pushState(null, '', localizePath(window.location.pathname, next));
        onChange(next);
        toasts.show({ id: 'locale-changed', kind: 'info', messageId: 'shell.locale_changed' });
      }}
    >
      <FormattedMessage id="shell.switch_locale" />
    </button>
  );
}

/** The app root: providers and the page. */
export function App() {
  const [locale, setLocale] = useState<Locale>(() => localeFromPath(window.location.pathname));
  return (
    <I18nProvider locale={locale}>
      <ToastProvider>
        <main>
          <LocaleSwitch locale={locale} onChange={setLocale} />
        </main>
        <ToastRegion />
      </ToastProvider>
    </I18nProvider>
  );
}
