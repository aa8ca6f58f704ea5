import type { ReactNode } from 'react';
import { UserArea, type UserNavItem } from '../features/profile/user-nav';
import { localizePath, type Locale } from '../i18n/locale';

/** The /user sub-navigation's entries, in order; `verification` only on brands with the `kyc` feature. */
const USER_NAV: ReadonlyArray<{ key: string; path: string; also?: string[]; kyc?: boolean }> = [
  { key: 'account', path: '/user', also: ['/user/edit'] },
  { key: 'access', path: '/user/edit/access-data' },
  { key: 'personal', path: '/user/edit/personal-data' },
  { key: 'history', path: '/user/edit/history-casino' },
  { key: 'transactions', path: '/user/edit/transaction' },
  { key: 'verification', path: '/user/edit/verification', kyc: true },
  { key: 'responsible', path: '/responsible-gambling' },
];

/** Whether a route of the route table belongs to the account area. */
export const isUserAreaPath = (path: string | undefined): boolean =>
  path === '/user' || (path?.startsWith('/user/') ?? false);

/** A /user page inside the account area, with the sub-navigation. */
export function UserAreaFrame({
  path,
  locale,
  kyc,
  children,
}: {
  /** The route's plain path (`/user/edit/personal-data`). */
  path: string;
  locale: Locale;
  kyc: boolean;
  children: ReactNode;
}) {
  const items: UserNavItem[] = USER_NAV.filter((item) => kyc || !item.kyc).map((item) => ({
    labelId: `profile.nav.${item.key}`,
    href: localizePath(item.path, locale),
    current: item.path === path || (item.also?.includes(path) ?? false),
    testId: `user-nav-${item.key}`,
  }));
  return <UserArea items={items}>{children}</UserArea>;
}
