import { Link } from 'react-router-dom';
import { useIntl } from 'react-intl';
import './impediment-banner.css';
import type { SessionViewModel } from '../../../machines/session/session.connect';
import { CONSUMIDOR_GOV_URL } from '../../../shared/sigap';
import { NATIONAL_SELF_EXCLUSION_URL } from '../../../shared/self-exclusion';
import { SAO_PAULO } from '../../../shared/sao-paulo';
import { useT } from '../../i18n/use-t';
import { buttonLook } from '../../ui/button';

export interface ImpedimentBannerProps {
  impediment: NonNullable<SessionViewModel['impediment']>;
  /** The wallet's withdrawal tab, in the page's language. */
  withdrawHref: string;
}

/**
 * An "Impedido" player's notice on every page (IN SPA/MF 31/2025, IN SPA/MF 22/2025): why (SIGAP's answer), that
 * deposits and bets are blocked, until when they may withdraw before the automatic refund, and the links.
 */
export function ImpedimentBanner({ impediment, withdrawHref }: ImpedimentBannerProps) {
  const t = useT();
  const intl = useIntl();
  const date = intl.formatDate(impediment.withdrawUntil, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: SAO_PAULO,
  });
  return (
    <section className="impediment" role="alert" aria-labelledby="impediment-title" data-testid="sigap-impediment">
      <h2 id="impediment-title" className="impediment__title">
        {t('sigap.banner.title')}
      </h2>
      <p>{t(impediment.reasonId)}</p>
      <p>{t('sigap.banner.what_now', { date })}</p>
      <ul className="impediment__links">
        <li>
          <Link to={withdrawHref} {...buttonLook({ size: 'sm' })} data-testid="sigap-withdraw">
            {t('sigap.banner.withdraw')}
          </Link>
        </li>
        <li>
          <a href={NATIONAL_SELF_EXCLUSION_URL} rel="noopener noreferrer" target="_blank">
            {t('sigap.banner.self_exclusion')}
          </a>
        </li>
        <li>
          <a href={CONSUMIDOR_GOV_URL} rel="noopener noreferrer" target="_blank">
            {t('sigap.banner.consumidor')}
          </a>
        </li>
      </ul>
    </section>
  );
}
