import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { connectConnection, sameConnectionView } from '../../../machines/realtime/connection.connect';
import type { connectionMachine } from '../../../machines/realtime/connection.machine';
import './connection-indicator.css';

export interface ConnectionIndicatorProps {
  /** The app's live connection actor (`connectionMachine`, provided with the pusher-js adapter). */
  actorRef: ActorRefFrom<typeof connectionMachine>;
}

/**
 * Tells the player when live updates are not flowing (reconnecting, unavailable, failed, disconnected).
 * A polite status region that stays in the page, empty while all is well, so screen readers announce it when
 * text appears. It renders the connection view-model and keeps no state of its own.
 */
export function ConnectionIndicator({ actorRef }: ConnectionIndicatorProps) {
  const view = useSelector(actorRef, connectConnection, sameConnectionView);
  return (
    <div
      className="connection-indicator"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-state={view.state}
      data-visible={view.showIndicator}
      data-testid="connection-indicator"
    >
      {view.showIndicator && view.messageId !== null ? (
        <>
          <span className="connection-indicator__dot" aria-hidden="true" />
          <span className="connection-indicator__text">
            <FormattedMessage id={view.messageId} />
          </span>
        </>
      ) : null}
    </div>
  );
}
