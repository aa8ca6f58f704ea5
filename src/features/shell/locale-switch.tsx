import { useIntl } from 'react-intl';
import type { LanguageSwitchViewModel } from '../../../machines/app/language.connect';
import type { Locale } from '../../i18n/locale';

/**
 * The language switch of the header: shows the language a tap switches to (named in that language, so the button
 * reads the same whichever catalogue is on screen) and tells the root which one the player tapped. While a switch
 * is under way it says so (aria-busy); a tap then is still taken (the root reads it against the language being
 * switched to).
 */
export function LocaleSwitch({ vm, onSwitch }: { vm: LanguageSwitchViewModel; onSwitch: (next: Locale) => void }) {
  const intl = useIntl();
  const { next } = vm;
  return (
    <button
      type="button"
      className="locale-switch"
      data-testid="locale-switch"
      data-next={next}
      data-state={vm.switching ? 'switching' : 'settled'}
      aria-busy={vm.switching || undefined}
      lang={next === 'en' ? 'en' : 'pt-BR'}
      aria-label={intl.formatMessage({ id: `shell.locale_switch_label.${next}` })}
      onClick={() => onSwitch(next)}
    >
      <span aria-hidden="true" className="locale-switch__code">
        {next.toUpperCase()}
      </span>
      <span className="locale-switch__name">{intl.formatMessage({ id: `shell.switch_locale.${next}` })}</span>
    </button>
  );
}
