import type { SnapshotFrom } from 'xstate';
import type { connectionMachine } from './connection.machine';
import type { PusherConnectionState } from './connection.types';

export type ConnectionViewState = PusherConnectionState | 'stopped';

/** Catalog ids of the indicator's text (`src/i18n/fragments/realtime.json`). */
export type ConnectionMessageId =
  'realtime.reconnecting' | 'realtime.unavailable' | 'realtime.failed' | 'realtime.disconnected';

/** What the connection indicator renders: no logic left for the component. */
export interface ConnectionViewModel {
  state: ConnectionViewState;
  /** True while live updates are not flowing: unavailable, failed, disconnected, or reconnecting. */
  showIndicator: boolean;
  /** The indicator's text, or null when it is hidden. */
  messageId: ConnectionMessageId | null;
}

export function connectionViewState(snapshot: SnapshotFrom<typeof connectionMachine>): ConnectionViewState {
  if (snapshot.matches('stopped')) return 'stopped';
  return (snapshot.value as { live: PusherConnectionState }).live;
}

export function connectConnection(snapshot: SnapshotFrom<typeof connectionMachine>): ConnectionViewModel {
  const state = connectionViewState(snapshot);
  const messageId = indicatorMessage(state, snapshot.context.interrupted);
  return { state, showIndicator: messageId !== null, messageId };
}

/** When the indicator shows, and what it says (reconnecting only once live updates had been interrupted). */
const indicatorMessages: ReadonlyArray<{
  state: ConnectionViewState;
  onlyIfInterrupted: boolean;
  messageId: ConnectionMessageId;
}> = [
  { state: 'connecting', onlyIfInterrupted: true, messageId: 'realtime.reconnecting' },
  { state: 'unavailable', onlyIfInterrupted: false, messageId: 'realtime.unavailable' },
  { state: 'failed', onlyIfInterrupted: false, messageId: 'realtime.failed' },
  { state: 'disconnected', onlyIfInterrupted: false, messageId: 'realtime.disconnected' },
];

function indicatorMessage(state: ConnectionViewState, interrupted: boolean): ConnectionMessageId | null {
  // The first connection is not news; getting back after losing it (or after unavailable) is.
  const entry = indicatorMessages.find((m) => m.state === state && (interrupted || !m.onlyIfInterrupted));
  return entry?.messageId ?? null;
}

/** For `useSelector`: two view-models are the same when every field is. */
export function sameConnectionView(a: ConnectionViewModel, b: ConnectionViewModel): boolean {
  return a.state === b.state && a.showIndicator === b.showIndicator && a.messageId === b.messageId;
}
