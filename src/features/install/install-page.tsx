import { Link } from 'react-router-dom';
import type { InstallPromptViewModel } from '../../../machines/install/install-prompt.connect';
import { Button, buttonLook } from '../../ui/button';
import { Modal } from '../../ui/modal';
import './install.css';
import { useT } from '../../i18n/use-t';

export type InstallVariant = 'android' | 'menu' | 'ios';

export interface InstallPageProps {
  variant: InstallVariant;
  vm: InstallPromptViewModel;
  brand: { siteName: string; logoMobile: string };
  /** Paths of the sibling pages in the page's language. */
  links: { android: string; menu: string; ios: string };
  onInstall(): void;
  onCloseModal(): void;
}

const STEPS: Record<InstallVariant, string[]> = {
  android: ['install.android.step1', 'install.android.step2', 'install.android.step3'],
  menu: ['install.menu.step1', 'install.menu.step2', 'install.menu.step3', 'install.menu.step4'],
  ios: ['install.ios.step1', 'install.ios.step2', 'install.ios.step3', 'install.ios.step4'],
};

/** A small pictogram beside a step (the browser's menu, Safari's share button, the home-screen icon). */
function StepGlyph({ variant, index }: { variant: InstallVariant; index: number }) {
  const paths: Record<InstallVariant, string[]> = {
    android: [
      'M12 3v12 M7 10l5 5 5-5 M4 21h16',
      'M5 12l5 5 9-10',
      'M4 4h7v7H4z M13 4h7v7h-7z M4 13h7v7H4z M13 13h7v7h-7z',
    ],
    menu: [
      'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18 M3 12h18 M12 3c3 3 3 15 0 18 M12 3c-3 3-3 15 0 18',
      'M12 5h.01 M12 12h.01 M12 19h.01',
      'M5 4h14v16H5z M12 9v6 M9 12h6',
      'M5 12l5 5 9-10',
    ],
    ios: [
      'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18 M15 9l-2 4-4 2 2-4z',
      'M12 3v12 M8 7l4-4 4 4 M5 11v9h14v-9',
      'M5 4h14v16H5z M12 9v6 M9 12h6',
      'M5 12l5 5 9-10',
    ],
  };
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className="install__glyph">
      <path
        d={paths[variant][index] ?? ''}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * /install, /install-two and /ios (§2.2): the brand's install page, rendered from the install prompt's snapshot.
 * Android pages have the install button (the browser's own dialog when a deferred prompt is held; otherwise the
 * install modal with the menu steps, §2.3); the iPhone page has Safari's "Add to Home Screen" steps.
 */
export function InstallPage({ variant, vm, brand, links, onInstall, onCloseModal }: InstallPageProps) {
  const t = useT();
  const ios = variant === 'ios';
  return (
    <article className="install" data-testid="install-page" data-variant={variant} data-phase={vm.phase}>
      <section className="install__hero">
        <img className="install__logo" src={brand.logoMobile} alt="" width="72" height="72" />
        <div className="install__intro">
          <h1 className="install__title">
            {ios ? t('install.ios.title') : t('install.hero.title', { siteName: brand.siteName })}
          </h1>
          <p className="install__lead">{ios ? t('install.ios.lead') : t('install.hero.lead')}</p>
        </div>
        <ul className="install__benefits">
          {['install.benefit.fast', 'install.benefit.push', 'install.benefit.home'].map((id) => (
            <li key={id}>{t(id)}</li>
          ))}
        </ul>
        {vm.installed ? (
          <p className="install__installed" role="status" data-testid="install-installed">
            {t('install.installed')}
          </p>
        ) : ios ? null : (
          <Button block onClick={onInstall} disabled={vm.busy} data-testid="install-button" aria-busy={vm.busy}>
            {vm.busy ? t('install.button.busy') : t('install.button')}
          </Button>
        )}
      </section>

      <section className="install__steps-card" aria-labelledby="install-steps-title">
        <h2 id="install-steps-title" className="install__subtitle">
          {t('install.steps.title')}
        </h2>
        <ol className="install__steps">
          {STEPS[variant].map((id, index) => (
            <li key={id} className="install__step">
              <span className="install__step-number" aria-hidden="true">
                {index + 1}
              </span>
              <StepGlyph variant={variant} index={index} />
              <span>{t(id)}</span>
            </li>
          ))}
        </ol>
        <nav className="install__links">
          {variant === 'android' ? <Link to={links.menu}>{t('install.link.steps')}</Link> : null}
          {ios ? (
            <Link to={links.android}>{t('install.link.android')}</Link>
          ) : (
            <Link to={links.ios}>{t('install.link.ios')}</Link>
          )}
        </nav>
      </section>

      <Modal
        open={vm.modalOpen}
        title={t('install.modal.title')}
        closeLabel={t('install.modal.close')}
        onClose={onCloseModal}
        testId="install-modal"
      >
        <p className="install__lead">{t('install.modal.lead')}</p>
        <ol className="install__steps install__steps--compact">
          {STEPS.menu.slice(1).map((id, index) => (
            <li key={id} className="install__step">
              <span className="install__step-number" aria-hidden="true">
                {index + 1}
              </span>
              <span>{t(id)}</span>
            </li>
          ))}
        </ol>
        <Link to={links.ios} {...buttonLook({ variant: 'ghost', size: 'sm' })} onClick={onCloseModal}>
          {t('install.link.ios')}
        </Link>
        <Button block onClick={onCloseModal}>
          {t('install.modal.ok')}
        </Button>
      </Modal>
    </article>
  );
}
