import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { CatalogPart } from './catalog-parts';
import { FALLBACK_INTL_LOCALE, intlLocale, localeFromPath, type Locale } from './locale';
import type { Messages } from './messages';
import ptBR from './pt-BR.json';

type Loader = () => Promise<{ default: Messages }>;

/**
 * Portuguese's core ships with the app; English's core is fetched when first needed. The build splits each
 * catalogue into its core and the parts of src/i18n/catalog-parts.ts (tests read the whole JSON for each).
 */
const CORES: Record<Locale, Loader> = {
  pt: () => Promise.resolve({ default: ptBR }),
  en: () => import('./en.json'),
};
const PARTS: Record<Locale, Record<CatalogPart, Loader>> = {
  pt: {
    forms: () => import('./pt-BR.json?part=forms'),
    wallet: () => import('./pt-BR.json?part=wallet'),
    casino: () => import('./pt-BR.json?part=casino'),
    game: () => import('./pt-BR.json?part=game'),
    errors: () => import('./pt-BR.json?part=errors'),
    pages: () => import('./pt-BR.json?part=pages'),
    chat: () => import('./pt-BR.json?part=chat'),
    push: () => import('./pt-BR.json?part=push'),
    notifications: () => import('./pt-BR.json?part=notifications'),
    rg: () => import('./pt-BR.json?part=rg'),
    profile: () => import('./pt-BR.json?part=profile'),
    verification: () => import('./pt-BR.json?part=verification'),
    demo: () => import('./pt-BR.json?part=demo'),
    install: () => import('./pt-BR.json?part=install'),
    rewards: () => import('./pt-BR.json?part=rewards'),
    boxes: () => import('./pt-BR.json?part=boxes'),
    qa: () => import('./pt-BR.json?part=qa'),
  },
  en: {
    forms: () => import('./en.json?part=forms'),
    wallet: () => import('./en.json?part=wallet'),
    casino: () => import('./en.json?part=casino'),
    game: () => import('./en.json?part=game'),
    errors: () => import('./en.json?part=errors'),
    pages: () => import('./en.json?part=pages'),
    chat: () => import('./en.json?part=chat'),
    push: () => import('./en.json?part=push'),
    notifications: () => import('./en.json?part=notifications'),
    rg: () => import('./en.json?part=rg'),
    profile: () => import('./en.json?part=profile'),
    verification: () => import('./en.json?part=verification'),
    demo: () => import('./en.json?part=demo'),
    install: () => import('./en.json?part=install'),
    rewards: () => import('./en.json?part=rewards'),
    boxes: () => import('./en.json?part=boxes'),
    qa: () => import('./en.json?part=qa'),
  },
};

/**
 * Each language's catalogue as far as it is loaded: one object per language, handed to react-intl once, that the
 * parts are merged into when they arrive (react-intl reads a message when it formats it), so a lazy screen whose
 * part was loaded with its chunk finds its messages in the provider already rendered.
 */
const catalogs: Partial<Record<Locale, Messages>> = { pt: { ...ptBR } };
const cores: Partial<Record<Locale, Promise<Messages>>> = { pt: Promise.resolve(catalogs.pt as Messages) };
const parts = new Map<string, Promise<void>>();
/** The parts some screen has asked for: a language loaded later comes with them. */
const wanted = new Set<CatalogPart>();
/** The language shown, or being switched to (before the provider's first render: the address's). */
let current: Locale | null = null;

function loadCore(locale: Locale): Promise<Messages> {
  return (cores[locale] ??= CORES[locale]().then((m) => {
    catalogs[locale] = { ...m.default };
    return catalogs[locale] as Messages;
  }));
}

function loadPart(locale: Locale, part: CatalogPart): Promise<void> {
  const key = `${locale}:${part}`;
  let loading = parts.get(key);
  if (!loading) {
    loading = Promise.all([loadCore(locale), PARTS[locale][part]()]).then(([catalog, m]) => {
      Object.assign(catalog, m.default);
    });
    // A failed fetch may be tried again by the next screen that asks.
    loading.catch(() => parts.delete(key));
    parts.set(key, loading);
  }
  return loading;
}

/** A language's catalogue with every part asked for so far. */
export function loadMessages(locale: Locale): Promise<Messages> {
  return Promise.all([loadCore(locale), ...[...wanted].map((part) => loadPart(locale, part))]).then(
    ([catalog]) => catalog,
  );
}

/**
 * `load` (a lazy chunk) and the catalogue part its screens say, in the language shown, fetched side by side:
 * resolves once both are there.
 */
export function withMessages<T>(part: CatalogPart, load: () => Promise<T>): () => Promise<T> {
  return () => {
    wanted.add(part);
    const locale = current ?? (typeof window === 'undefined' ? 'pt' : localeFromPath(window.location.pathname));
    return Promise.all([load(), loadPart(locale, part)]).then(([module]) => module);
  };
}

/**
 * react-intl with the catalog of `locale`. While English loads, the Portuguese
 * tree stays on screen (no flash of message ids).
 */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages }>(() => ({
    locale: catalogs[locale] ? locale : 'pt',
    messages: catalogs[locale] ?? (catalogs.pt as Messages),
  }));

  useEffect(() => {
    let active = true;
    current = locale;
    void loadMessages(locale).then((messages) => {
      if (active) setLoaded({ locale, messages });
    });
    return () => {
      active = false;
    };
  }, [locale]);

  return (
    <IntlProvider locale={intlLocale(loaded.locale)} defaultLocale={FALLBACK_INTL_LOCALE} messages={loaded.messages}>
      {children}
    </IntlProvider>
  );
}
