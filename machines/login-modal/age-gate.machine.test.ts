import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectAgeGate } from './age-gate.connect';
import { ageGateMachine, REGISTER_MODAL_DELAY_MS } from './age-gate.machine';
import type { AgeGateInput } from './age-gate.types';

const flush = () => new Promise((r) => setTimeout(r, 0));

/** The gate with a `rememberAgeVerified` that records its call (or fails, as a storage that refuses). */
function start(input: AgeGateInput, remember: () => Promise<void> = async () => undefined) {
  const calls: string[] = [];
  const machine = ageGateMachine.provide({
    actors: {
      rememberAgeVerified: fromPromise<void>(async () => {
        calls.push('remember');
        await remember();
      }),
    },
  });
  const { actor, clock } = createTestActor(machine, { input });
  const passed: string[] = [];
  actor.on('ageGate.passed', (event) => passed.push(event.type));
  return { actor, clock, calls, passed, vm: () => connectAgeGate(actor.getSnapshot()) };
}

describe('age gate machine: stories', () => {
  it('confirming stores ageVerified, and 2 s later a guest’s gate is passed (the root offers the register tab)', async () => {
    const { actor, clock, calls, passed, vm } = start({ ageVerified: false, signedIn: false });
    expect(vm()).toEqual({ visible: true, refused: false, state: 'asking' });
    actor.send({ type: 'ageGate.confirm' });
    expect(vm().state).toBe('waiting');
    await flush();
    expect(calls).toEqual(['remember']);
    expect(actor.getSnapshot().context.ageVerified).toBe(true);
    expect(vm().visible).toBe(false);
    clock.increment(REGISTER_MODAL_DELAY_MS - 1);
    expect(passed).toEqual([]);
    clock.increment(1);
    expect(passed).toEqual(['ageGate.passed']);
    expect(vm().state).toBe('done');
    expect(actor.getSnapshot().matches('verified')).toBe(true);
  });

  it('a signed-in player is never asked, and a guest who signs in stops being asked (signs out: asked again)', () => {
    expect(start({ ageVerified: false, signedIn: true }).vm().visible).toBe(false);
    const guest = start({ ageVerified: false, signedIn: false });
    expect(guest.vm().visible).toBe(true);
    guest.actor.send({ type: 'session.signedIn' });
    expect(guest.vm().visible).toBe(false);
    guest.actor.send({ type: 'session.signedOut' });
    expect(guest.vm().visible).toBe(true);
  });

  it('with a token, nothing is offered after the 2 s', async () => {
    const { actor, clock, passed } = start({ ageVerified: false, signedIn: true });
    actor.send({ type: 'ageGate.confirm' });
    await flush();
    clock.increment(REGISTER_MODAL_DELAY_MS);
    expect(passed).toEqual([]);
    expect(actor.getSnapshot().matches('verified')).toBe(true);
  });

  it('storage that refuses still lets the adult in; under 18 stays refused until going back', async () => {
    const { actor, clock, passed, vm } = start({ ageVerified: false, signedIn: false }, async () => {
      throw new Error('quota');
    });
    actor.send({ type: 'ageGate.leave' });
    expect(vm()).toEqual({ visible: true, refused: true, state: 'refused' });
    actor.send({ type: 'ageGate.back' });
    expect(vm().state).toBe('asking');
    actor.send({ type: 'ageGate.confirm' });
    await flush();
    clock.increment(REGISTER_MODAL_DELAY_MS);
    expect(passed).toEqual(['ageGate.passed']);
  });

  it('a stored ageVerified skips the gate', () => {
    const { vm, actor } = start({ ageVerified: true, signedIn: false });
    expect(vm()).toEqual({ visible: false, refused: false, state: 'done' });
    expect(actor.getSnapshot().matches('verified')).toBe(true);
  });
});
