import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { sportsLaunchMachine } from './sports-launch.machine';
import type { LaunchSportInput, SportLaunch, SportsLaunchInput } from './sports-launch.types';
import { controllableCalls, flush } from './calls.fixture';

const player: SportsLaunchInput = { signedIn: true, guestViewAllowed: false, hasSports: true };
const guest: SportsLaunchInput = { ...player, signedIn: false };

function start(input: SportsLaunchInput) {
  const launch = controllableCalls<SportLaunch, LaunchSportInput>();
  const { actor } = createTestActor(sportsLaunchMachine.provide({ actors: { launchSport: launch.logic as never } }), {
    input,
  });
  return { actor, launch };
}

describe('sports launch: generated paths', () => {
  it('reaches every state from the brand settings and the session, and no path fails', () => {
    const result = reachability(sportsLaunchMachine.provide({ actors: { launchSport: pending() as never } }), {
      inputs: [player, guest, { ...player, hasSports: false }],
      events: [
        { type: 'xstate.done.actor.launchSport', output: { url: 'https://sports.test/' } } as never,
        { type: 'xstate.error.actor.launchSport', error: { status: 500 } } as never,
        { type: 'sports.retry' },
        { type: 'sports.sessionChanged', signedIn: true },
        { type: 'sports.sessionChanged', signedIn: false },
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('sports launch: stories', () => {
  it('a player gets the sportsbook in its iframe', async () => {
    const { actor, launch } = start(player);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(launch.last.input).toEqual({ signedIn: true });
    launch.last.resolve({ url: 'https://sports.test/?t=1' });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.url).toBe('https://sports.test/?t=1');
  });

  it('hasSports off hides it all, whoever signs in', () => {
    const { actor, launch } = start({ ...player, hasSports: false });
    expect(actor.getSnapshot().value).toBe('hidden');
    actor.send({ type: 'sports.sessionChanged', signedIn: false });
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(launch.calls).toEqual([]);
  });

  it('a guest is asked to sign in where the brand allows no guest view, and gets the sportsbook once signed in', async () => {
    const { actor, launch } = start(guest);
    expect(actor.getSnapshot().value).toBe('signInRequired');
    expect(launch.calls).toEqual([]);
    actor.send({ type: 'sports.sessionChanged', signedIn: true });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(launch.last.input).toEqual({ signedIn: true });
  });

  it('a guest the platform refuses (401) is asked to sign in, not shown a failure; other refusals fail', async () => {
    const { actor, launch } = start({ ...guest, guestViewAllowed: true });
    launch.last.reject({ status: 401, body: { message: 'Entre para ver as apostas esportivas.' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('signInRequired');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'sports.sessionChanged', signedIn: true });
    expect(launch.last.input).toEqual({ signedIn: true });
    // A player's 401 is the session's business (it signs out): the page shows the failure meanwhile.
    launch.last.reject({ status: 401 });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    const other = start({ ...guest, guestViewAllowed: true });
    other.launch.last.reject({ status: 403 });
    await flush();
    expect(other.actor.getSnapshot().value).toBe('failed');
  });

  it('a guest sees the guest view where the brand allows it', () => {
    const { actor, launch } = start({ ...guest, guestViewAllowed: true });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(launch.last.input).toEqual({ signedIn: false });
  });

  it('signing out relaunches (the URL belonged to the session); the same session again changes nothing', async () => {
    const { actor, launch } = start({ ...player, guestViewAllowed: true });
    launch.last.resolve({ url: 'https://sports.test/?t=player' });
    await flush();
    actor.send({ type: 'sports.sessionChanged', signedIn: true });
    expect(launch.calls).toHaveLength(1);
    actor.send({ type: 'sports.sessionChanged', signedIn: false });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.url).toBeNull();
    expect(launch.last.input).toEqual({ signedIn: false });
  });

  it('a failure or an answer without URL can be retried', async () => {
    const { actor, launch } = start(player);
    launch.last.reject({ status: 503 });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.kind).toBe('maintenance');
    actor.send({ type: 'sports.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    launch.last.resolve({ url: '' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.kind).toBe('invalidAnswer');
    actor.send({ type: 'sports.retry' });
    launch.last.resolve({ url: 'https://sports.test/' });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
