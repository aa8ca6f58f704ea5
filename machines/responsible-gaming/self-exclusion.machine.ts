import { assign, emit, setup } from 'xstate';
import { failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import { selfExclusionEndDate, type SelfExclusionValue } from '../../shared/self-exclusion';
import type {
  SelfExclusionContext,
  SelfExclusionEmitted,
  SelfExclusionEvent,
  SelfExclusionInput,
  SelfExclusionStarted,
} from './responsible-gaming.types';

/**
 * A player excludes themselves (Portaria 2.579/2025), with a confirmation that says what happens:
 *
 * - `choosing`: 1, 3, 6, 9 or 12 months, or indefinite (`selfExclusion.choose`); `selfExclusion.review` once one
 *   is chosen → `confirming`, with the end date read from the clock now (the end of that São Paulo day N months
 *   later, shared/self-exclusion.ts), which is the date the confirmation shows and the date sent.
 * - `confirming`: `selfExclusion.back` → `choosing`; `selfExclusion.confirm` → `submitting`.
 * - `submitting` (POST /profile/self-exclusion with the value and that date) → `excluded`, emitting
 *   `selfExclusion.started` with the recorded period (the root ends the session at once and shows the dates), or
 *   back to `confirming` with the failure and the end date read again (the platform refuses a date that is no
 *   longer today's: the player confirms the new one).
 * - `excluded` is final: nothing can undo it from here.
 */
export const selfExclusionMachine = setup({
  types: {
    context: {} as SelfExclusionContext,
    events: {} as SelfExclusionEvent,
    input: {} as SelfExclusionInput,
    emitted: {} as SelfExclusionEmitted,
  },
  actors: {
    startExclusion: notSupplied<SelfExclusionStarted, { value: SelfExclusionValue; date: string | null }>(
      'selfExclusion',
      'startExclusion',
    ),
  },
  guards: {
    chosen: ({ context }) => context.value !== null,
  },
  actions: {
    readEndDate: assign({
      endDate: ({ context }) =>
        context.value === null ? null : selfExclusionEndDate(context.value, new Date(context.now())),
    }),
  },
}).createMachine({
  id: 'selfExclusion',
  context: ({ input }) => ({ value: null, endDate: null, failure: null, now: input.now ?? (() => Date.now()) }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'selfExclusion.choose': { actions: assign({ value: ({ event }) => event.value, failure: null }) },
        'selfExclusion.review': { guard: 'chosen', target: 'confirming', actions: 'readEndDate' },
      },
    },
    confirming: {
      on: {
        'selfExclusion.back': { target: 'choosing', actions: assign({ failure: null }) },
        'selfExclusion.confirm': { target: 'submitting', actions: assign({ failure: null }) },
      },
    },
    submitting: {
      invoke: {
        src: 'startExclusion',
        input: ({ context }) => ({ value: context.value ?? 'indefinite', date: context.endDate }),
        onDone: {
          target: 'excluded',
          actions: emit(({ event }) => ({
            type: 'selfExclusion.started' as const,
            startAt: event.output.startAt,
            endAt: event.output.endAt,
          })),
        },
        onError: {
          target: 'confirming',
          actions: [assign({ failure: ({ event }) => failureOf(event.error) }), 'readEndDate'],
        },
      },
    },
    excluded: { type: 'final' },
  },
});
