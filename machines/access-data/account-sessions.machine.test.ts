import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectSessions } from './access-data.connect';
import type { AccountSession } from './access-data.types';
import { accountSessionsMachine } from './account-sessions.machine';

const settle = () => new Promise((r) => setTimeout(r, 0));
const failed = (status: number) =>
  Object.assign(new Error(`API error ${status}`), { status, messages: [], fields: {} });

const THIS: AccountSession = {
  id: 7,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
  createdAt: '2026-03-02T12:00:00.000Z',
  lastSeenAt: '2026-03-02T12:30:00.000Z',
  current: true,
};
const DESKTOP: AccountSession = {
  id: 3,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36',
  createdAt: '2026-03-01T09:00:00.000Z',
  lastSeenAt: '2026-03-01T10:00:00.000Z',
  current: false,
};
const OLD: AccountSession = { ...DESKTOP, id: 2, userAgent: null };

function start(
  lists: Array<AccountSession[] | Error>,
  revoke: Array<Error | undefined> = [],
  others: Array<number | Error> = [],
) {
  const calls: string[] = [];
  const logic = accountSessionsMachine.provide({
    actors: {
      listSessions: fromPromise(async () => {
        calls.push('list');
        const next = lists.shift() ?? [THIS];
        if (next instanceof Error) throw next;
        return next;
      }),
      revokeSession: fromPromise(async ({ input }: { input: { id: number } }) => {
        calls.push(`revoke ${input.id}`);
        const next = revoke.shift();
        if (next) throw next;
      }),
      revokeOthers: fromPromise(async () => {
        calls.push('others');
        const next = others.shift() ?? 0;
        if (next instanceof Error) throw next;
        return { revoked: next };
      }),
    },
  });
  const { actor } = createTestActor(logic);
  return { actor, calls, view: () => connectSessions(actor.getSnapshot()) };
}

describe('account sessions machine', () => {
  it('lists the sessions with a device summary; a failed read shows §8 and retries', async () => {
    const { actor, view } = start([failed(503), [THIS, DESKTOP, OLD]]);
    expect(view().status).toBe('loading');
    await settle();
    expect(view()).toMatchObject({ status: 'failed', failure: { status: 503 } });
    actor.send({ type: 'sessions.retry' });
    await settle();
    expect(view()).toMatchObject({ status: 'ready', others: 2, failure: null });
    expect(view().sessions.map((s) => [s.id, s.browser, s.os, s.mobile, s.current])).toEqual([
      [7, 'Safari', 'iOS', true, true],
      [3, 'Chrome', 'Windows', false, false],
      [2, null, null, false, false],
    ]);
    actor.send({ type: 'sessions.refresh' });
    expect(view()).toMatchObject({ status: 'ready', busy: true });
    await settle();
    expect(view().sessions).toHaveLength(1);
  });

  it('ends one other session (never this one); one already gone reads the list again; a refusal shows §8', async () => {
    const { actor, calls, view } = start(
      [
        [THIS, DESKTOP, OLD],
        [THIS, OLD],
        [THIS, OLD],
      ],
      [undefined, failed(404), failed(503)],
    );
    await settle();
    actor.send({ type: 'sessions.revoke', id: 7 });
    actor.send({ type: 'sessions.revoke', id: 99 });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'sessions.revoke', id: 3 });
    expect(view().sessions.find((s) => s.id === 3)?.ending).toBe(true);
    await settle();
    await settle();
    expect(view()).toMatchObject({ others: 1, notice: { id: 'profile.access.sessions.ended_one' } });
    actor.send({ type: 'sessions.revoke', id: 2 });
    await settle();
    await settle();
    expect(view().notice).toEqual({ id: 'profile.access.sessions.gone' });
    actor.send({ type: 'sessions.revoke', id: 2 });
    await settle();
    expect(view()).toMatchObject({ status: 'ready', failure: { status: 503 } });
    actor.send({ type: 'sessions.dismiss' });
    expect(view().failure).toBeNull();
    expect(calls).toEqual(['list', 'revoke 3', 'list', 'revoke 2', 'list', 'revoke 2']);
  });

  it('"sign out everywhere else" asks first, then says how many ended; a refusal shows §8', async () => {
    const { actor, calls, view } = start([[THIS, DESKTOP, OLD], [THIS]], [], [failed(503), 2]);
    await settle();
    actor.send({ type: 'sessions.revokeOthers' });
    expect(view().confirming).toBe(true);
    actor.send({ type: 'sessions.cancel' });
    expect(view().confirming).toBe(false);
    actor.send({ type: 'sessions.revokeOthers' });
    actor.send({ type: 'sessions.confirm' });
    expect(view().busy).toBe(true);
    await settle();
    expect(view()).toMatchObject({ confirming: false, failure: { status: 503 } });
    actor.send({ type: 'sessions.revokeOthers' });
    actor.send({ type: 'sessions.confirm' });
    await settle();
    await settle();
    expect(view()).toMatchObject({
      others: 0,
      notice: { id: 'profile.access.sessions.ended_others', values: { count: 2 } },
    });
    expect(calls).toEqual(['list', 'others', 'others', 'list']);
  });
});
