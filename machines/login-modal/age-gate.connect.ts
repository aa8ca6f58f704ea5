import type { SnapshotFrom } from 'xstate';
import type { ageGateMachine } from './age-gate.machine';

/**
 * Where the age gate is: `asking` (18+ question), `refused` (under 18), `waiting` (confirmed; the 2 s before the
 * registration modal may open) or `done` (nothing more will happen: verified, or confirmed and decided).
 */
export type AgeGateState = 'asking' | 'refused' | 'waiting' | 'done';

export interface AgeGateViewModel {
  visible: boolean;
  refused: boolean;
  state: AgeGateState;
}

function ageGateStateOf(snapshot: SnapshotFrom<typeof ageGateMachine>): AgeGateState {
  if (snapshot.matches('asking')) return 'asking';
  if (snapshot.matches('refused')) return 'refused';
  if (snapshot.matches('remembering') || snapshot.matches('waiting')) return 'waiting';
  return 'done';
}

export function connectAgeGate(snapshot: SnapshotFrom<typeof ageGateMachine>): AgeGateViewModel {
  return {
    // A signed-in player proved 18+ with a birth date at registration: never ask them.
    visible: !snapshot.context.signedIn && (snapshot.matches('asking') || snapshot.matches('refused')),
    refused: snapshot.matches('refused'),
    state: ageGateStateOf(snapshot),
  };
}

/** For `useSelector`: the same view. */
export const sameAgeGate = (a: AgeGateViewModel, b: AgeGateViewModel) =>
  a.visible === b.visible && a.refused === b.refused && a.state === b.state;
