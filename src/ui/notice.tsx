import type { Failure, UiMessage } from '../../machines/kernel/api-error';
import { UiMessages, UiMessageText } from './ui-message';
import './notice.css';

/**
 * A save's outcome above a settings page: the platform's message (success) or the failure's messages (error),
 * with a close button. Nothing when there is neither.
 */
export function Notice({
  notice,
  failure,
  closeLabel,
  onClose,
  testId,
}: {
  notice: UiMessage | null;
  failure: Failure | null;
  closeLabel: string;
  onClose(): void;
  testId?: string;
}) {
  if (!notice && !failure) return null;
  return (
    <div
      className="notice"
      data-kind={failure ? 'error' : 'success'}
      role={failure ? 'alert' : 'status'}
      data-testid={testId}
    >
      {notice ? <UiMessageText message={notice} /> : null}
      {failure ? <UiMessages messages={failure.messages} /> : null}
      <button type="button" className="notice__close" onClick={onClose} aria-label={closeLabel}>
        ×
      </button>
    </div>
  );
}
