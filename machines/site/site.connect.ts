import type { SnapshotFrom } from 'xstate';
import type { siteMachine } from './site.machine';
import type { Category, Provider, SiteConfig } from './site.types';
import { offeredBanners, type HiddenBonus } from '../bonus/regulated';
import { CONSUMIDOR_GOV_URL } from '../../shared/sigap';
import { NATIONAL_SELF_EXCLUSION_URL } from '../../shared/self-exclusion';

export type SiteStatus = 'loading' | 'error' | 'ready' | 'maintenance' | 'notFound';
export type PreloaderKind = 'loading' | 'error' | 'maintenance' | 'notFound';

/** The full-screen preloader (§2.4, §8): what to show and whether it is fading out. */
export interface PreloaderViewModel {
  visible: boolean;
  /** Ready: the preloader is on screen only to fade out. */
  fading: boolean;
  kind: PreloaderKind;
  titleId: string;
  hintId: string | undefined;
  link: { href: string; labelId: string } | undefined;
  spinner: boolean;
  /** A button that retries at once (error only). */
  retryLabelId: string | undefined;
  /** `data-state` for styling and tests. */
  dataState: PreloaderKind | 'fading' | 'hidden';
}

export interface BrandFeatures {
  sports: boolean;
  boxes: boolean;
  kyc: boolean;
  chatSupport: boolean;
  cashback: boolean;
}

export type FeatureName = keyof BrandFeatures;

export interface BrandViewModel {
  casinoId: number;
  /** Document title (§3: data.ogTitle). */
  title: string;
  siteName: string;
  logo: string;
  logoMobile: string;
  logoSize: { width: number; height: number };
  logoMobileSize: { width: number; height: number };
  favicon: string;
  /** CSS custom properties to set on :root. */
  cssVariables: Record<string, string>;
  /** The colour of the browser UI (meta theme-color). */
  themeColor: string;
  /** The banners the brand may show (a regulated brand's deposit and advance bonuses left out). */
  banners: SiteConfig['banners'];
  /** The bonus banners a regulated brand's rules hid, each with its rule, for a reviewer's note. */
  hiddenBonuses: HiddenBonus[];
  socialLinks: Array<{ name: string; href: string }>;
  features: BrandFeatures;
  boxColors: SiteConfig['boxColors'];
  /** The operator's legal identity (Lei 14.790/2023 art. 15), for the footer and the compliance page. */
  operator: OperatorViewModel;
}

/**
 * What the footer and the compliance page show of the operator (Lei 14.790/2023 art. 15): only the items the brand
 * has (a brand without a licence has no authorisation and may lack others), and the two public links a licensed
 * operator gives (Consumidor.gov.br; the central self-exclusion platform, IN SPA/MF 31/2025).
 */
export interface OperatorViewModel {
  companyName: string;
  cnpj: string | null;
  /** The authorising portaria: its number and its date (yyyy-mm-dd, for the page's date formatter). */
  authorisation: { portaria: string; date: string } | null;
  address: string | null;
  /** Contacts as `{ kind, value, href }` (tel: and mailto: links), SAC then ouvidoria. */
  contacts: Array<{ kind: 'sac' | 'ouvidoria'; value: string; href: string }>;
  regulated: boolean;
  links: { consumidor: string; selfExclusion: string };
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function connectOperator(config: Pick<SiteConfig, 'operator' | 'is_regulated'>): OperatorViewModel {
  const { operator } = config;
  const contacts: OperatorViewModel['contacts'] = [];
  for (const kind of ['sac', 'ouvidoria'] as const) {
    const { phone, email } = operator[kind];
    if (phone) contacts.push({ kind, value: phone, href: telHref(phone) });
    if (email) contacts.push({ kind, value: email, href: `mailto:${email}` });
  }
  return {
    companyName: operator.company_name,
    cnpj: operator.cnpj,
    authorisation: operator.authorisation,
    address: operator.address,
    contacts,
    regulated: config.is_regulated,
    links: { consumidor: CONSUMIDOR_GOV_URL, selfExclusion: NATIONAL_SELF_EXCLUSION_URL },
  };
}

export interface SiteViewModel {
  status: SiteStatus;
  preloader: PreloaderViewModel;
  /** The brand, once the site may be shown (ready); null otherwise. */
  brand: BrandViewModel | null;
  providers: { loading: boolean; list: Provider[] };
  /** The lobby's category chips (empty until asked, or when unavailable). */
  categories: Category[];
}

const CSS_COLOR_NAMES: Record<keyof SiteConfig['colors'], string> = {
  primary: '--color-primary',
  secondary: '--color-secondary',
  background: '--color-background',
  surface: '--color-surface',
  text: '--color-text',
  textMuted: '--color-text-muted',
  accent: '--color-accent',
  success: '--color-success',
  warning: '--color-warning',
  error: '--color-error',
};

/** `#1FA95B` → `31 169 91` (for rgb(var(--x-rgb) / alpha) in CSS). */
export function hexToRgbTriplet(hex: string): string | undefined {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return undefined;
  return [m[1], m[2], m[3]].map((h) => String(parseInt(h ?? '0', 16))).join(' ');
}

/** WCAG relative luminance of `#rrggbb`, or null when it is not one. */
export function relativeLuminance(hex: string): number | null {
  const triplet = hexToRgbTriplet(hex);
  if (!triplet) return null;
  const [r, g, b] = triplet.split(' ').map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The dark text put on light brand colours: black, so a mid-tone brand colour still reaches 4.5:1 with one of the two. */
export const DARK_ON_COLOR = '#000000';
export const LIGHT_ON_COLOR = '#ffffff';

/**
 * Whether dark (black) text has more contrast than white on `hex` (WCAG 2 contrast ratio). The two cross at a
 * luminance of about 0.18, so every colour reaches at least 4.58:1 with the text chosen (axe found
 * white on the brands' green and blue at 3.0 and 4.4:1).
 */
export function prefersDarkText(hex: string): boolean {
  const luminance = relativeLuminance(hex);
  if (luminance === null) return false;
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05);
}

/** Brand colours → CSS custom properties, plus `-rgb` triplets and readable text on the primary colour. */
export function brandCssVariables(config: SiteConfig): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [key, name] of Object.entries(CSS_COLOR_NAMES) as Array<[keyof SiteConfig['colors'], string]>) {
    const value = config.colors[key];
    vars[name] = value;
    const rgb = hexToRgbTriplet(value);
    if (rgb) vars[`${name}-rgb`] = rgb;
  }
  vars['--color-on-primary'] = prefersDarkText(config.colors.primary) ? DARK_ON_COLOR : LIGHT_ON_COLOR;
  vars['--color-on-secondary'] = prefersDarkText(config.colors.secondary) ? DARK_ON_COLOR : LIGHT_ON_COLOR;
  for (const [tier, value] of Object.entries(config.boxColors)) {
    vars[`--box-${tier}`] = value;
    vars[`--on-box-${tier}`] = prefersDarkText(value) ? DARK_ON_COLOR : LIGHT_ON_COLOR;
  }
  vars['--logo-width'] = `${config.logoSizes.desktop.width}px`;
  vars['--logo-height'] = `${config.logoSizes.desktop.height}px`;
  vars['--logo-mobile-width'] = `${config.logoSizes.mobile.width}px`;
  vars['--logo-mobile-height'] = `${config.logoSizes.mobile.height}px`;
  return vars;
}

export function connectBrand(config: SiteConfig): BrandViewModel {
  const offered = offeredBanners(
    [...config.banners].sort((a, b) => a.order - b.order),
    config.is_regulated,
  );
  return {
    casinoId: config.casino_id,
    title: config.data.ogTitle,
    siteName: config.siteName,
    logo: config.images.logo,
    logoMobile: config.images.logoMobile,
    logoSize: config.logoSizes.desktop,
    logoMobileSize: config.logoSizes.mobile,
    favicon: config.images.favicon,
    cssVariables: brandCssVariables(config),
    themeColor: config.colors.background,
    banners: offered.banners,
    hiddenBonuses: offered.hidden,
    socialLinks: Object.entries(config.socialLinks)
      .filter(([, href]) => /^https:\/\//.test(href))
      .map(([name, href]) => ({ name, href })),
    features: {
      sports: config.hasSports,
      boxes: config.hasBoxes,
      kyc: config.kyc,
      chatSupport: config.chat_support,
      cashback: config.cashback,
    },
    boxColors: config.boxColors,
    operator: connectOperator(config),
  };
}

function siteStatusOf(snapshot: SnapshotFrom<typeof siteMachine>): SiteStatus {
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('maintenance')) return 'maintenance';
  if (snapshot.matches('notFound')) return 'notFound';
  if (snapshot.matches('error')) return 'error';
  return 'loading';
}

const PRELOADER: Record<PreloaderKind, Omit<PreloaderViewModel, 'visible' | 'fading' | 'dataState' | 'link'>> = {
  loading: {
    kind: 'loading',
    titleId: 'shell.preloader.loading',
    hintId: undefined,
    spinner: true,
    retryLabelId: undefined,
  },
  error: {
    kind: 'error',
    titleId: 'shell.preloader.loading',
    hintId: 'shell.preloader.error_hint',
    spinner: true,
    retryLabelId: 'shell.preloader.retry',
  },
  maintenance: {
    kind: 'maintenance',
    titleId: 'shell.preloader.maintenance',
    hintId: 'shell.preloader.maintenance_hint',
    spinner: false,
    retryLabelId: undefined,
  },
  notFound: {
    kind: 'notFound',
    titleId: 'shell.preloader.not_found',
    hintId: undefined,
    spinner: false,
    retryLabelId: undefined,
  },
};

/** Snapshot → what the shell renders: the preloader, the brand once ready, the provider list. */
export function connectSite(snapshot: SnapshotFrom<typeof siteMachine>): SiteViewModel {
  const status = siteStatusOf(snapshot);
  const { context } = snapshot;
  const fading = snapshot.matches({ ready: { reveal: 'fading' } });
  const kind: PreloaderKind = status === 'ready' ? 'loading' : status;
  const visible = status !== 'ready' || fading;
  const preloader: PreloaderViewModel = {
    ...PRELOADER[kind],
    visible,
    fading,
    link: kind === 'notFound' ? { href: context.marketingUrl, labelId: 'shell.preloader.not_found_link' } : undefined,
    dataState: !visible ? 'hidden' : fading ? 'fading' : kind,
  };
  const brand = status === 'ready' && context.config ? connectBrand(context.config) : null;
  return {
    status,
    preloader,
    brand,
    providers: {
      loading: status === 'ready' && !snapshot.matches({ ready: { reveal: 'shown' } }),
      list: context.providers,
    },
    categories: context.categories,
  };
}
