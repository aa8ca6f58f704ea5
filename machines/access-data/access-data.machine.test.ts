import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectAccessData } from './access-data.connect';
import { accessDataMachine } from './access-data.machine';
import type { AccessAccount } from './access-data.types';

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
    expect(Object.keys(children).sort()).toEqual(['email', 'password', 'phone', 'sessions']);
    expect(children.email?.getSnapshot().value).toBe('idle');
    expect(children.phone?.getSnapshot().value).toBe('verified');
    expect(children.password?.getSnapshot().context.email).toBe(ACCOUNT.email);
  });
});
