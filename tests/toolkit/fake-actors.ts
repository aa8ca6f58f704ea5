import { fromCallback, fromPromise } from 'xstate';

/** A promise actor that resolves with `output` (after `ms` on the actor's clock when given). */
export const resolves = <T>(output: T) => fromPromise<T, unknown>(async () => output);

/** A promise actor that rejects with `error`. */
export const rejects = (error: unknown) =>
  fromPromise<never, unknown>(async () => {
    throw error;
  });

/** A promise actor that never settles: for states that wait. */
export const pending = <T = never>() => fromPromise<T, unknown>(() => new Promise<T>(() => {}));

/** A callback actor that records what it receives and lets the test emit events back. */
export function controllableCallback<TEvent extends { type: string }>() {
  const received: unknown[] = [];
  let emit: ((e: TEvent) => void) | undefined;
  const logic = fromCallback<{ type: string }>(({ sendBack, receive }) => {
    emit = sendBack as (e: TEvent) => void;
    receive((e) => received.push(e));
    return () => {
      emit = undefined;
    };
  });
  return {
    logic,
    received,
    emit: (e: TEvent) => {
      if (!emit) throw new Error('callback actor is not running');
      emit(e);
    },
    get running() {
      return emit !== undefined;
    },
  };
}
