import { useIntl } from 'react-intl';
import type { Locale } from '../../i18n/locale';

/** The language switch of the header: shows the other language; the caller does the switching. */
export function LocaleSwitch({ locale, onSwitch }: { locale: Locale; onSwitch: (next: Locale) => void }) {
  const intl = useIntl();
  const next: Locale = locale === 'pt' ? 'en' : 'pt';
  return (
    <button
      type="button"
      className="locale-switch"
      data-testid="locale-switch"
      lang={next === 'en' ? 'en' : 'pt-BR'}
      aria-label={intl.formatMessage({ id: 'shell.locale_switch_label' })}
      onClick={() => onSwitch(next)}
    >
      <span aria-hidden="true" className="locale-switch__code">
        {next.toUpperCase()}
      </span>
      <span className="locale-switch__name">{intl.formatMessage({ id: 'shell.switch_locale' })}</span>
    </button>
  );
}
