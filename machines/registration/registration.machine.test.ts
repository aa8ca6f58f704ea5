import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { pending, rejects, resolves } from '../../tests/toolkit/fake-actors';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectRegistration } from './registration.connect';
import { registrationMachine } from './registration.machine';
import type { CpfCheckOutput, GeoResult } from './registration.types';

const flush = () => new Promise((r) => setTimeout(r, 0));

/** A CPF check whose answers the test gives one by one, recording each start and each cancellation. */
function controlledCheck() {
  const log: string[] = [];
  const answers: Array<(output: CpfCheckOutput | Error) => void> = [];
  const logic = fromPromise<CpfCheckOutput>(
    ({ signal }) =>
      new Promise<CpfCheckOutput>((resolve, reject) => {
        const n = answers.length + 1;
        log.push(`start ${n}`);
        signal.addEventListener('abort', () => log.push(`cancel ${n}`));
        answers.push((output) => (output instanceof Error ? reject(output) : resolve(output)));
      }),
  );
  return { logic, log, answer: (n: number, output: CpfCheckOutput | Error) => answers[n - 1]!(output) };
}

function start(
  options: {
    geo?: ReturnType<typeof resolves<GeoResult>> | ReturnType<typeof rejects>;
    checkCpf?: ReturnType<typeof controlledCheck>['logic'];
  } = {},
) {
  const machine = registrationMachine.provide({
    actors: {
      geo: options.geo ?? pending<GeoResult>(),
      checkCpf: options.checkCpf ?? pending<CpfCheckOutput>(),
    } as never,
  });
  const { actor } = createTestActor(machine);
  return { actor, vm: () => connectRegistration(actor.getSnapshot()) };
}

describe('registration machine: stories', () => {
  it('geo: BR / 55 show while the lookup runs, then its answer (§7)', async () => {
    const { actor, vm } = start({ geo: resolves({ countryCode: 'PT', callingCode: '351' }) });
    expect(vm().geo).toEqual({ countryCode: 'BR', callingCode: '55', locating: true });
    await flush();
    expect(vm().geo).toEqual({ countryCode: 'PT', callingCode: '351', locating: false });
    expect(actor.getSnapshot().matches({ geo: 'located' })).toBe(true);
  });

  it('geo: a failed lookup falls back to BR / 55 (§7)', async () => {
    const { actor, vm } = start({ geo: rejects(new Error('offline')) });
    await flush();
    expect(vm().geo).toEqual({ countryCode: 'BR', callingCode: '55', locating: false });
    expect(actor.getSnapshot().matches({ geo: 'failed' })).toBe(true);
  });

  it('cpf: each valid CPF typed is checked; a free one is valid, a taken one blocks with its message', async () => {
    const check = controlledCheck();
    const { actor, vm } = start({ checkCpf: check.logic });
    expect(vm().cpf).toEqual({ state: 'idle', messageId: null, blocksSubmit: false });
    actor.send({ type: 'registration.cpfTyped' });
    expect(vm().cpf.state).toBe('checking');
    check.answer(1, { result: 'valid' });
    await flush();
    expect(vm().cpf).toEqual({ state: 'valid', messageId: null, blocksSubmit: false });
    expect(actor.getSnapshot().context.cpfCheck).toEqual({ result: 'valid', messageId: null });

    actor.send({ type: 'registration.cpfTyped' });
    check.answer(2, { result: 'taken' });
    await flush();
    expect(vm().cpf).toEqual({ state: 'refused', messageId: 'session.validation.cpf_taken', blocksSubmit: true });

    actor.send({ type: 'registration.cpfTyped' });
    expect(vm().cpf).toEqual({ state: 'checking', messageId: null, blocksSubmit: false });
    check.answer(3, { result: 'invalid' });
    await flush();
    expect(vm().cpf).toEqual({ state: 'refused', messageId: 'session.validation.cpf', blocksSubmit: true });
    expect(check.log).toEqual(['start 1', 'start 2', 'start 3']);
  });

  it('cpf: a new CPF cancels the running check, whose answer never shows; editing to an incomplete CPF cancels too', async () => {
    const check = controlledCheck();
    const { actor, vm } = start({ checkCpf: check.logic });
    actor.send({ type: 'registration.cpfTyped' });
    actor.send({ type: 'registration.cpfTyped' });
    expect(check.log).toEqual(['start 1', 'cancel 1', 'start 2']);
    check.answer(1, { result: 'taken' });
    await flush();
    expect(vm().cpf.state).toBe('checking');
    check.answer(2, { result: 'valid' });
    await flush();
    expect(vm().cpf.state).toBe('valid');

    actor.send({ type: 'registration.cpfTyped' });
    actor.send({ type: 'registration.cpfCleared' });
    expect(check.log).toEqual(['start 1', 'cancel 1', 'start 2', 'start 3', 'cancel 3']);
    expect(vm().cpf).toEqual({ state: 'idle', messageId: null, blocksSubmit: false });
    check.answer(3, { result: 'taken' });
    await flush();
    expect(vm().cpf.state).toBe('idle');
  });

  it('cpf: a check that cannot be made fails without blocking; a refused CPF edited away forgets its message', async () => {
    const check = controlledCheck();
    const { actor, vm } = start({ checkCpf: check.logic });
    actor.send({ type: 'registration.cpfTyped' });
    check.answer(1, new Error('503'));
    await flush();
    expect(vm().cpf).toEqual({ state: 'failed', messageId: null, blocksSubmit: false });
    // Typed again (or retried by the form): checked again.
    actor.send({ type: 'registration.cpfTyped' });
    check.answer(2, { result: 'taken' });
    await flush();
    expect(vm().cpf.blocksSubmit).toBe(true);
    actor.send({ type: 'registration.cpfCleared' });
    expect(vm().cpf).toEqual({ state: 'idle', messageId: null, blocksSubmit: false });
    expect(actor.getSnapshot().context.cpfCheck).toBeNull();
  });

  it('never keeps the CPF: the context holds only the result', async () => {
    const check = controlledCheck();
    const { actor } = start({ geo: resolves({ countryCode: 'BR', callingCode: '55' }), checkCpf: check.logic });
    actor.send({ type: 'registration.cpfTyped' });
    check.answer(1, { result: 'taken' });
    await flush();
    expect(Object.keys(actor.getSnapshot().context).sort()).toEqual(['callingCode', 'countryCode', 'cpfCheck']);
    expect(actor.getSnapshot().context.cpfCheck).toEqual({
      result: 'taken',
      messageId: 'session.validation.cpf_taken',
    });
  });
});
