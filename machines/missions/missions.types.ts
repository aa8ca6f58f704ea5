/**
 * Types of the player's (or guest's) missions flow (spec §7 Missions, §3 Mission widget, §4 Mission reward).
 */
import type { Failure, UiMessage } from '../kernel/api-error';
import type { SavedWidget, Viewport } from './widget-layout';

export type MissionStatus = 'available' | 'accepted' | 'completed' | 'claimed';

/** A mission as the contract's `Mission` (GET /missions, MissionAssigned's `data`). */
export interface Mission {
  id: number;
  title: string;
  description: string;
  goal_kind: 'bet_total' | 'rounds';
  goal: number;
  progress: number;
  reward_kind: 'cash' | 'free_spins' | 'points';
  reward: number;
  status: MissionStatus;
  accepted_at: string | null;
  completed_at: string | null;
  claimed_at: string | null;
}

export interface MissionsInput {
  /** A signed-in player: GET /missions and accept; a guest only sees what arrives on their channel. */
  player: boolean;
  /** MissionAssigned payloads that arrived before the flow's code did (in order). */
  assigned?: readonly unknown[];
  viewport: Viewport;
  /** The widgets' saved places, already validated (`restorePositions`). */
  saved?: Record<string, SavedWidget>;
}

export interface MissionsContext {
  player: boolean;
  missions: Mission[];
  /** Missions that arrived live on this page (they get a widget even before they are accepted). */
  live: number[];
  /** The missions with a widget actor (`widget-{id}`), in the order spawned. */
  widgets: number[];
  /** Claimed widgets the player closed. */
  dismissed: number[];
  viewport: Viewport;
  saved: Record<string, SavedWidget>;
  failure: Failure | null;
  accepting: number | null;
  acceptFailure: { id: number; messages: UiMessage[] } | null;
  /** A list reload was asked for while a call was running (a balance moved): done when it is over. */
  stale: boolean;
}

export type MissionsEvent =
  /** MissionAssigned on the player's or guest's channel (the payload as it came: `{ data, message }`). */
  | { type: 'missions.assigned'; data: unknown }
  | { type: 'missions.refresh' }
  /** The player's balance moved (a bet): accepted missions may have progressed. */
  | { type: 'missions.balanceChanged' }
  | { type: 'missions.accept'; id: number }
  /** Claim from the list: goes to the mission's widget (one claim, one place). */
  | { type: 'missions.claim'; id: number }
  | { type: 'missions.dismiss'; id: number }
  | { type: 'missions.viewport'; width: number; height: number }
  /** From a widget (its `tellClaimed`): the reward was credited. */
  | { type: 'widget.claimed'; id: string };

export interface AcceptMissionInput {
  id: number;
}
