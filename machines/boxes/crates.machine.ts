import { assign, setup } from 'xstate';
import { failureOf, type Failure } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { Box, BoxColor } from './boxes.types';

export interface CratesInput {
  locale: 'pt' | 'en';
}

export interface CratesContext extends CratesInput {
  boxes: Box[];
  /** The colour the player filtered on; null: every colour, grouped. */
  color: BoxColor | null;
  failure: Failure | null;
}

export type CratesEvent = { type: 'crates.filter'; color: BoxColor | null } | { type: 'crates.retry' };

/**
 * /casino/crates: the brand's boxes (GET /boxes/all, texts in the page's language) → `ready`, or
 * `failed` with §8's text and `crates.retry`. `crates.filter` shows one colour or all (kept across a retry).
 */
export const cratesMachine = setup({
  types: {
    context: {} as CratesContext,
    events: {} as CratesEvent,
    input: {} as CratesInput,
  },
  actors: {
    loadBoxes: notSupplied<Box[], { locale: 'pt' | 'en' }>('crates', 'loadBoxes'),
  },
  actions: {
    keepColor: assign({
      color: ({ context, event }) => (event.type === 'crates.filter' ? event.color : context.color),
    }),
  },
}).createMachine({
  id: 'crates',
  context: ({ input }) => ({ locale: input.locale, boxes: [], color: null, failure: null }),
  initial: 'loading',
  on: { 'crates.filter': { actions: 'keepColor' } },
  states: {
    loading: {
      invoke: {
        src: 'loadBoxes',
        input: ({ context }) => ({ locale: context.locale }),
        onDone: { target: 'ready', actions: assign({ boxes: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    ready: {},
    failed: {
      on: { 'crates.retry': { target: 'loading' } },
    },
  },
});
