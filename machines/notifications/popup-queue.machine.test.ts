import { describe, expect, it } from 'vitest';
import { createMachine, fromCallback, type EventObject } from 'xstate';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectPopups } from './notifications.connect';
import type { Popup } from './notifications.types';
import {
  POPUP_LIFETIME_MS,
  POPUP_MAX_VISIBLE,
  POPUP_NEXT_DELAY_MS,
  POPUP_RECHECK_MS,
  popupQueueMachine,
  recheck,
} from './popup-queue.machine';

const popup = (id: number, extra: Partial<Popup> = {}): Popup => ({
  id,
  title: `Título ${id}`,
  message: `Mensagem ${id}`,
  global: false,
  pinned: false,
  ...extra,
});

function start() {
  let report: ((e: EventObject) => void) | undefined;
  const visibility = fromCallback<EventObject>(({ sendBack }) => {
    report = sendBack;
  });
  const { actor, clock } = createTestActor(popupQueueMachine.provide({ actors: { pageVisibility: visibility } }), {
    input: {},
  });
  const shown = () => actor.getSnapshot().context.shown.map((s) => s.popup.id);
  const waiting = () => actor.getSnapshot().context.waiting.map((p) => p.id);
  // The simulated clock fires one timer per increment: a re-check a second.
  const seconds = (n: number) => {
    for (let i = 0; i < n; i++) clock.increment(1000);
  };
  return { actor, clock, shown, waiting, seconds, page: (e: EventObject) => report?.(e) };
}

describe('pop-up queue: generated paths', () => {
  it('reaches every state and no path fails', () => {
    const result = reachability(popupQueueMachine, {
      input: {},
      events: [
        { type: 'popups.enqueue', popup: popup(1) },
        { type: 'popups.close', id: 1 },
        { type: 'popups.pageHidden' },
        { type: 'popups.pageVisible' },
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('pop-up queue: §9 constants', () => {
  it('holds 3 at a time, re-checks every 1 s, 20 s each, the next 5 s after a close', () => {
    expect([POPUP_MAX_VISIBLE, POPUP_RECHECK_MS, POPUP_LIFETIME_MS, POPUP_NEXT_DELAY_MS]).toEqual([
      3, 1000, 20_000, 5000,
    ]);
  });
});

describe('pop-up queue: stories (§4 Notifications, §9)', () => {
  it('is idle with nothing to show, and shows the first one at the next re-check (1 s)', () => {
    const { actor, shown, clock } = start();
    expect(actor.getSnapshot().matches({ queue: 'idle', page: 'visible' })).toBe(true);
    actor.send({ type: 'popups.enqueue', popup: popup(1) });
    expect(actor.getSnapshot().matches({ queue: { active: 'ticking' } })).toBe(true);
    clock.increment(999);
    expect(shown()).toEqual([]);
    clock.increment(1);
    expect(shown()).toEqual([1]);
  });

  it('six at once: 3 on screen (one a second), the others wait in order; each leaves 20 s after it was shown', () => {
    const { actor, shown, waiting, seconds } = start();
    for (let id = 1; id <= 6; id++) actor.send({ type: 'popups.enqueue', popup: popup(id) });
    seconds(1);
    expect(shown()).toEqual([1]);
    seconds(2);
    expect(shown()).toEqual([1, 2, 3]);
    expect(waiting()).toEqual([4, 5, 6]);
    seconds(10);
    expect(shown()).toEqual([1, 2, 3]);
    // t = 21: the first was shown at t = 1.
    seconds(8);
    expect(shown()).toEqual([2, 3]);
    seconds(2);
    expect(shown()).toEqual([]);
    // Closed by time at t = 23: the next opens 5 s later (t = 28), then one a second.
    seconds(4);
    expect(shown()).toEqual([]);
    seconds(1);
    expect(shown()).toEqual([4]);
    seconds(2);
    expect(shown()).toEqual([4, 5, 6]);
    expect(waiting()).toEqual([]);
  });

  it('a pinned one stays until the player closes it; the others come and go around it', () => {
    const { actor, shown, seconds } = start();
    actor.send({ type: 'popups.enqueue', popup: popup(1, { pinned: true }) });
    actor.send({ type: 'popups.enqueue', popup: popup(2) });
    seconds(2);
    expect(shown()).toEqual([1, 2]);
    seconds(60);
    expect(shown()).toEqual([1]);
    seconds(600);
    expect(shown()).toEqual([1]);
    actor.send({ type: 'popups.close', id: 1 });
    expect(shown()).toEqual([]);
    // The 5 s after a close run out, then the queue has nothing left: idle.
    seconds(6);
    expect(actor.getSnapshot().matches({ queue: 'idle' })).toBe(true);
  });

  it('the next opens 5 s (counted from the next re-check) after the player closes one', () => {
    const { actor, shown, clock, seconds } = start();
    for (let id = 1; id <= 4; id++) actor.send({ type: 'popups.enqueue', popup: popup(id) });
    seconds(3);
    expect(shown()).toEqual([1, 2, 3]);
    clock.increment(400);
    actor.send({ type: 'popups.close', id: 2 });
    expect(shown()).toEqual([1, 3]);
    // Closed at t = 3.4: not before t = 8.4; the re-check at t = 9 opens it.
    clock.increment(600);
    seconds(4);
    expect(shown()).toEqual([1, 3]);
    seconds(1);
    expect(shown()).toEqual([1, 3, 4]);
  });

  it('paused while the page is hidden: nothing opens and nothing ages; it goes on when the page is back', () => {
    const { actor, shown, waiting, seconds, page } = start();
    for (let id = 1; id <= 2; id++) actor.send({ type: 'popups.enqueue', popup: popup(id) });
    seconds(1);
    expect(shown()).toEqual([1]);
    page({ type: 'popups.pageHidden' });
    expect(actor.getSnapshot().matches({ page: 'hidden', queue: { active: 'paused' } })).toBe(true);
    seconds(120);
    expect(shown()).toEqual([1]);
    expect(waiting()).toEqual([2]);
    page({ type: 'popups.pageVisible' });
    expect(actor.getSnapshot().matches({ page: 'visible', queue: { active: 'ticking' } })).toBe(true);
    seconds(1);
    expect(shown()).toEqual([1, 2]);
    // Shown at t = 1 and hidden for 120 s: it leaves after 20 s of being visible.
    seconds(18);
    expect(shown()).toEqual([1, 2]);
    seconds(1);
    expect(shown()).toEqual([2]);
  });

  it('a hidden page stays paused when a notification arrives while idle', () => {
    const { actor, shown, seconds, page } = start();
    page({ type: 'popups.pageHidden' });
    actor.send({ type: 'popups.enqueue', popup: popup(9) });
    expect(actor.getSnapshot().matches({ queue: { active: 'paused' } })).toBe(true);
    seconds(5);
    expect(shown()).toEqual([]);
  });

  it('a notification pops up once, however often it is queued', () => {
    const { actor, shown, waiting, seconds } = start();
    actor.send({ type: 'popups.enqueue', popup: popup(1) });
    actor.send({ type: 'popups.enqueue', popup: popup(1) });
    expect(waiting()).toEqual([1]);
    seconds(25);
    expect(actor.getSnapshot().matches({ queue: 'active' })).toBe(true);
    seconds(5);
    expect(actor.getSnapshot().matches({ queue: 'idle' })).toBe(true);
    actor.send({ type: 'popups.enqueue', popup: popup(1) });
    expect(actor.getSnapshot().matches({ queue: 'idle' })).toBe(true);
    expect(shown()).toEqual([]);
  });

  it('closing one still waiting drops it without a pause; closing an unknown id changes nothing', () => {
    const { actor, shown, waiting, seconds } = start();
    for (let id = 1; id <= 4; id++) actor.send({ type: 'popups.enqueue', popup: popup(id) });
    actor.send({ type: 'popups.close', id: 3 });
    actor.send({ type: 'popups.close', id: 99 });
    expect(waiting()).toEqual([1, 2, 4]);
    seconds(3);
    expect(shown()).toEqual([1, 2, 4]);
    expect(actor.getSnapshot().context.gapMs).toBe(0);
  });

  it('opening one closes it and hands it to the notification centre (read; the chat for a global one)', () => {
    const received: EventObject[] = [];
    const centre = createMachine({ on: { '*': { actions: ({ event }) => received.push(event) } } });
    const { actor: host } = createTestActor(
      createMachine({
        invoke: [
          { id: 'notifications', systemId: 'notifications', src: centre },
          { id: 'popups', systemId: 'popups', src: popupQueueMachine, input: {} },
        ],
      }),
    );
    const popups = host.system.get('popups')!;
    popups.send({ type: 'popups.enqueue', popup: popup(5, { global: true }) });
    // The queue alone (no centre in the system) ignores it quietly.
    const { actor: alone } = start();
    alone.send({ type: 'popups.enqueue', popup: popup(5) });
    alone.send({ type: 'popups.open', id: 5 });
    expect(alone.getSnapshot().context.waiting).toEqual([]);
    popups.send({ type: 'popups.open', id: 5 });
    expect(received).toEqual([{ type: 'notifications.open', id: 5 }]);
  });

  it('keeps at most 50 waiting (the oldest dropped)', () => {
    const { actor, waiting } = start();
    for (let id = 1; id <= 55; id++) actor.send({ type: 'popups.enqueue', popup: popup(id) });
    expect(waiting()).toHaveLength(50);
    expect(waiting()[0]).toBe(6);
  });

  it('recheck(): a pure step, for the arithmetic', () => {
    const base = {
      maxVisible: 3,
      waiting: [popup(2)],
      shown: [{ popup: popup(1), remainingMs: 1000 }],
      gapMs: 0,
      seen: [],
    };
    expect(recheck(base, 1000, 20_000, 5000)).toEqual({ gapMs: 5000, shown: [], waiting: [popup(2)] });
    expect(recheck({ ...base, shown: [] }, 1000, 20_000, 5000)).toEqual({
      gapMs: 0,
      shown: [{ popup: popup(2), remainingMs: 20_000 }],
      waiting: [],
    });
  });
});

describe('connectPopups', () => {
  it('renders the shown pop-ups as text, oldest first, with close and open events and their pinned mark', () => {
    const { actor, seconds } = start();
    actor.send({ type: 'popups.enqueue', popup: popup(1, { title: '<img src=x onerror=alert(1)>', pinned: true }) });
    seconds(1);
    const vm = connectPopups(actor.getSnapshot());
    expect(vm.popups).toEqual([
      {
        id: 1,
        title: '<img src=x onerror=alert(1)>',
        message: 'Mensagem 1',
        global: false,
        pinned: true,
        close: { type: 'popups.close', id: 1 },
        open: { type: 'popups.open', id: 1 },
      },
    ]);
    expect(vm.hasPopups).toBe(true);
  });
});
