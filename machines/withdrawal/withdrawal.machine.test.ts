import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { pending, rejects, resolves } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectWithdrawal } from './withdrawal.connect';
import { KYC_REQUIRED_ID, WITHDRAWAL_STATUS_POLL_MS, withdrawalMachine } from './withdrawal.machine';
import type {
  PixAddress,
  WithdrawalEmitted,
  WithdrawalInput,
  WithdrawalResult,
  WithdrawSetup,
} from './withdrawal.types';

const input: WithdrawalInput = { minWithdrawal: 2000, maxWithdrawal: 1_000_000, balance: 25_000 };
const key: PixAddress = { id: 3, key: '***.456.789-**' };
const ready: WithdrawSetup = { methodId: 1, addresses: [key], canAddAddress: true };
const pendingResult: WithdrawalResult = { withdrawal: { id: 9, amount: 2000, status: 0 }, balance: 23_000 };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
type Actors = NonNullable<Parameters<typeof withdrawalMachine.provide>[0]['actors']>;

/** A promise actor answering from a list (errors are thrown). */
function answers<T>(list: Array<T | Error>) {
  return fromPromise(async () => {
    const next = list.shift();
    if (next === undefined) return new Promise<T>(() => {});
    if (next instanceof Error) throw next;
    return next;
  });
}

function start(actors: Partial<Actors> = {}) {
  const machine = withdrawalMachine.provide({
    actors: {
      loadMethod: resolves(ready) as never,
      createAddress: pending() as never,
      requestWithdrawal: resolves(pendingResult) as never,
      checkWithdrawal: pending() as never,
      cancelWithdrawal: pending() as never,
      ...actors,
    },
  });
  const started = createTestActor(machine, { input });
  const reported: WithdrawalEmitted[] = [];
  started.actor.on('wallet.balanceReported', (e) => reported.push(e));
  return { ...started, reported };
}

async function toInProcess(actors: Partial<Actors> = {}) {
  const started = start(actors);
  await flush();
  started.actor.send({ type: 'withdrawal.amountChanged', text: '20' });
  started.actor.send({ type: 'withdrawal.submit' });
  expect(started.actor.getSnapshot().value).toBe('confirming');
  started.actor.send({ type: 'withdrawal.confirm' });
  await flush();
  expect(started.actor.getSnapshot().value).toEqual({ inProcess: 'idle' });
  return started;
}

describe('withdrawal machine: generated paths', () => {
  const machine = withdrawalMachine.provide({
    actors: {
      loadMethod: pending() as never,
      createAddress: pending() as never,
      requestWithdrawal: pending() as never,
      checkWithdrawal: pending() as never,
      cancelWithdrawal: pending() as never,
    },
  });
  /** What an invoked actor (no id given: `0.<state id>`) answers. */
  const done = (state: string, output: unknown) =>
    ({ type: `xstate.done.actor.0.withdrawal.${state}`, output }) as never;
  const error = (state: string) =>
    ({ type: `xstate.error.actor.0.withdrawal.${state}`, error: new Error('x') }) as never;
  const settled = (status: number): WithdrawalResult => ({
    ...pendingResult,
    withdrawal: { ...pendingResult.withdrawal, status },
  });

  it('reaches every state of the definition by events a test can send (the status poll included), and no path fails', () => {
    const result = reachability(machine, {
      input,
      // The amount typed decides whether a submit goes on to confirm: it is part of the state for the traversal.
      serializeState: (s) => JSON.stringify([s.value, s.context.amountText]),
      events: [
        done('loading', ready),
        error('loading'),
        { type: 'withdrawal.retry' },
        { type: 'withdrawal.amountChanged', text: '20' },
        { type: 'withdrawal.addKey' },
        done('addingKey', key),
        error('addingKey'),
        { type: 'withdrawal.submit' },
        { type: 'withdrawal.back' },
        { type: 'withdrawal.confirm' },
        done('requesting', pendingResult),
        error('requesting'),
        { type: 'withdrawal.refresh' },
        done('inProcess.checking', pendingResult),
        done('inProcess.checking', settled(1)),
        error('inProcess.checking'),
        { type: 'withdrawal.cancel' },
        { type: 'withdrawal.cancelAborted' },
        { type: 'withdrawal.cancelConfirmed' },
        done('inProcess.cancelling', settled(2)),
        error('inProcess.cancelling'),
        { type: 'withdrawal.new' },
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.reached).toEqual(
      expect.arrayContaining(['loadFailed', 'confirming', 'inProcess.cancelling', 'settled']),
    );
    expect(result.failedPaths).toEqual([]);
  });
});

describe('withdrawal machine: stories', () => {
  it('re-checks the amount when the balance moves elsewhere (a deposit paid on the same visit)', async () => {
    const { actor } = start();
    await flush();
    actor.send({ type: 'withdrawal.amountChanged', text: '300' });
    expect(actor.getSnapshot().context.amountProblem).toBe('balance');
    actor.send({ type: 'withdrawal.balanceChanged', balance: 30_000 });
    expect(actor.getSnapshot().context).toMatchObject({ balance: 30_000, amountProblem: null, amount: 30_000 });
    actor.send({ type: 'withdrawal.balanceChanged', balance: 1000 });
    expect(actor.getSnapshot().context.amountProblem).toBe('balance');
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('keeps a balance that arrives before anything was typed, with no amount problem invented', async () => {
    const { actor } = start();
    actor.send({ type: 'withdrawal.balanceChanged', balance: 50_000 });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ balance: 50_000, amountProblem: 'required' });
  });

  it('loads the pix method and the saved key, and chooses the first key', async () => {
    const { actor } = start();
    expect(connectWithdrawal(actor.getSnapshot()).step).toBe('loading');
    await flush();
    expect(connectWithdrawal(actor.getSnapshot())).toMatchObject({
      step: 'editing',
      addresses: [{ id: 3, selected: true }],
      canAddAddress: true,
    });
  });

  it('a failed load can be retried', async () => {
    const { actor } = start({
      loadMethod: answers<WithdrawSetup>([
        Object.assign(new Error('x'), { messages: [{ id: 'error_messages.503' }] }),
        ready,
      ]) as never,
    });
    await flush();
    expect(connectWithdrawal(actor.getSnapshot())).toMatchObject({
      step: 'loadFailed',
      errors: [{ id: 'error_messages.503' }],
    });
    actor.send({ type: 'withdrawal.retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('refuses amounts out of range, above the balance, or without a key; shows errors after a submit', async () => {
    const { actor } = start({ loadMethod: resolves({ ...ready, addresses: [] }) as never });
    await flush();
    actor.send({ type: 'withdrawal.amountChanged', text: '19,99' });
    expect(connectWithdrawal(actor.getSnapshot()).amountError).toBeNull();
    actor.send({ type: 'withdrawal.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(connectWithdrawal(actor.getSnapshot()).amountError).toEqual({
      id: 'wallet.amount.belowMin',
      values: { min: 2000, max: 1_000_000 },
    });
    actor.send({ type: 'withdrawal.amountChanged', text: '300' });
    expect(connectWithdrawal(actor.getSnapshot()).amountError).toEqual({ id: 'wallet.amount.aboveBalance' });
    actor.send({ type: 'withdrawal.amountChanged', text: '20' });
    actor.send({ type: 'withdrawal.submit' });
    expect(connectWithdrawal(actor.getSnapshot())).toMatchObject({
      step: 'editing',
      needsAddress: true,
      amountError: null,
    });
  });

  it('adds the player own CPF as key; a third party key shows the server message', async () => {
    const created: PixAddress = { id: 5, key: '***.982.247-**' };
    const { actor } = start({
      loadMethod: resolves({ ...ready, addresses: [] }) as never,
      createAddress: answers<PixAddress>([
        Object.assign(new Error('x'), { messages: [{ text: 'Saques para terceiros não são permitidos.' }] }),
        created,
      ]) as never,
    });
    await flush();
    actor.send({ type: 'withdrawal.keyChanged', text: '111.444.777-35' });
    actor.send({ type: 'withdrawal.addKey' });
    expect(connectWithdrawal(actor.getSnapshot()).busy).toBe(true);
    await flush();
    expect(connectWithdrawal(actor.getSnapshot()).keyErrors).toEqual([
      { text: 'Saques para terceiros não são permitidos.' },
    ]);
    actor.send({ type: 'withdrawal.keyChanged', text: '529.982.247-25' });
    actor.send({ type: 'withdrawal.addKey' });
    await flush();
    expect(connectWithdrawal(actor.getSnapshot())).toMatchObject({
      addresses: [{ id: 5, selected: true }],
      keyText: '',
      keyErrors: [],
    });
    actor.send({ type: 'withdrawal.addressChosen', id: 5 });
    expect(actor.getSnapshot().context.addressId).toBe(5);
  });

  it('a new key on a regulated brand with the authenticator on: asked for the code, sent with it, then forgotten (Portaria SPA/MF 722/2024)', async () => {
    const created: PixAddress = { id: 6, key: '***.982.247-**' };
    const asked: unknown[] = [];
    const required = Object.assign(new Error('403'), {
      status: 403,
      messages: [{ text: 'Confirme com o código do seu app autenticador.' }],
      fields: { second_factor_code: ['Confirme com o código do seu app autenticador.'] },
    });
    const wrong = Object.assign(new Error('422'), {
      status: 422,
      messages: [{ text: 'Código inválido.' }],
      fields: { second_factor_code: ['Código inválido.'] },
    });
    const replies: Array<PixAddress | Error> = [required, wrong, created];
    const { actor } = start({
      loadMethod: resolves({ ...ready, addresses: [] }) as never,
      createAddress: fromPromise(async ({ input: i }) => {
        asked.push(i);
        const next = replies.shift() as PixAddress | Error;
        if (next instanceof Error) throw next;
        return next;
      }) as never,
    });
    await flush();
    const vm = () => connectWithdrawal(actor.getSnapshot());
    expect(vm()).toMatchObject({ keyNeedsCode: false, keyCodeText: '' });
    actor.send({ type: 'withdrawal.keyChanged', text: '529.982.247-25' });
    actor.send({ type: 'withdrawal.addKey' });
    await flush();
    expect(vm()).toMatchObject({
      keyNeedsCode: true,
      keyCodeText: '',
      keyErrors: [{ text: 'Confirme com o código do seu app autenticador.' }],
    });
    // Digits only, six at most.
    actor.send({ type: 'withdrawal.keyCodeChanged', text: '12 34-56789' });
    expect(vm().keyCodeText).toBe('123456');
    actor.send({ type: 'withdrawal.addKey' });
    await flush();
    expect(vm()).toMatchObject({ keyNeedsCode: true, keyCodeText: '', keyErrors: [{ text: 'Código inválido.' }] });
    actor.send({ type: 'withdrawal.keyCodeChanged', text: '654321' });
    actor.send({ type: 'withdrawal.addKey' });
    await flush();
    expect(asked).toEqual([
      { key: '529.982.247-25' },
      { key: '529.982.247-25', secondFactorCode: '123456' },
      { key: '529.982.247-25', secondFactorCode: '654321' },
    ]);
    expect(vm()).toMatchObject({
      addresses: [{ id: 6, selected: true }],
      keyNeedsCode: false,
      keyCodeText: '',
      keyErrors: [],
    });
  });

  it('asks for confirmation, can go back, then requests and shows pending; the reserved balance goes to its owner', async () => {
    let asked: unknown;
    const { actor, reported } = start({
      requestWithdrawal: fromPromise(async ({ input: i }) => {
        asked = i;
        return pendingResult;
      }) as never,
    });
    await flush();
    actor.send({ type: 'withdrawal.amountChanged', text: '20,00' });
    actor.send({ type: 'withdrawal.submit' });
    actor.send({ type: 'withdrawal.back' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'withdrawal.submit' });
    actor.send({ type: 'withdrawal.confirm' });
    await flush();
    expect(asked).toEqual({ amount: 2000, addressId: 3, methodId: 1 });
    expect(connectWithdrawal(actor.getSnapshot())).toMatchObject({
      step: 'inProcess',
      withdrawal: { status: 0 },
      canCancel: true,
    });
    // Reported, not kept: the amount is still checked against the balance the owner gives.
    expect(reported).toEqual([{ type: 'wallet.balanceReported', balance: 23_000 }]);
    expect(actor.getSnapshot().context.balance).toBe(25_000);
  });

  it('a refused request goes back to the form with the message (402 not enough credits)', async () => {
    const { actor } = start({
      requestWithdrawal: rejects({ messages: [{ text: 'Saldo insuficiente para este saque.' }] }) as never,
    });
    await flush();
    actor.send({ type: 'withdrawal.amountChanged', text: '20' });
    actor.send({ type: 'withdrawal.submit' });
    actor.send({ type: 'withdrawal.confirm' });
    await flush();
    expect(connectWithdrawal(actor.getSnapshot())).toMatchObject({
      step: 'editing',
      errors: [{ text: 'Saldo insuficiente para este saque.' }],
    });
  });

  it("a brand's kyc refusal says so in the player's language and links to the verification, until the next try", async () => {
    const kyc = 'Para sacar, verifique sua conta: envie seus documentos e aguarde a aprovação.';
    const { actor } = start({
      requestWithdrawal: rejects({ status: 422, messages: [{ text: kyc }], fields: { kyc: [kyc] } }) as never,
    });
    await flush();
    actor.send({ type: 'withdrawal.amountChanged', text: '20' });
    actor.send({ type: 'withdrawal.submit' });
    actor.send({ type: 'withdrawal.confirm' });
    await flush();
    expect(connectWithdrawal(actor.getSnapshot())).toMatchObject({
      step: 'editing',
      errors: [{ id: KYC_REQUIRED_ID }],
      kycRequired: true,
    });
    actor.send({ type: 'withdrawal.amountChanged', text: '25' });
    actor.send({ type: 'withdrawal.submit' });
    expect(connectWithdrawal(actor.getSnapshot()).kycRequired).toBe(false);
  });

  it('cancel needs a confirmation; aborting keeps it; confirming releases the amount', async () => {
    const cancelled: WithdrawalResult = { withdrawal: { id: 9, amount: 2000, status: 2 }, balance: 25_000 };
    const { actor, reported } = await toInProcess({ cancelWithdrawal: resolves(cancelled) as never });
    actor.send({ type: 'withdrawal.cancel' });
    expect(connectWithdrawal(actor.getSnapshot()).confirmingCancel).toBe(true);
    actor.send({ type: 'withdrawal.cancelAborted' });
    expect(actor.getSnapshot().value).toEqual({ inProcess: 'idle' });
    actor.send({ type: 'withdrawal.cancel' });
    actor.send({ type: 'withdrawal.cancelConfirmed' });
    await flush();
    expect(connectWithdrawal(actor.getSnapshot())).toMatchObject({
      step: 'settled',
      withdrawal: { status: 2 },
      canCancel: false,
    });
    expect(reported.at(-1)).toEqual({ type: 'wallet.balanceReported', balance: 25_000 });
    actor.send({ type: 'withdrawal.new' });
    expect(connectWithdrawal(actor.getSnapshot())).toMatchObject({ step: 'editing', withdrawal: null, amountText: '' });
  });

  it('a cancel the bank beat (409) checks the status and shows the bank decision', async () => {
    const approved: WithdrawalResult = { withdrawal: { id: 9, amount: 2000, status: 1 }, balance: 23_000 };
    const { actor } = await toInProcess({
      cancelWithdrawal: rejects({
        status: 409,
        messages: [{ text: 'Este saque não está mais em processamento.' }],
      }) as never,
      checkWithdrawal: resolves(approved) as never,
    });
    actor.send({ type: 'withdrawal.cancel' });
    actor.send({ type: 'withdrawal.cancelConfirmed' });
    await flush();
    await flush();
    expect(connectWithdrawal(actor.getSnapshot())).toMatchObject({ step: 'settled', withdrawal: { status: 1 } });
  });

  it('polls the status every 5 s: processing and under review stay in process; invalid key settles', async () => {
    const { actor, clock, reported } = await toInProcess({
      checkWithdrawal: answers<WithdrawalResult>([
        { withdrawal: { id: 9, amount: 2000, status: 4 }, balance: 23_000 },
        new Error('offline'),
        { withdrawal: { id: 9, amount: 2000, status: 3 }, balance: 25_000 },
      ]) as never,
    });
    clock.increment(WITHDRAWAL_STATUS_POLL_MS);
    await flush();
    expect(connectWithdrawal(actor.getSnapshot())).toMatchObject({ step: 'inProcess', withdrawal: { status: 4 } });
    actor.send({ type: 'withdrawal.refresh' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ inProcess: 'idle' });
    clock.increment(WITHDRAWAL_STATUS_POLL_MS);
    await flush();
    expect(connectWithdrawal(actor.getSnapshot())).toMatchObject({ step: 'settled', withdrawal: { status: 3 } });
    expect(reported.map((r) => r.balance)).toEqual([23_000, 23_000, 25_000]);
  });
});
