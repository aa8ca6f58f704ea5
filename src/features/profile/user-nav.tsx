import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import './user-nav.css';

export interface UserNavItem {
  /** Catalog id of the label (`profile.nav.*`). */
  labelId: string;
  href: string;
  current: boolean;
  testId: string;
}

/**
 * The account area's sub-navigation, shared by every /user page: a row of tabs that scrolls sideways on a phone, a
 * side menu beside the page from 1024 px (like the account areas of Betano or Stake).
 */
export function UserArea({ items, children }: { items: UserNavItem[]; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="user-area">
      <nav className="user-nav" aria-label={intl.formatMessage({ id: 'profile.nav.label' })} data-testid="user-nav">
        <ul className="user-nav__list">
          {items.map((item) => (
            <li key={item.href}>
              <Link
                className="user-nav__link"
                to={item.href}
                aria-current={item.current ? 'page' : undefined}
                data-testid={item.testId}
              >
                {intl.formatMessage({ id: item.labelId })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="user-area__page">{children}</div>
    </div>
  );
}
