import { useIntl } from 'react-intl';
import { REGULATED_RULE_TEXT, type HiddenBonus } from '../../../machines/bonus/regulated';

/**
 * Where a regulated brand hid a bonus banner, a short note says which rule hid it, so a compliance
 * reviewer can read it (each rule once, in the player's language).
 */
export function RegulatedNote({ hidden }: { hidden: readonly HiddenBonus[] }) {
  const intl = useIntl();
  if (hidden.length === 0) return null;
  const rules = [...new Set(hidden.map((h) => h.rule))];
  return (
    <aside
      className="home__regulated"
      data-testid="regulated-note"
      aria-label={intl.formatMessage({ id: 'home.regulated.label' })}
    >
      <p className="home__regulated-title">{intl.formatMessage({ id: 'home.regulated.title' })}</p>
      <ul className="home__regulated-rules">
        {rules.map((rule) => (
          <li key={rule} data-rule={rule}>
            {intl.formatMessage({ id: REGULATED_RULE_TEXT[rule] })}
          </li>
        ))}
      </ul>
    </aside>
  );
}
