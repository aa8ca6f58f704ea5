import { useIntl } from 'react-intl';
import type { UiMessage } from '../../../machines/kernel/api-error';
import { moneyValues } from './money';

/** A catalog id (with money values formatted) or a server text already in the player's language. */
export function UiMessageText({ message }: { message: UiMessage }) {
  const intl = useIntl();
  if ('text' in message) return <>{message.text}</>;
  return <>{intl.formatMessage({ id: message.id }, moneyValues(intl.locale, message.values))}</>;
}

export function UiMessages({ messages, testId }: { messages: UiMessage[]; testId?: string }) {
  if (messages.length === 0) return null;
  return (
    <ul className="wallet__errors" role="alert" data-testid={testId}>
      {messages.map((m, i) => (
        <li key={i}>
          <UiMessageText message={m} />
        </li>
      ))}
    </ul>
  );
}
