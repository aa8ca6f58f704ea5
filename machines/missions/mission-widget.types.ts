/**
 * Types of one mission widget (spec §3 Mission widget, §4 Mission reward, §8 mission claim texts, §9 Widgets).
 */
import type { UiMessage } from '../kernel/api-error';
import type { Viewport } from './widget-layout';

export interface MissionWidgetInput {
  /** The mission's id, as a string (the key its position is saved under). */
  id: string;
  /** The saved top (restorePositions), else the default place (the minimum top). */
  positionY?: number;
  isOpen?: boolean;
  /** §3 isClaimed: the reward was already claimed. */
  isClaimed?: boolean;
  viewport: Viewport;
}

export interface MissionWidgetContext {
  id: string;
  /** The wanted top, within [74, viewport height − height]; the page stacks the widgets (layoutWidgets). */
  positionY: number;
  isOpen: boolean;
  isClaimed: boolean;
  viewport: Viewport;
  /** While a pointer drags: where it started and the widget's top then. */
  drag: { fromY: number; startTop: number } | null;
  /** §8: the server's message, else one of the two fallback texts. */
  claimError: UiMessage | null;
}

export type MissionWidgetEvent =
  | { type: 'widget.toggle' }
  | { type: 'drag.start'; y: number }
  | { type: 'drag.move'; y: number }
  | { type: 'drag.end' }
  /** The drag was lost (pointercancel, Escape): back where it started. */
  | { type: 'drag.cancel' }
  | { type: 'move.up' }
  | { type: 'move.down' }
  | { type: 'viewport.changed'; width: number; height: number }
  | { type: 'widget.claim' };

export type MissionWidgetEmitted = { type: 'widget.claimed'; id: string };

/** POST /missions/{id}/claim: §3 mission replies carry a data wrapper and a message. */
export interface MissionClaimAnswer {
  message?: string;
}

export interface ClaimRewardInput {
  id: string;
}
