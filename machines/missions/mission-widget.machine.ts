import { assign, emit, setup } from 'xstate';
import { notSupplied, notSuppliedAction } from '../kernel/not-supplied';
import { claimMessageOf } from './claim-message';
import type {
  ClaimRewardInput,
  MissionClaimAnswer,
  MissionWidgetContext,
  MissionWidgetEmitted,
  MissionWidgetEvent,
  MissionWidgetInput,
} from './mission-widget.types';
import { clampTop, WIDGET_KEY_STEP, WIDGET_MIN_TOP, widgetHeight, type Viewport } from './widget-layout';

const topFor = (top: number, isOpen: boolean, viewport: Viewport) =>
  clampTop(top, widgetHeight(isOpen, viewport.width), viewport);

/**
 * One mission widget (spec §3 Mission widget, §4 Mission reward, §8 mission claim texts, §9 Widgets). One actor per
 * widget; the page stacks them with `layoutWidgets` (widget-layout.ts), so they never overlap.
 *
 * - display: open (144 px) or collapsed (76/90 px) by `widget.toggle`; the top is kept on screen for the new
 *   height and the widget's place is saved (`savePosition`, supplied by the app: local storage).
 * - position: a pointer drags it vertically (`drag.start`/`drag.move` with the pointer's y, `drag.end` saves,
 *   `drag.cancel` puts it back); the arrow keys move it by 10 px (`move.up`/`move.down`, saved each time) when no
 *   drag is on. It never leaves [74, viewport height − its height]; `viewport.changed` keeps it there (unsaved).
 * - claim: `widget.claim` → claiming (`claimReward`) → claimed, once: a claimed widget (or one created claimed)
 *   ignores every further claim and emits `widget.claimed` once; a failure keeps §8's message and may be retried.
 */
export const missionWidgetMachine = setup({
  types: {
    context: {} as MissionWidgetContext,
    events: {} as MissionWidgetEvent,
    input: {} as MissionWidgetInput,
    emitted: {} as MissionWidgetEmitted,
  },
  actors: {
    claimReward: notSupplied<MissionClaimAnswer, ClaimRewardInput>('mission widget', 'claimReward'),
  },
  guards: {
    startsOpen: ({ context }) => context.isOpen,
    alreadyClaimed: ({ context }) => context.isClaimed,
  },
  actions: {
    /** The app writes `{ positionY, isOpen }` under the widget's id (the context is read). */
    savePosition: notSuppliedAction('mission widget', 'savePosition'),
    toggle: assign(({ context }) => ({
      isOpen: !context.isOpen,
      positionY: topFor(context.positionY, !context.isOpen, context.viewport),
    })),
    startDrag: assign(({ context, event }) =>
      event.type === 'drag.start' ? { drag: { fromY: event.y, startTop: context.positionY } } : {},
    ),
    follow: assign(({ context, event }) => {
      if (event.type !== 'drag.move' || !context.drag || !Number.isFinite(event.y)) return {};
      return {
        positionY: topFor(context.drag.startTop + event.y - context.drag.fromY, context.isOpen, context.viewport),
      };
    }),
    endDrag: assign({ drag: null }),
    putBack: assign(({ context }) => ({ positionY: context.drag?.startTop ?? context.positionY, drag: null })),
    nudge: assign(({ context, event }) => ({
      positionY: topFor(
        context.positionY + (event.type === 'move.up' ? -WIDGET_KEY_STEP : WIDGET_KEY_STEP),
        context.isOpen,
        context.viewport,
      ),
    })),
    resize: assign(({ context, event }) => {
      if (event.type !== 'viewport.changed') return {};
      const viewport = { width: event.width, height: event.height };
      return { viewport, positionY: topFor(context.positionY, context.isOpen, viewport) };
    }),
    clearClaimError: assign({ claimError: null }),
    markClaimed: assign({ isClaimed: true, claimError: null }),
    tellClaimed: emit(({ context }) => ({ type: 'widget.claimed' as const, id: context.id })),
    keepClaimError: assign({ claimError: (_, error: unknown) => claimMessageOf(error) }),
  },
}).createMachine({
  id: 'missionWidget',
  context: ({ input }) => {
    const isOpen = input.isOpen ?? true;
    return {
      id: input.id,
      positionY: topFor(input.positionY ?? WIDGET_MIN_TOP, isOpen, input.viewport),
      isOpen,
      isClaimed: input.isClaimed ?? false,
      viewport: input.viewport,
      drag: null,
      claimError: null,
    };
  },
  type: 'parallel',
  on: { 'viewport.changed': { actions: 'resize' } },
  states: {
    display: {
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'startsOpen', target: 'open' }, { target: 'collapsed' }] },
        open: { on: { 'widget.toggle': { target: 'collapsed', actions: ['toggle', 'savePosition'] } } },
        collapsed: { on: { 'widget.toggle': { target: 'open', actions: ['toggle', 'savePosition'] } } },
      },
    },
    position: {
      initial: 'resting',
      states: {
        resting: {
          on: {
            'drag.start': { target: 'dragging', actions: 'startDrag' },
            'move.up': { actions: ['nudge', 'savePosition'] },
            'move.down': { actions: ['nudge', 'savePosition'] },
          },
        },
        dragging: {
          on: {
            'drag.move': { actions: 'follow' },
            'drag.end': { target: 'resting', actions: ['endDrag', 'savePosition'] },
            'drag.cancel': { target: 'resting', actions: 'putBack' },
          },
        },
      },
    },
    claim: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'alreadyClaimed', target: 'claimed' }, { target: 'idle' }] },
        idle: { on: { 'widget.claim': 'claiming' } },
        claiming: {
          entry: 'clearClaimError',
          invoke: {
            id: 'claimReward',
            src: 'claimReward',
            input: ({ context }) => ({ id: context.id }),
            onDone: { target: 'claimed', actions: ['markClaimed', 'tellClaimed'] },
            onError: {
              target: 'failed',
              actions: {
                type: 'keepClaimError',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            },
          },
        },
        failed: { on: { 'widget.claim': 'claiming' } },
        /** Claimed once: every further claim is ignored. */
        claimed: {},
      },
    },
  },
});
