import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { OperatorViewModel } from '../../../machines/site/site.connect';
import { useT } from '../../i18n/use-t';

export interface OperatorIdentityProps {
  operator: OperatorViewModel;
  /** `footer`: the compact block under every page; `page`: the compliance page's list. */
  variant: 'footer' | 'page';
}

/** The date of a portaria (yyyy-mm-dd) in the page's language, read as a calendar date (no time zone shift). */
function useCalendarDate(): (date: string) => string {
  const intl = useIntl();
  return (date) => intl.formatDate(`${date}T12:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
}

/**
 * The operator's legal identity (Lei 14.790/2023 art. 15): company name, CNPJ, the authorising portaria with its
 * date, address, SAC and ouvidoria; and the links to Consumidor.gov.br and the central self-exclusion platform
 * (IN SPA/MF 31/2025). A brand without a licence shows what it has and says it has no authorisation.
 */
export function OperatorIdentity({ operator, variant }: OperatorIdentityProps) {
  const t = useT();
  const calendarDate = useCalendarDate();
  const rows: Array<{ id: string; label: string; value: ReactNode }> = [
    { id: 'company', label: t('shell.operator.company'), value: operator.companyName },
  ];
  if (operator.cnpj) rows.push({ id: 'cnpj', label: t('shell.operator.cnpj'), value: operator.cnpj });
  rows.push({
    id: 'authorisation',
    label: t('shell.operator.authorisation'),
    value: operator.authorisation
      ? t('shell.operator.authorisation_value', {
          portaria: operator.authorisation.portaria,
          date: calendarDate(operator.authorisation.date),
        })
      : t('shell.operator.not_authorised'),
  });
  if (operator.address) rows.push({ id: 'address', label: t('shell.operator.address'), value: operator.address });
  for (const kind of ['sac', 'ouvidoria'] as const) {
    const contacts = operator.contacts.filter((c) => c.kind === kind);
    if (contacts.length === 0) continue;
    rows.push({
      id: kind,
      label: t(`shell.operator.${kind}`),
      value: contacts.map((c, i) => (
        <span key={c.href}>
          {i > 0 ? ' · ' : null}
          <a href={c.href} className="operator__contact">
            {c.value}
          </a>
        </span>
      )),
    });
  }
  return (
    <section
      className={`operator operator--${variant}`}
      aria-label={t('shell.operator.title')}
      data-testid={`operator-${variant}`}
      data-regulated={operator.regulated}
    >
      <dl className="operator__list">
        {rows.map((row) => (
          <div key={row.id} className="operator__row" data-testid={`operator-${variant}-${row.id}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <ul className="operator__links" aria-label={t('shell.operator.links')}>
        <li>
          <a
            href={operator.links.consumidor}
            rel="noopener noreferrer"
            target="_blank"
            data-testid={`operator-${variant}-consumidor`}
          >
            {t('shell.operator.consumidor')}
          </a>
        </li>
        <li>
          <a
            href={operator.links.selfExclusion}
            rel="noopener noreferrer"
            target="_blank"
            data-testid={`operator-${variant}-self-exclusion`}
          >
            {t('shell.operator.self_exclusion')}
          </a>
        </li>
      </ul>
    </section>
  );
}
