/**
 * The placeholders a machine declares in `setup()` for the side effects the app supplies with `.provide()`
 * (network, storage, channels). Run without being supplied, they fail loudly with the machine's and the
 * actor's name, so a forgotten `.provide()` is an error state in a test, never a silent hang.
 */
import { fromCallback, fromPromise, type EventObject, type NonReducibleUnknown } from 'xstate';

export class NotSuppliedError extends Error {
  constructor(machine: string, name: string, kind: 'actor' | 'action' = 'actor') {
    super(`${machine} machine: the ${name} ${kind} was not supplied (use .provide())`);
    this.name = 'NotSuppliedError';
  }
}

/** A promise actor that rejects with NotSuppliedError: `checkSession: notSupplied<SignedIn>('session', 'checkSession')`. */
export function notSupplied<TOutput = never, TInput = NonReducibleUnknown>(machine: string, name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new NotSuppliedError(machine, name);
  });
}

/** A callback actor (a subscription, a channel) that throws NotSuppliedError when started. */
export function notSuppliedCallback<TEvent extends EventObject = EventObject, TInput = NonReducibleUnknown>(
  machine: string,
  name: string,
) {
  return fromCallback<TEvent, TInput>(() => {
    throw new NotSuppliedError(machine, name);
  });
}

/** An action the app must supply (e.g. forgetting the stored token): throws NotSuppliedError when run. */
export function notSuppliedAction(machine: string, name: string): () => never {
  return () => {
    throw new NotSuppliedError(machine, name, 'action');
  };
}
