import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { FALLBACK_INTL_LOCALE, intlLocale, type Locale } from './locale';
import type { Messages } from './messages';
import ptBR from './pt-BR.json';

/** Portuguese ships with the app; English is fetched when first needed. */
const catalogs: Partial<Record<Locale, Messages>> = { pt: ptBR };

export function loadMessages(locale: Locale): Promise<Messages> {
  const cached = catalogs[locale];
  if (cached) return Promise.resolve(cached);
  return import('./en.json').then((m) => {
    catalogs.en = m.default;
    return m.default;
  });
}

/**
 * react-intl with the catalog of `locale`. While English loads, the Portuguese
 * tree stays on screen (no flash of message ids).
 */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages }>(() => ({
    locale: catalogs[locale] ? locale : 'pt',
    messages: catalogs[locale] ?? ptBR,
  }));

  useEffect(() => {
    let current = true;
    void loadMessages(locale).then((messages) => {
      if (current) setLoaded({ locale, messages });
    });
    return () => {
      current = false;
    };
  }, [locale]);

  return (
    <IntlProvider locale={intlLocale(loaded.locale)} defaultLocale={FALLBACK_INTL_LOCALE} messages={loaded.messages}>
      {children}
    </IntlProvider>
  );
}
