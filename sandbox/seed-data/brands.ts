import type { BrandFeatures, BrandLimits, BrandSettings } from '../api/brands';
import { badge, banner, logo } from './svg';

export interface SeedBanner {
  /** Portuguese title and subtitle (drawn on the artwork). */
  title: string;
  subtitle: string;
  /** The English ones (GET /site-config?locale=en). */
  en: { title: string; subtitle: string };
  link: string | null;
  position: 'home' | 'casino' | 'sports';
}

export interface SeedBrand extends BrandLimits {
  id: number;
  name: string;
  domains: string[];
  maintenance: boolean;
  features: BrandFeatures;
  settings: BrandSettings;
  banners: SeedBanner[];
  /** Two colours of the banner gradients. */
  bannerColors: [string, string, string];
}

const BOX_COLORS = {
  red: '#E5484D',
  blue: '#3E63DD',
  pink: '#D6409F',
  black: '#2B2B2B',
  green: '#30A46C',
  yellow: '#F5D90A',
};

function settings(
  brand: { name: string; title: string; titleEn: string; slug: string },
  colors: BrandSettings['colors'],
  extra: Partial<BrandSettings>,
): BrandSettings {
  const initials = brand.name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2);
  return {
    siteTitle: brand.title,
    slugTitle: brand.slug,
    apiLink: '/api',
    colors,
    images: {
      logo: logo(brand.name, colors.primary, colors.text, colors.secondary),
      logoMobile: badge(initials, colors.primary, colors.text, 40),
      favicon: badge(initials, colors.primary, colors.text),
      ogImage: banner(brand.name, brand.title, colors.primary, colors.background, colors.text),
    },
    icons: {
      casino: badge('C', colors.surface, colors.secondary),
      sports: badge('E', colors.surface, colors.secondary),
      promotions: badge('%', colors.surface, colors.secondary),
    },
    logoSizes: { desktop: { width: 200, height: 48 }, mobile: { width: 40, height: 40 } },
    boxColors: BOX_COLORS,
    socialLinks: { instagram: `https://instagram.com/${brand.slug}`, telegram: `https://t.me/${brand.slug}` },
    cpa_value: 5000,
    cashback_release_day: 1,
    cashback_release_hour: 12,
    cashback_conversion_percentage: 10,
    googleClientId: null,
    turnstileSiteKey: null,
    jivoChat: null,
    gtmId: null,
    gtmSource: null,
    html: null,
    translations: { en: { siteTitle: brand.titleEn } },
    ...extra,
  };
}

const ALL_OFF: BrandFeatures = {
  hasSports: false,
  hasBoxes: false,
  kyc: false,
  chat_support: false,
  registerCPF: false,
  reg_phone: false,
  login_requires_email: false,
  login_requires_phone: false,
  login_requires_cpf: false,
  casVerifyRegistrations: false,
  casAllowGoogleAuth: false,
  cashback: false,
  is_regulated: false,
};

/** Sorte Verde on localhost: green and gold, every feature on, login by e-mail, Google login allowed. */
export const SORTE_VERDE: SeedBrand = {
  id: 1,
  name: 'Sorte Verde',
  domains: ['localhost', '127.0.0.1'],
  maintenance: false,
  min_deposit: 1_000,
  max_deposit: 5_000_000,
  min_withdrawal: 2_000,
  max_withdrawal: 1_000_000,
  features: {
    ...ALL_OFF,
    hasSports: true,
    hasBoxes: true,
    kyc: true,
    chat_support: true,
    reg_phone: true,
    login_requires_email: true,
    casAllowGoogleAuth: true,
    // No cashback of losses on a regulated brand ("win back your losses": Portaria SPA/MF 1.231/2024); its rewards
    // are loyalty points (art. 43). The sandbox refuses it there even switched on (api/rewards.ts cashbackItems).
    cashback: false,
    is_regulated: true,
  },
  settings: settings(
    {
      name: 'Sorte Verde',
      title: 'Sorte Verde · Cassino e Apostas',
      titleEn: 'Sorte Verde · Casino and Betting',
      slug: 'sorteverde',
    },
    {
      primary: '#1FA95B',
      secondary: '#F2C230',
      background: '#0E1A14',
      surface: '#16271E',
      text: '#F4F7F5',
      textMuted: '#A9BDB1',
      accent: '#F2C230',
      success: '#2ECC71',
      warning: '#F5A623',
      error: '#E5484D',
    },
    {
      // Lei 14.790/2023 art. 15: the licensed operator's identity (invented for the sandbox; the CNPJ's check
      // digits are valid, the portaria's number and date are a stand-in for the SPA/MF's authorising act).
      operator: {
        company_name: 'Sorte Verde Entretenimento Ltda.',
        cnpj: '12.345.678/0001-95',
        authorisation: { portaria: 'Portaria SPA/MF nº 2.090', date: '2024-12-31' },
        address: 'Av. Paulista, 1000, 10º andar, Bela Vista, São Paulo – SP, 01310-100',
        sac: { phone: '0800 123 4567', email: 'sac@sorteverde.example' },
        ouvidoria: { phone: '0800 765 4321', email: 'ouvidoria@sorteverde.example' },
      },
      googleClientId: 'sandbox-sorteverde.apps.googleusercontent.com',
      // §2.3: an in-app redirect, an absolute one to a listed origin, and one to a foreign origin the app refuses.
      redirects: [
        { from: '/promo-natal', to: '/promotions' },
        { from: '/ajuda', to: 'https://ajuda.sorteverde.example/' },
        { from: '/golpe', to: 'https://evil.example/' },
      ],
      redirect_origins: ['https://ajuda.sorteverde.example'],
    },
  ),
  banners: [
    {
      title: 'Bônus de boas-vindas',
      subtitle: '100% no primeiro depósito',
      en: { title: 'Welcome bonus', subtitle: '100% on your first deposit' },
      // Links to the deposit-match coupon: the platform marks it `bonus_kind: deposit`, so the app on
      // this regulated brand hides it.
      link: '/bonus?coupon=BEMVINDO100',
      position: 'home',
    },
    {
      // No "win back your losses" on a regulated brand (Portaria SPA/MF 1.231/2024, advertising rules): its rewards
      // are loyalty points (art. 43), and the banner says what they are and are not.
      title: 'Pontos de fidelidade',
      subtitle: 'Missões rendem pontos para caixas, nunca dinheiro',
      en: { title: 'Loyalty points', subtitle: 'Missions earn points for boxes, never money' },
      link: '/rewards',
      position: 'home',
    },
    {
      title: 'Novos slots',
      subtitle: 'Lançamentos toda sexta',
      en: { title: 'New slots', subtitle: 'New releases every Friday' },
      link: '/casino/category/new',
      position: 'casino',
    },
  ],
  bannerColors: ['#1FA95B', '#0E1A14', '#F4F7F5'],
};

/** Azul Bet on azul.localhost: blue, no boxes, CPF required at registration and accepted at login. */
export const AZUL_BET: SeedBrand = {
  id: 2,
  name: 'Azul Bet',
  domains: ['azul.localhost'],
  maintenance: false,
  min_deposit: 2_000,
  max_deposit: 1_000_000,
  min_withdrawal: 5_000,
  max_withdrawal: 500_000,
  features: {
    ...ALL_OFF,
    hasSports: true,
    registerCPF: true,
    reg_phone: true,
    login_requires_email: true,
    login_requires_cpf: true,
    // Not regulated: it offers the deposit bonuses and the weekly cashback Sorte Verde, regulated, must not.
    cashback: true,
    is_regulated: false,
  },
  settings: settings(
    {
      name: 'Azul Bet',
      title: 'Azul Bet · Apostas Esportivas e Cassino',
      titleEn: 'Azul Bet · Sports Betting and Casino',
      slug: 'azulbet',
    },
    {
      primary: '#1E6FFF',
      secondary: '#00C2FF',
      background: '#0A1230',
      surface: '#121C45',
      text: '#F2F5FF',
      textMuted: '#A3B0D9',
      accent: '#FFB020',
      success: '#22C55E',
      warning: '#FFB020',
      error: '#F43F5E',
    },
    {
      jivoChat: 'azulbet-sandbox-chat',
      cashback_conversion_percentage: 5,
      // Not licensed in Brazil: no authorising portaria and no ouvidoria; what it has is shown.
      operator: {
        company_name: 'Azul Bet Gaming N.V.',
        cnpj: null,
        authorisation: null,
        address: 'Abraham de Veerstraat 9, Willemstad, Curaçao',
        sac: { phone: null, email: 'suporte@azulbet.example' },
        ouvidoria: { phone: null, email: null },
      },
    },
  ),
  banners: [
    {
      title: 'Apostas esportivas',
      subtitle: 'Odds turbinadas no Brasileirão',
      en: { title: 'Sports betting', subtitle: 'Boosted odds on the Brasileirão' },
      link: '/sports',
      position: 'home',
    },
    {
      // Azul Bet is not regulated and may advertise its deposit bonus (Sorte Verde, regulated, hides it).
      title: 'Bônus de boas-vindas',
      subtitle: '100% no primeiro depósito',
      en: { title: 'Welcome bonus', subtitle: '100% on your first deposit' },
      link: '/bonus?coupon=BEMVINDO100',
      position: 'home',
    },
    {
      title: 'Cassino ao vivo',
      subtitle: 'Mesas 24 horas',
      en: { title: 'Live casino', subtitle: 'Tables around the clock' },
      link: '/casino/category/live',
      position: 'casino',
    },
  ],
  bannerColors: ['#1E6FFF', '#0A1230', '#F2F5FF'],
};

/** Pausa Bet on pausa.localhost: in maintenance (site-config answers 402). */
export const PAUSA_BET: SeedBrand = {
  id: 3,
  name: 'Pausa Bet',
  domains: ['pausa.localhost'],
  maintenance: true,
  min_deposit: 1_000,
  max_deposit: 1_000_000,
  min_withdrawal: 2_000,
  max_withdrawal: 500_000,
  features: { ...ALL_OFF, hasSports: true, login_requires_email: true },
  settings: settings(
    { name: 'Pausa Bet', title: 'Pausa Bet', titleEn: 'Pausa Bet', slug: 'pausabet' },
    {
      primary: '#7C7F87',
      secondary: '#C9CCD1',
      background: '#17181B',
      surface: '#222429',
      text: '#F1F2F4',
      textMuted: '#A4A8B0',
      accent: '#C9CCD1',
      success: '#30A46C',
      warning: '#F5A623',
      error: '#E5484D',
    },
    {},
  ),
  banners: [
    {
      title: 'Voltamos logo',
      subtitle: 'Estamos melhorando a plataforma',
      en: { title: 'Back soon', subtitle: 'We are improving the platform' },
      link: null,
      position: 'home',
    },
  ],
  bannerColors: ['#7C7F87', '#17181B', '#F1F2F4'],
};

export const SEED_BRANDS: SeedBrand[] = [SORTE_VERDE, AZUL_BET, PAUSA_BET];
