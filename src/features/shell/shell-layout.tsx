import type { ReactNode, Ref } from 'react';
import { Link, NavLink } from 'react-router-dom';
import type { LanguageSwitchViewModel } from '../../../machines/app/language.connect';
import type { BrandViewModel } from '../../../machines/site/site.connect';
import type { ShellUiViewModel } from '../../../machines/site/shell-ui.connect';
import type { ShellUiEvent } from '../../../machines/site/shell-ui.types';
import type { Locale } from '../../i18n/locale';
import { Icon as NavIcon } from '../../ui/icon';
import { Modal } from '../../ui/modal';
import { LocaleSwitch } from './locale-switch';
import { OperatorIdentity } from './operator-identity';
import { useSecondPass } from '../../ui/second-pass';
import { localizeTo } from './localized';
import { BOTTOM_BAR, LEGAL_LINKS, PRIMARY_NAV, SIDE_MENU, visibleItems } from './nav-items';
import './shell.css';
import { useT } from '../../i18n/use-t';

export interface ShellLayoutProps {
  brand: BrandViewModel;
  locale: Locale;
  ui: ShellUiViewModel;
  send: (event: ShellUiEvent) => void;
  /** The header's language switch: what it shows (the root's `language` region) and the tap. */
  languageSwitch: { vm: LanguageSwitchViewModel; onSwitch: (next: Locale) => void };
  mainRef: Ref<HTMLElement>;
  /** The path of the page shown (for tests and QA: the route this content belongs to). */
  path?: string;
  /** The header's account area (sign in / register, or balance and account menu). */
  account: ReactNode;
  /** Dialogs of other areas (login modal, age gate, self-exclusion). */
  overlays: ReactNode;
  /** A notice above every page's content (a SIGAP "Impedido" player's banner); none when absent. */
  notice?: ReactNode;
  /** The bottom bar's sign-in button (hidden when null: signed in). */
  onSignIn: (() => void) | null;
  /** The header's chat button (the global chat `chatglobal`); hidden when absent. */
  onChatOpen?: () => void;
  children: ReactNode;
}

/** The default layout: header, side menu, main, footer and (on phones) the bottom bar. */
export function ShellLayout({
  brand,
  locale,
  ui,
  send,
  languageSwitch,
  mainRef,
  path,
  account,
  overlays,
  notice,
  onSignIn,
  onChatOpen,
  children,
}: ShellLayoutProps) {
  const t = useT();
  const to = (path: string) => localizeTo(path, locale);
  const belowTheFold = useSecondPass();

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <header className="header">
        <div className="header__inner">
          <button
            type="button"
            className="header__menu"
            aria-label={t('shell.menu.open')}
            aria-expanded={ui.drawerOpen}
            onClick={() => send({ type: 'drawer.open' })}
            data-testid="menu-button"
          >
            <NavIcon name="menu" />
          </button>
          <Link to={to('/')} className="header__logo" aria-label={t('shell.home_link', { site: brand.siteName })}>
            <picture>
              <source media="(max-width: 639px)" srcSet={brand.logoMobile} />
              <img
                src={brand.logo}
                alt={brand.siteName}
                width={brand.logoSize.width}
                height={brand.logoSize.height}
                data-testid="brand-logo"
              />
            </picture>
          </Link>
          <nav className="header__nav" aria-label={t('shell.nav.label')}>
            {visibleItems(PRIMARY_NAV, brand.features).map((item) => (
              <NavLink key={item.id} to={to(item.to)} className="header__link" data-testid={`nav-${item.id}`}>
                {t(item.labelId)}
              </NavLink>
            ))}
          </nav>
          <div className="header__actions">
            {onChatOpen ? (
              <button
                type="button"
                className="header__chat"
                aria-label={t('shell.chat.open')}
                title={t('shell.chat.open')}
                onClick={onChatOpen}
                data-testid="chat-open"
              >
                <NavIcon name="chat" size={22} />
              </button>
            ) : null}
            <LocaleSwitch vm={languageSwitch.vm} onSwitch={languageSwitch.onSwitch} />
            {account}
          </div>
        </div>
      </header>

      <Modal
        open={ui.drawerOpen}
        title={t('shell.menu.title')}
        closeLabel={t('shell.close')}
        onClose={() => send({ type: 'drawer.close' })}
        placement="start"
        testId="side-menu"
      >
        <nav className="side-menu" aria-label={t('shell.menu.title')}>
          {SIDE_MENU.filter((s) => !s.feature || brand.features[s.feature]).map((section) => (
            <section key={section.id} className="side-menu__section">
              <h3 className="side-menu__title">{t(section.titleId)}</h3>
              <ul className="side-menu__list">
                {visibleItems(section.items, brand.features).map((item) => (
                  <li key={item.id}>
                    <Link to={to(item.to)} className="side-menu__link" data-testid={`menu-${item.id}`}>
                      <NavIcon name={item.icon} />
                      {t(item.labelId)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      </Modal>

      <main id="main" ref={mainRef} className="main" tabIndex={-1} data-path={path}>
        {notice}
        {children}
      </main>

      {/* Below every page: rendered in a second pass, after the first paint (src/ui/second-pass.ts). */}
      {belowTheFold ? (
        <footer className="footer">
          <div className="footer__inner">
            <nav aria-label={t('shell.footer.legal')} className="footer__links">
              {LEGAL_LINKS.map((item) => (
                <Link key={item.id} to={to(item.to)} className="footer__link">
                  {t(item.labelId)}
                </Link>
              ))}
            </nav>
            <OperatorIdentity operator={brand.operator} variant="footer" />
            <div className="footer__responsible">
              <span className="footer__age" aria-label={t('shell.footer.age_label')}>
                18+
              </span>
              <p>{t('shell.footer.responsible_text')}</p>
            </div>
            {brand.socialLinks.length > 0 ? (
              <ul className="footer__social" aria-label={t('shell.footer.social')}>
                {brand.socialLinks.map((link) => (
                  <li key={link.name}>
                    <a href={link.href} rel="noopener noreferrer" target="_blank" className="footer__link">
                      {link.name}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="footer__copy">
              {t('shell.footer.copyright', { year: new Date().getFullYear(), site: brand.siteName })}
            </p>
          </div>
        </footer>
      ) : null}

      <nav className="bottom-bar" aria-label={t('shell.bottom_bar.label')} data-testid="bottom-bar">
        <button type="button" className="bottom-bar__item" onClick={() => send({ type: 'drawer.open' })}>
          <NavIcon name="menu" />
          <span>{t('shell.menu.short')}</span>
        </button>
        {visibleItems(BOTTOM_BAR, brand.features)
          .slice(0, 3)
          .map((item) => (
            <NavLink key={item.id} to={to(item.to)} className="bottom-bar__item">
              <NavIcon name={item.icon} />
              <span>{t(item.labelId)}</span>
            </NavLink>
          ))}
        {onChatOpen ? (
          <button
            type="button"
            className="bottom-bar__item"
            onClick={onChatOpen}
            aria-label={t('shell.chat.open')}
            data-testid="chat-open-bar"
          >
            <NavIcon name="chat" size={24} />
            <span>{t('shell.chat.short')}</span>
          </button>
        ) : null}
        {onSignIn ? (
          <button type="button" className="bottom-bar__item" onClick={onSignIn}>
            <NavIcon name="user" />
            <span>{t('shell.sign_in')}</span>
          </button>
        ) : null}
      </nav>

      {overlays}
    </div>
  );
}

/** The empty layout (/messaging-2): the page alone. */
export function EmptyLayout({
  mainRef,
  path,
  children,
}: {
  mainRef: Ref<HTMLElement>;
  /** The path of the page shown (for tests and QA: the route this content belongs to). */
  path?: string;
  children: ReactNode;
}) {
  return (
    <main id="main" ref={mainRef} className="main main--empty" tabIndex={-1} data-path={path}>
      {children}
    </main>
  );
}
