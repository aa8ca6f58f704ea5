import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyActorLogic } from 'xstate';
import { rejects, resolves } from '../../tests/toolkit/fake-actors';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectPushPermission } from './push-permission.connect';
import {
  heldBackUntil,
  PUSH_CHECK_DELAY_MS,
  PUSH_DENIED_HOLD_MS,
  PUSH_DISMISSED_HOLD_MS,
  PUSH_SUBSCRIBE_TIMEOUT_MS,
  pushPermissionMachine,
} from './push-permission.machine';
import type {
  PermissionAnswer,
  PushEnvironment,
  PushPermissionEmitted,
  StoredPushChoice,
} from './push-permission.types';

/**
 * Spec §4 Push permission (default, granted, denied, stored locally), §9 Push (check after 1 s, subscription
 * timeout 10 s, held back 5 days after a denial and 1 day after the modal is closed, on phones only when installed)
 * and §8's texts, on a simulated clock.
 */
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const desktop: PushEnvironment = { supported: true, permission: 'default', mobile: false, standalone: false, now: NOW };

interface Setup {
  environment?: PushEnvironment | 'fails';
  stored?: StoredPushChoice | null;
  answer?: PermissionAnswer | 'fails';
  subscribe?: 'ok' | 'fails' | 'hangs';
  unsubscribe?: 'ok' | 'fails';
}

function start(options: Setup = {}) {
  const stores: StoredPushChoice[] = [];
  const notices: PushPermissionEmitted[] = [];
  const subscribeCalls: number[] = [];
  const unsubscribeCalls: number[] = [];
  const env = options.environment ?? desktop;
  const answer = options.answer ?? { permission: 'granted', at: NOW + 5000 };
  const subscribe = options.subscribe ?? 'ok';
  const logic = pushPermissionMachine.provide({
    actors: {
      checkEnvironment: (env === 'fails' ? rejects(new Error('no window')) : resolves(env)) as AnyActorLogic as never,
      requestPermission: (answer === 'fails'
        ? rejects(new Error('blocked'))
        : resolves(answer)) as AnyActorLogic as never,
      subscribe: fromPromise(async () => {
        subscribeCalls.push(1);
        if (subscribe === 'fails') throw new Error('push service error');
        if (subscribe === 'hangs') await new Promise(() => {});
      }) as never,
      unsubscribe: fromPromise(async () => {
        unsubscribeCalls.push(1);
        if (options.unsubscribe === 'fails') throw new Error('network');
      }) as never,
    },
    actions: { store: ({ context }) => stores.push(context.stored) },
  });
  const { actor, clock } = createTestActor(logic, { input: { stored: options.stored ?? null } });
  actor.on('push.notice', (event) => notices.push(event));
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  /** Past the 1 s check, with the check's answer in. */
  const checked = async () => {
    clock.increment(PUSH_CHECK_DELAY_MS);
    await settle();
  };
  return {
    actor,
    clock,
    stores,
    notices,
    subscribeCalls,
    unsubscribeCalls,
    settle,
    checked,
    view: () => connectPushPermission(actor.getSnapshot()),
  };
}

describe('push permission: the check after 1 s', () => {
  it('waits 1 s before reading the browser, then offers notifications on a desktop', async () => {
    const t = start();
    t.clock.increment(PUSH_CHECK_DELAY_MS - 1);
    await t.settle();
    expect(t.actor.getSnapshot().value).toBe('waiting');
    expect(t.view().permission).toBe('checking');
    await t.checked();
    expect(t.actor.getSnapshot().value).toEqual({ default: 'prompting' });
    expect(t.view()).toMatchObject({
      promptOpen: true,
      busy: false,
      canEnable: true,
      permission: 'default',
      dataState: 'prompting',
    });
  });

  it('an unsupported browser (or one that cannot be read) offers nothing; enabling says §8 "not supported"', async () => {
    const t = start({ environment: { ...desktop, supported: false } });
    await t.checked();
    expect(t.actor.getSnapshot().value).toBe('unsupported');
    expect(t.view()).toMatchObject({ promptOpen: false, canEnable: false, permission: 'unsupported' });
    t.actor.send({ type: 'push.enable' });
    expect(t.notices).toEqual([{ type: 'push.notice', notice: 'unsupported', kind: 'error' }]);
    expect(t.view().noticeId).toBe('push.notice.unsupported');
    t.actor.send({ type: 'push.noticeSeen' });
    expect(t.view().noticeId).toBeNull();

    const broken = start({ environment: 'fails' });
    await broken.checked();
    expect(broken.actor.getSnapshot().value).toBe('unsupported');
  });

  it('a permission the browser already denied is stored as denied (with the time) and never offered', async () => {
    const t = start({ environment: { ...desktop, permission: 'denied' } });
    await t.checked();
    expect(t.actor.getSnapshot().value).toBe('denied');
    expect(t.stores).toEqual([{ permission: 'denied', deniedAt: NOW, dismissedAt: null }]);
    expect(t.view()).toMatchObject({ promptOpen: false, permission: 'denied', canEnable: false });
    t.actor.send({ type: 'push.enable' });
    expect(t.notices.map((n) => n.notice)).toEqual(['permissionFailed']);
  });

  it('a permission already granted re-subscribes silently (a new player on this browser takes it over)', async () => {
    const t = start({ environment: { ...desktop, permission: 'granted' } });
    await t.checked();
    expect(t.actor.getSnapshot().value).toEqual({ granted: 'subscribed' });
    expect(t.subscribeCalls).toHaveLength(1);
    expect(t.stores).toEqual([{ permission: 'granted', deniedAt: null, dismissedAt: null, optedOut: false }]);
    expect(t.notices).toEqual([]);
    expect(t.view()).toMatchObject({ promptOpen: false, permission: 'granted', canEnable: false });
  });

  it('a silent re-subscription that fails, or takes over 10 s, fails quietly; the player may try again', async () => {
    const failing = start({ environment: { ...desktop, permission: 'granted' }, subscribe: 'fails' });
    await failing.checked();
    expect(failing.actor.getSnapshot().value).toEqual({ granted: 'failed' });
    expect(failing.notices).toEqual([]);
    expect(failing.view().canEnable).toBe(true);

    const slow = start({ environment: { ...desktop, permission: 'granted' }, subscribe: 'hangs' });
    await slow.checked();
    slow.clock.increment(PUSH_SUBSCRIBE_TIMEOUT_MS - 1);
    expect(slow.actor.getSnapshot().value).toBe('subscribing');
    slow.clock.increment(1);
    expect(slow.actor.getSnapshot().value).toEqual({ granted: 'failed' });
    expect(slow.notices).toEqual([]);
  });
});

describe('push permission: the hold-backs (§9)', () => {
  it('holds the prompt back 5 days after a stored denial, then offers it again', async () => {
    const deniedAt = NOW - 5 * DAY + 60_000;
    const t = start({ stored: { permission: 'denied', deniedAt, dismissedAt: null } });
    await t.checked();
    expect(t.actor.getSnapshot().value).toEqual({ default: 'heldBack' });
    expect(t.view().promptOpen).toBe(false);
    t.clock.increment(59_999);
    expect(t.actor.getSnapshot().value).toEqual({ default: 'heldBack' });
    t.clock.increment(1);
    expect(t.actor.getSnapshot().value).toEqual({ default: 'prompting' });
  });

  it('offers at once when the denial was more than 5 days ago', async () => {
    const t = start({ stored: { permission: 'denied', deniedAt: NOW - PUSH_DENIED_HOLD_MS, dismissedAt: null } });
    await t.checked();
    expect(t.actor.getSnapshot().value).toEqual({ default: 'prompting' });
  });

  it('closing the modal holds it back 1 day (stored), then it is offered again', async () => {
    const t = start();
    await t.checked();
    t.actor.send({ type: 'push.dismiss', at: NOW + 2000 });
    expect(t.actor.getSnapshot().value).toEqual({ default: 'heldBack' });
    expect(t.stores).toEqual([{ permission: 'default', deniedAt: null, dismissedAt: NOW + 2000 }]);
    t.clock.increment(PUSH_DISMISSED_HOLD_MS - 1);
    expect(t.actor.getSnapshot().value).toEqual({ default: 'heldBack' });
    t.clock.increment(1);
    expect(t.actor.getSnapshot().value).toEqual({ default: 'prompting' });
  });

  it('a stored dismissal less than a day old holds it back; the player may still enable from the menu', async () => {
    const t = start({ stored: { permission: 'default', deniedAt: null, dismissedAt: NOW - DAY + 1000 } });
    await t.checked();
    expect(t.actor.getSnapshot().value).toEqual({ default: 'heldBack' });
    expect(t.view().canEnable).toBe(true);
    t.actor.send({ type: 'push.enable' });
    await t.settle();
    expect(t.actor.getSnapshot().value).toEqual({ granted: 'subscribed' });
  });

  it('computes the longest hold-back in force, or none', () => {
    expect(heldBackUntil({ permission: 'default', deniedAt: null, dismissedAt: null }, NOW)).toBeNull();
    expect(heldBackUntil({ permission: 'denied', deniedAt: NOW - DAY, dismissedAt: NOW }, NOW)).toBe(NOW + 4 * DAY);
    expect(heldBackUntil({ permission: 'default', deniedAt: null, dismissedAt: NOW - DAY }, NOW)).toBeNull();
  });
});

describe('push permission: phones only when installed as an app (§9)', () => {
  it('a phone browser tab is not offered; installed (standalone) it is', async () => {
    const tab = start({ environment: { ...desktop, mobile: true, standalone: false } });
    await tab.checked();
    expect(tab.actor.getSnapshot().value).toEqual({ default: 'notInstalled' });
    expect(tab.view().promptOpen).toBe(false);
    const app = start({ environment: { ...desktop, mobile: true, standalone: true } });
    await app.checked();
    expect(app.actor.getSnapshot().value).toEqual({ default: 'prompting' });
  });

  it('a phone tab held back stays unoffered when the hold-back ends', async () => {
    const t = start({
      environment: { ...desktop, mobile: true, standalone: false },
      stored: { permission: 'default', deniedAt: null, dismissedAt: NOW - DAY + 10 },
    });
    await t.checked();
    expect(t.actor.getSnapshot().value).toEqual({ default: 'heldBack' });
    t.clock.increment(10);
    expect(t.actor.getSnapshot().value).toEqual({ default: 'notInstalled' });
  });
});

describe('push permission: the player enables notifications', () => {
  it('granted in the browser → subscribed, stored granted, §8 success announced', async () => {
    const t = start();
    await t.checked();
    t.actor.send({ type: 'push.enable' });
    expect(t.actor.getSnapshot().value).toBe('requesting');
    expect(t.view()).toMatchObject({ promptOpen: true, busy: true, dataState: 'busy' });
    await t.settle();
    expect(t.actor.getSnapshot().value).toEqual({ granted: 'subscribed' });
    expect(t.stores.at(-1)).toEqual({ permission: 'granted', deniedAt: null, dismissedAt: null, optedOut: false });
    expect(t.notices).toEqual([{ type: 'push.notice', notice: 'subscribed', kind: 'success' }]);
    expect(t.view()).toMatchObject({ promptOpen: false, noticeId: 'push.notice.subscribed', permission: 'granted' });
  });

  it('denied in the browser → denied, stored with the answer’s time, §8 permission text; held back 5 days next time', async () => {
    const t = start({ answer: { permission: 'denied', at: NOW + 3000 } });
    await t.checked();
    t.actor.send({ type: 'push.enable' });
    await t.settle();
    expect(t.actor.getSnapshot().value).toBe('denied');
    expect(t.stores).toEqual([{ permission: 'denied', deniedAt: NOW + 3000, dismissedAt: null }]);
    expect(t.notices.map((n) => n.notice)).toEqual(['permissionFailed']);
    expect(t.actor.getSnapshot().context.heldBack).toEqual({
      from: NOW + 3000,
      until: NOW + 3000 + PUSH_DENIED_HOLD_MS,
    });
  });

  it('the browser’s prompt closed without an answer → held back 1 day, nothing said', async () => {
    const t = start({ answer: { permission: 'default', at: NOW + 4000 } });
    await t.checked();
    t.actor.send({ type: 'push.enable' });
    await t.settle();
    expect(t.actor.getSnapshot().value).toEqual({ default: 'heldBack' });
    expect(t.stores).toEqual([{ permission: 'default', deniedAt: null, dismissedAt: NOW + 4000 }]);
    expect(t.notices).toEqual([]);
    t.clock.increment(PUSH_DISMISSED_HOLD_MS);
    expect(t.actor.getSnapshot().value).toEqual({ default: 'prompting' });
  });

  it('the permission request failing → §8 permission text, held back 1 day', async () => {
    const t = start({ answer: 'fails' });
    await t.checked();
    t.actor.send({ type: 'push.enable' });
    await t.settle();
    expect(t.actor.getSnapshot().value).toEqual({ default: 'heldBack' });
    expect(t.notices.map((n) => n.notice)).toEqual(['permissionFailed']);
    expect(t.stores).toEqual([{ permission: 'default', deniedAt: null, dismissedAt: NOW }]);
  });

  it('the subscription failing → §8 subscription text; enabling again retries and succeeds', async () => {
    let fail = true;
    const t = start({ subscribe: 'ok' });
    const logic = pushPermissionMachine.provide({
      actors: {
        checkEnvironment: resolves(desktop) as never,
        requestPermission: resolves({ permission: 'granted', at: NOW }) as never,
        subscribe: fromPromise(async () => {
          if (fail) throw new Error('push service error');
        }) as never,
      },
      actions: { store: () => undefined },
    });
    const { actor, clock } = createTestActor(logic, { input: { stored: null } });
    const notices: string[] = [];
    actor.on('push.notice', (e) => notices.push(e.notice));
    clock.increment(PUSH_CHECK_DELAY_MS);
    await t.settle();
    actor.send({ type: 'push.enable' });
    await t.settle();
    expect(actor.getSnapshot().value).toEqual({ granted: 'failed' });
    expect(notices).toEqual(['subscribeFailed']);
    fail = false;
    actor.send({ type: 'push.enable' });
    await t.settle();
    expect(actor.getSnapshot().value).toEqual({ granted: 'subscribed' });
    expect(notices).toEqual(['subscribeFailed', 'subscribed']);
  });

  it('a subscription the player asked for that takes over 10 s fails with §8’s text', async () => {
    const t = start({ subscribe: 'hangs' });
    await t.checked();
    t.actor.send({ type: 'push.enable' });
    await t.settle();
    expect(t.actor.getSnapshot().value).toBe('subscribing');
    expect(t.view()).toMatchObject({ promptOpen: true, busy: true });
    t.clock.increment(PUSH_SUBSCRIBE_TIMEOUT_MS);
    expect(t.actor.getSnapshot().value).toEqual({ granted: 'failed' });
    expect(t.notices.map((n) => n.notice)).toEqual(['subscribeFailed']);
  });
});

describe('push permission: the player turns push off and on again', () => {
  it('subscribed → off: the subscription is removed, the choice stored, §8-style success said; on again subscribes', async () => {
    const t = start({ environment: { ...desktop, permission: 'granted' } });
    await t.checked();
    expect(t.view().switchState).toBe('on');
    t.actor.send({ type: 'push.disable' });
    expect(t.actor.getSnapshot().value).toBe('unsubscribing');
    expect(t.view().switchState).toBe('busy');
    await t.settle();
    expect(t.actor.getSnapshot().value).toBe('off');
    expect(t.unsubscribeCalls).toHaveLength(1);
    expect(t.stores.at(-1)).toMatchObject({ permission: 'granted', optedOut: true });
    expect(t.notices.map((n) => n.notice)).toEqual(['unsubscribed']);
    expect(t.view()).toMatchObject({ switchState: 'off', canEnable: true, permission: 'granted' });

    t.actor.send({ type: 'push.enable' });
    expect(t.actor.getSnapshot().value).toBe('subscribing');
    await t.settle();
    expect(t.actor.getSnapshot().value).toEqual({ granted: 'subscribed' });
    expect(t.stores.at(-1)).toMatchObject({ optedOut: false });
    expect(t.subscribeCalls).toHaveLength(2);
    expect(t.notices.map((n) => n.notice)).toEqual(['unsubscribed', 'subscribed']);
  });

  it('a stored "off" keeps a granted browser off at the next start: nothing subscribes silently', async () => {
    const t = start({
      environment: { ...desktop, permission: 'granted' },
      stored: { permission: 'granted', deniedAt: null, dismissedAt: null, optedOut: true },
    });
    await t.checked();
    expect(t.actor.getSnapshot().value).toBe('off');
    expect(t.subscribeCalls).toEqual([]);
    expect(t.view()).toMatchObject({ switchState: 'off', promptOpen: false });
  });

  it('a removal that fails stays on and says so', async () => {
    const t = start({ environment: { ...desktop, permission: 'granted' }, unsubscribe: 'fails' });
    await t.checked();
    t.actor.send({ type: 'push.disable' });
    await t.settle();
    expect(t.actor.getSnapshot().value).toEqual({ granted: 'subscribed' });
    expect(t.notices).toEqual([{ type: 'push.notice', notice: 'unsubscribeFailed', kind: 'error' }]);
    expect(t.view()).toMatchObject({ switchState: 'on', noticeId: 'push.notice.unsubscribe_failed' });
  });

  it('the switch is unavailable where push cannot work: unsupported, denied, before the check', async () => {
    expect(start().view().switchState).toBe('unavailable');
    const unsupported = start({ environment: { ...desktop, supported: false } });
    await unsupported.checked();
    expect(unsupported.view().switchState).toBe('unavailable');
    const denied = start({ environment: { ...desktop, permission: 'denied' } });
    await denied.checked();
    expect(denied.view().switchState).toBe('unavailable');
    const offered = start();
    await offered.checked();
    expect(offered.view().switchState).toBe('off');
  });
});
