/**
 * The shell's menus (spec §2.2 and the areas its menu texts imply). Pure data: plain paths (localised by the
 * view), catalog ids, and the brand feature that hides an item when switched off.
 */
import type { FeatureName } from '../../../machines/site/site.connect';
import type { IconName } from '../../ui/icon';

export type NavIcon = IconName;

export interface NavItem {
  id: string;
  /** Plain path, optionally with a query. */
  to: string;
  labelId: string;
  icon: NavIcon;
  feature?: FeatureName;
}

export interface NavSection {
  id: string;
  titleId: string;
  items: NavItem[];
  feature?: FeatureName;
}

/** Header links on wide screens. */
export const PRIMARY_NAV: NavItem[] = [
  { id: 'casino', to: '/casino/games', labelId: 'shell.nav.casino', icon: 'casino' },
  { id: 'sports', to: '/sports', labelId: 'shell.nav.sports', icon: 'sports', feature: 'sports' },
  { id: 'crates', to: '/casino/crates', labelId: 'shell.nav.crates', icon: 'crates', feature: 'boxes' },
  { id: 'promotions', to: '/promotions', labelId: 'shell.nav.promotions', icon: 'promotions' },
  { id: 'ranking', to: '/ranking', labelId: 'shell.nav.ranking', icon: 'ranking' },
];

/** The side menu: every area, including those §2.2 names without a path of their own. */
export const SIDE_MENU: NavSection[] = [
  {
    id: 'casino',
    titleId: 'shell.menu.casino',
    items: [
      { id: 'games', to: '/casino/games', labelId: 'shell.nav.all_games', icon: 'games' },
      { id: 'providers', to: '/casino/providers', labelId: 'shell.nav.providers', icon: 'providers' },
      { id: 'crates', to: '/casino/crates', labelId: 'shell.nav.crates', icon: 'crates', feature: 'boxes' },
    ],
  },
  {
    id: 'sports',
    titleId: 'shell.menu.sports',
    feature: 'sports',
    items: [
      { id: 'sports', to: '/sports', labelId: 'shell.nav.sports', icon: 'sports' },
      { id: 'live', to: '/sports?view=live', labelId: 'shell.nav.live', icon: 'live' },
      { id: 'soon', to: '/sports?view=starts-soon', labelId: 'shell.nav.starts_soon', icon: 'soon' },
      { id: 'esports', to: '/sports?view=esports', labelId: 'shell.nav.esports', icon: 'esports' },
      { id: 'leagues', to: '/sports?view=popular-leagues', labelId: 'shell.nav.popular_leagues', icon: 'leagues' },
    ],
  },
  {
    id: 'rewards',
    titleId: 'shell.menu.rewards',
    items: [
      { id: 'promotions', to: '/promotions', labelId: 'shell.nav.promotions', icon: 'promotions' },
      { id: 'bonus', to: '/bonus', labelId: 'shell.nav.bonus', icon: 'bonus' },
      { id: 'vip', to: '/rewards', labelId: 'shell.nav.vip_club', icon: 'vip' },
      { id: 'ranking', to: '/ranking', labelId: 'shell.nav.ranking', icon: 'ranking' },
      { id: 'refers', to: '/refers', labelId: 'shell.nav.refer', icon: 'refer' },
    ],
  },
  {
    id: 'wallet',
    titleId: 'shell.menu.wallet',
    items: [
      { id: 'deposit', to: '/account/wallet?tab=deposit', labelId: 'shell.nav.deposit', icon: 'deposit' },
      { id: 'withdraw', to: '/account/wallet?tab=withdraw', labelId: 'shell.nav.withdraw', icon: 'withdraw' },
    ],
  },
  {
    id: 'help',
    titleId: 'shell.menu.help',
    items: [
      { id: 'news', to: '/promotions', labelId: 'shell.nav.news', icon: 'news' },
      {
        id: 'support',
        to: '/pages/sobre-nos',
        labelId: 'shell.nav.live_support',
        icon: 'support',
        feature: 'chatSupport',
      },
      { id: 'responsible', to: '/responsible-gaming', labelId: 'shell.footer.responsible_gaming', icon: 'user' },
    ],
  },
];

/** The bar at the bottom of phones (the first slot opens the side menu). */
export const BOTTOM_BAR: NavItem[] = [
  { id: 'casino', to: '/casino/games', labelId: 'shell.nav.casino', icon: 'casino' },
  { id: 'sports', to: '/sports', labelId: 'shell.nav.sports', icon: 'sports', feature: 'sports' },
  { id: 'crates', to: '/casino/crates', labelId: 'shell.nav.crates', icon: 'crates', feature: 'boxes' },
  { id: 'promotions', to: '/promotions', labelId: 'shell.nav.promotions', icon: 'promotions' },
];

/** Footer legal and responsible gaming links (the content pages). */
export const LEGAL_LINKS: NavItem[] = [
  { id: 'terms', to: '/terms', labelId: 'shell.footer.terms', icon: 'news' },
  { id: 'privacy', to: '/privacy', labelId: 'shell.footer.privacy', icon: 'news' },
  { id: 'betting-terms', to: '/betting-terms', labelId: 'shell.footer.betting_terms', icon: 'news' },
  { id: 'aml-policy', to: '/aml-policy', labelId: 'shell.footer.aml_policy', icon: 'news' },
  { id: 'responsible-gaming', to: '/responsible-gaming', labelId: 'shell.footer.responsible_gaming', icon: 'news' },
  {
    id: 'compliance',
    to: '/em-conformidade-com-a-regulamentacao',
    labelId: 'shell.footer.compliance',
    icon: 'news',
  },
  { id: 'about', to: '/pages/sobre-nos', labelId: 'shell.footer.about', icon: 'news' },
];

export function visibleItems<T extends { feature?: FeatureName }>(
  items: T[],
  features: Record<FeatureName, boolean>,
): T[] {
  return items.filter((item) => !item.feature || features[item.feature]);
}
