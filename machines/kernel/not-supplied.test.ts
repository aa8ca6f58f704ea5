import { describe, expect, it } from 'vitest';
import { createActor, setup, toPromise } from 'xstate';
import { NotSuppliedError, notSupplied, notSuppliedAction, notSuppliedCallback } from './not-supplied';

describe('kernel: "not supplied" placeholders', () => {
  it('a promise actor rejects with the machine and actor names', async () => {
    const actor = createActor(notSupplied<number, { page: number }>('transactions', 'loadPage'), {
      input: { page: 1 },
    });
    const done = toPromise(actor);
    actor.start();
    await expect(done).rejects.toThrow('transactions machine: the loadPage actor was not supplied (use .provide())');
    await expect(done).rejects.toBeInstanceOf(NotSuppliedError);
  });

  it('a callback actor fails as soon as it starts', () => {
    const actor = createActor(notSuppliedCallback('realtimeChannel', 'subscription'));
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    expect(String(errors[0])).toMatch(/realtimeChannel machine: the subscription actor was not supplied/);
  });

  it('an action throws when run, naming itself an action', () => {
    expect(() => notSuppliedAction('session', 'forgetToken')()).toThrow(
      'session machine: the forgetToken action was not supplied',
    );
  });

  it("inside a machine, a forgotten .provide() is the invoking state's error path, and .provide() replaces it", async () => {
    const machine = setup({ actors: { load: notSupplied<string>('demo', 'load') } }).createMachine({
      initial: 'loading',
      states: {
        loading: { invoke: { src: 'load', onDone: 'shown', onError: 'failed' } },
        shown: { type: 'final' },
        failed: { type: 'final' },
      },
    });
    const bare = createActor(machine).start();
    await toPromise(bare);
    expect(bare.getSnapshot().value).toBe('failed');
    const { fromPromise } = await import('xstate');
    const supplied = createActor(machine.provide({ actors: { load: fromPromise(async () => 'ok') } })).start();
    await toPromise(supplied);
    expect(supplied.getSnapshot().value).toBe('shown');
  });
});
