import { assign, sendParent, setup } from 'xstate';

const SECOND_MS = 1000;

/** What the countdown tells the flow that invoked it, once a second: the seconds left before a resend. */
export interface CountdownTick {
  type: 'countdown.tick';
  seconds: number;
}

/**
 * The resend wait of a code sent (§9: 20 s before another code may be asked for), as a child of the flow that
 * sent it: it counts down a second at a time, tells its parent each second (`countdown.tick` with the seconds
 * left, so the screen shows "Reenviar em 19 s"), and ends when none are left; the parent's `onDone` makes the
 * resend possible. A wait the platform set (a 429 with its seconds) starts it from that figure; none or a
 * nonsensical one ends it at once.
 */
export const resendCountdownMachine = setup({
  types: {
    context: {} as { seconds: number },
    input: {} as { seconds: number },
  },
  delays: { second: SECOND_MS },
  guards: {
    over: ({ context }) => context.seconds <= 0,
    stillWaiting: ({ context }) => context.seconds > 1,
  },
  actions: {
    tick: assign({ seconds: ({ context }) => Math.max(0, context.seconds - 1) }),
    tellParent: sendParent(({ context }): CountdownTick => ({ type: 'countdown.tick', seconds: context.seconds })),
  },
}).createMachine({
  id: 'resendCountdown',
  context: ({ input }) => ({
    seconds: Number.isFinite(input.seconds) && input.seconds > 0 ? Math.ceil(input.seconds) : 0,
  }),
  initial: 'counting',
  states: {
    counting: {
      always: { guard: 'over', target: 'over' },
      after: {
        second: [
          { guard: 'stillWaiting', target: 'counting', reenter: true, actions: ['tick', 'tellParent'] },
          { target: 'over', actions: ['tick', 'tellParent'] },
        ],
      },
    },
    over: { type: 'final' },
  },
});

/**
 * The state a code flow waits in: it invokes the countdown (`resendCountdown`, from the flow's `resendIn`), keeps
 * each second it is told (the flow's `keepSeconds` action) and goes to `ready` when the countdown ends. The flow
 * declares `resendCountdown: resendCountdownMachine` among its actors and `countdown.tick` among its events.
 */
export const countingDown = (ready: string) => ({
  invoke: {
    id: 'resendCountdown',
    src: 'resendCountdown' as const,
    input: ({ context }: { context: { resendIn: number } }) => ({ seconds: context.resendIn }),
    onDone: { target: ready },
  },
  on: { 'countdown.tick': { actions: 'keepSeconds' as const } },
});
