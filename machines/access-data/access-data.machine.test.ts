import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectAccessData } from './access-data.connect';
import { accessDataMachine } from './access-data.machine';
import { contactChangeMachine } from './contact-change.machine';
import type { AccessAccount, ContactChangeConfirm, ContactChangeRequest } from './access-data.types';

const settle = () => new Promise((r) => setTimeout(r, 0));
const ACCOUNT: AccessAccount = {
  email: 'ana@sorteverde.test',
  emailVerified: false,
  phone: '+5511987654321',
  phoneVerified: true,
};

describe('access data machine', () => {
  it('reads the account (a failed read shows §8 and retries), then runs the page flows with it', async () => {
    let calls = 0;
    const logic = accessDataMachine.provide({
      actors: {
        loadAccount: fromPromise(async () => {
          calls += 1;
          if (calls === 1) throw Object.assign(new Error('x'), { status: 503, messages: [], fields: {} });
          return ACCOUNT;
        }),
      },
    });
    const { actor } = createTestActor(logic);
    expect(connectAccessData(actor.getSnapshot()).status).toBe('loading');
    await settle();
    expect(connectAccessData(actor.getSnapshot())).toMatchObject({ status: 'failed', failure: { status: 503 } });
    actor.send({ type: 'access.retry' });
    await settle();
    expect(connectAccessData(actor.getSnapshot())).toMatchObject({ status: 'ready', account: ACCOUNT });
    const children = actor.getSnapshot().children as Record<string, AnyActorRef>;
    expect(Object.keys(children).sort()).toEqual([
      'email',
      'emailChange',
      'password',
      'phone',
      'phoneChange',
      'secondFactor',
      'sessions',
    ]);
    // Portaria SPA/MF 722/2024: the second factor's enrolment runs with the account's state (none yet).
    expect(children.secondFactor?.getSnapshot().value).toBe('idle');
    expect(children.email?.getSnapshot().value).toBe('idle');
    expect(children.phone?.getSnapshot().value).toBe('verified');
    expect(children.password?.getSnapshot().context.email).toBe(ACCOUNT.email);
  });

  it('a confirmed contact change becomes the account, verified, on the cards and in the password change', async () => {
    const logic = accessDataMachine.provide({
      actors: {
        loadAccount: fromPromise<AccessAccount>(async () => ({ ...ACCOUNT, phone: null, phoneVerified: false })),
        contactChange: contactChangeMachine.provide({
          actors: {
            requestChange: fromPromise<void, ContactChangeRequest>(async () => {}),
            confirmChange: fromPromise<void, ContactChangeConfirm>(async () => {}),
          },
        }),
      },
    });
    const { actor } = createTestActor(logic);
    await settle();
    const children = () => actor.getSnapshot().children as Record<string, AnyActorRef>;
    expect(children().phone?.getSnapshot().value).toBe('noPhone');
    const change = async (id: 'emailChange' | 'phoneChange', value: string) => {
      children()[id]?.send({ type: 'change.open' });
      children()[id]?.send({ type: 'change.submit', value });
      await settle();
      children()[id]?.send({ type: 'change.submitCode', code: '123456' });
      await settle();
    };
    await change('emailChange', 'ana.nova@sorteverde.test');
    expect(actor.getSnapshot().context.account).toMatchObject({
      email: 'ana.nova@sorteverde.test',
      emailVerified: true,
    });
    expect(children().email?.getSnapshot()).toMatchObject({
      value: 'verified',
      context: { address: 'ana.nova@sorteverde.test', verified: true },
    });
    expect(children().password?.getSnapshot().context.email).toBe('ana.nova@sorteverde.test');
    await change('phoneChange', '+5521988887766');
    expect(actor.getSnapshot().context.account).toMatchObject({ phone: '+5521988887766', phoneVerified: true });
    expect(children().phone?.getSnapshot()).toMatchObject({
      value: 'verified',
      context: { address: '+5521988887766' },
    });
    // Later snapshots of a done change (messages closed) change nothing more.
    children().emailChange?.send({ type: 'change.dismiss' });
    expect(actor.getSnapshot().context.account?.email).toBe('ana.nova@sorteverde.test');
  });
});
