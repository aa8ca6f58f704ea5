import { useIntl } from 'react-intl';
import type { UiMessage } from '../../machines/kernel/api-error';
import { formatBRL } from '../../shared/money';

/** Message values: {min} and {max} in centavos become formatted money. */
export function moneyValues(locale: string, values: Record<string, string | number> | undefined) {
  if (!values) return undefined;
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      typeof v === 'number' && (k === 'min' || k === 'max') ? formatBRL(locale, v) : v,
    ]),
  );
}

/** A catalog id (with money values formatted) or a server text already in the player's language. */
export function UiMessageText({ message }: { message: UiMessage }) {
  const intl = useIntl();
  if ('text' in message) return <>{message.text}</>;
  return <>{intl.formatMessage({ id: message.id }, moneyValues(intl.locale, message.values))}</>;
}

/**
 * A failure's messages, announced at once. The alert is a wrapper around the list: on the list itself `role="alert"`
 * would replace its list role and leave its items orphaned (axe `listitem`, found by the /NewComponents gallery).
 */
export function UiMessages({ messages, testId }: { messages: UiMessage[]; testId?: string }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" data-testid={testId}>
      <ul className="ui-messages">
        {messages.map((m, i) => (
          <li key={i}>
            <UiMessageText message={m} />
          </li>
        ))}
      </ul>
    </div>
  );
}
