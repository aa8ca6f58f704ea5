import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { gamePageMachine } from './game-page.machine';
import type {
  FetchGameInput,
  FetchLaunchUrlInput,
  FetchRelatedInput,
  Game,
  GameLaunch,
  GamePageEmitted,
  GamePageInput,
} from './game-page.types';
import { controllableCalls, flush, gameOf } from './calls.fixture';

const route = { provider: 'pragmatic', gamecode: 'game-7' };
const guest: GamePageInput = { ...route, signedIn: false };
const ana: GamePageInput = { ...route, signedIn: true };
const game = gameOf(7, { category_slug: 'crash' });
/** POST /games/url on a regulated brand for a game under the 85% minimum (Portaria SPA/MF 1.207/2024). */
const RTP_REFUSAL = {
  status: 403,
  messages: [{ text: 'Este jogo não pode ser oferecido neste site.' }],
  body: { code: 'RTP_BELOW_MINIMUM', rtp_bp: 7541, min_rtp_bp: 8500 },
};
const launchOf = (mode: 'demo' | 'real', url = `https://games.test/${mode}?t=abc`): GameLaunch => ({
  url,
  mode,
  expires_at: '2026-01-01T00:05:00Z',
});

function start(input: GamePageInput) {
  const fetchGame = controllableCalls<Game | null, FetchGameInput>();
  const fetchLaunchUrl = controllableCalls<GameLaunch, FetchLaunchUrlInput>();
  const fetchRelated = controllableCalls<Game[], FetchRelatedInput>();
  const { actor } = createTestActor(
    gamePageMachine.provide({
      actors: {
        fetchGame: fetchGame.logic as never,
        fetchLaunchUrl: fetchLaunchUrl.logic as never,
        fetchRelated: fetchRelated.logic as never,
      },
    }),
    { input },
  );
  const reported: GamePageEmitted[] = [];
  actor.on('game.balanceReported', (e) => reported.push(e));
  const launchState = () => (actor.getSnapshot().value as { ready?: { launch: string } }).ready?.launch;
  const relatedState = () => (actor.getSnapshot().value as { ready?: { related: string } }).ready?.related;
  return { actor, fetchGame, fetchLaunchUrl, fetchRelated, reported, launchState, relatedState };
}

/** The game answered; the launch (in the mode asked) is in flight. */
async function loaded(input: GamePageInput, theGame: Game = game) {
  const started = start(input);
  started.fetchGame.last.resolve(theGame);
  await flush();
  expect(started.launchState()).toBe('launching');
  return started;
}

/** Playing in the mode the launch asked for. */
async function playing(input: GamePageInput, theGame: Game = game) {
  const started = await loaded(input, theGame);
  started.fetchLaunchUrl.last.resolve(launchOf(started.fetchLaunchUrl.last.input.mode));
  await flush();
  expect(started.launchState()).toBe('playing');
  return started;
}

describe('game page: generated paths', () => {
  it('reaches every state of both regions and no path fails', () => {
    const machine = gamePageMachine.provide({
      actors: { fetchGame: pending() as never, fetchLaunchUrl: pending() as never, fetchRelated: pending() as never },
    });
    const result = reachability(machine, {
      inputs: [ana, { provider: 'bad slug!', gamecode: 'x', signedIn: false }],
      events: [
        { type: 'xstate.done.actor.fetchGame', output: game } as never,
        { type: 'xstate.error.actor.fetchGame', error: { status: 500 } } as never,
        { type: 'xstate.done.actor.fetchLaunchUrl', output: launchOf('real') } as never,
        { type: 'xstate.error.actor.fetchLaunchUrl', error: { status: 503 } } as never,
        { type: 'xstate.error.actor.fetchLaunchUrl', error: RTP_REFUSAL } as never,
        { type: 'xstate.done.actor.fetchRelated', output: [gameOf(8)] } as never,
        { type: 'xstate.error.actor.fetchRelated', error: { status: 500 } } as never,
        { type: 'game.retry' },
        { type: 'game.reload' },
        { type: 'game.switchMode', mode: 'demo' },
        { type: 'game.sessionChanged', signedIn: false },
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('game page: stories', () => {
  it('a guest plays in demo; related games load beside it; a demo round never reaches the balance', async () => {
    const { actor, fetchGame, fetchLaunchUrl, fetchRelated, reported, launchState, relatedState } = start(guest);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fetchGame.last.input).toEqual(route);
    fetchGame.last.resolve(game);
    await flush();
    expect(actor.getSnapshot().context.game).toEqual(game);
    expect(fetchLaunchUrl.last.input).toEqual({ gameId: 7, mode: 'demo' });
    expect(fetchRelated.last.input).toEqual({ gameId: 7, provider: 'pragmatic', category: 'crash' });
    // The related games answer first: the game itself is left out of them.
    fetchRelated.last.resolve([gameOf(8), game, gameOf(9)]);
    await flush();
    expect(relatedState()).toBe('shown');
    expect(actor.getSnapshot().context.related.map((g) => g.game_id)).toEqual([8, 9]);
    expect(launchState()).toBe('launching');
    fetchLaunchUrl.last.resolve(launchOf('demo'));
    await flush();
    expect(launchState()).toBe('playing');
    expect(actor.getSnapshot().context).toMatchObject({ mode: 'demo', launch: launchOf('demo') });
    actor.send({ type: 'game.roundSettled', balance: 99_999_00 });
    expect(reported).toEqual([]);
    // Play money never runs short of real funds.
    actor.send({ type: 'game.fundsShort' });
    expect(actor.getSnapshot().context.shortOfFunds).toBe(false);
  });

  it('a real bet refused for lack of funds offers a deposit until a round settles or the game is reloaded', async () => {
    const { actor } = await playing(ana);
    actor.send({ type: 'game.fundsShort' });
    expect(actor.getSnapshot().context.shortOfFunds).toBe(true);
    actor.send({ type: 'game.roundSettled', balance: 20_000 });
    expect(actor.getSnapshot().context.shortOfFunds).toBe(false);
    actor.send({ type: 'game.fundsShort' });
    actor.send({ type: 'game.reload' });
    expect(actor.getSnapshot().context.shortOfFunds).toBe(false);
  });

  it('a player plays for real, and each real round reports its balance (integer centavos only)', async () => {
    const { actor, fetchLaunchUrl, reported } = await playing(ana);
    expect(fetchLaunchUrl.calls.map((c) => c.input.mode)).toEqual(['real']);
    actor.send({ type: 'game.roundSettled', balance: 12_345 });
    actor.send({ type: 'game.roundSettled', balance: 12.5 });
    actor.send({ type: 'game.roundSettled', balance: -1 });
    actor.send({ type: 'game.roundSettled', balance: Number.NaN });
    actor.send({ type: 'game.roundSettled', balance: 12_000 });
    expect(reported).toEqual([
      { type: 'game.balanceReported', balance: 12_345 },
      { type: 'game.balanceReported', balance: 12_000 },
    ]);
  });

  it('a demo-only game is demo for a player too, and cannot be switched to real', async () => {
    const { actor, fetchLaunchUrl } = await playing(ana, gameOf(7, { only_demo: true }));
    expect(fetchLaunchUrl.last.input.mode).toBe('demo');
    actor.send({ type: 'game.switchMode', mode: 'real' });
    expect(fetchLaunchUrl.calls).toHaveLength(1);
  });

  it('a player may choose demo, and back to real; asking for the mode played changes nothing', async () => {
    const { actor, fetchLaunchUrl, launchState } = await playing(ana);
    actor.send({ type: 'game.switchMode', mode: 'real' });
    expect(fetchLaunchUrl.calls).toHaveLength(1);
    actor.send({ type: 'game.switchMode', mode: 'demo' });
    expect(launchState()).toBe('launching');
    expect(actor.getSnapshot().context.launch).toBeNull();
    expect(fetchLaunchUrl.last.input.mode).toBe('demo');
    fetchLaunchUrl.last.resolve(launchOf('demo'));
    await flush();
    actor.send({ type: 'game.switchMode', mode: 'real' });
    expect(fetchLaunchUrl.last.input.mode).toBe('real');
  });

  it('a guest cannot switch to real', async () => {
    const { actor, fetchLaunchUrl } = await playing(guest);
    actor.send({ type: 'game.switchMode', mode: 'real' });
    expect(fetchLaunchUrl.calls).toHaveLength(1);
  });

  it('signing in on the page relaunches for real, signing out relaunches in demo (the launch in flight is cancelled)', async () => {
    const { actor, fetchLaunchUrl, launchState } = await playing(guest);
    actor.send({ type: 'game.sessionChanged', signedIn: true });
    expect(launchState()).toBe('launching');
    expect(fetchLaunchUrl.last.input.mode).toBe('real');
    const inFlight = fetchLaunchUrl.last;
    actor.send({ type: 'game.sessionChanged', signedIn: false });
    expect(inFlight.signal.aborted).toBe(true);
    expect(fetchLaunchUrl.last.input.mode).toBe('demo');
    // The same session again changes nothing.
    actor.send({ type: 'game.sessionChanged', signedIn: false });
    expect(fetchLaunchUrl.calls).toHaveLength(3);
  });

  it("a player's demo choice is forgotten when the session changes", async () => {
    const { actor, fetchLaunchUrl } = await playing(ana);
    actor.send({ type: 'game.switchMode', mode: 'demo' });
    // The same session told again (a token refresh) keeps the choice and the game.
    actor.send({ type: 'game.sessionChanged', signedIn: true });
    expect(actor.getSnapshot().context.wantsDemo).toBe(true);
    fetchLaunchUrl.last.resolve(launchOf('demo'));
    await flush();
    actor.send({ type: 'game.reload' });
    expect(fetchLaunchUrl.last.input.mode).toBe('demo');
    actor.send({ type: 'game.sessionChanged', signedIn: false });
    actor.send({ type: 'game.sessionChanged', signedIn: true });
    expect(fetchLaunchUrl.last.input.mode).toBe('real');
  });

  it('a self-excluded player plays only in demo, and becoming self-excluded relaunches in demo', async () => {
    const excluded = await playing({ ...ana, selfExcluded: true });
    expect(excluded.fetchLaunchUrl.last.input.mode).toBe('demo');
    excluded.actor.send({ type: 'game.switchMode', mode: 'real' });
    expect(excluded.fetchLaunchUrl.calls).toHaveLength(1);

    const { actor, fetchLaunchUrl, reported } = await playing(ana);
    actor.send({ type: 'game.sessionChanged', signedIn: true, selfExcluded: true });
    expect(fetchLaunchUrl.last.input.mode).toBe('demo');
    fetchLaunchUrl.last.resolve(launchOf('demo'));
    await flush();
    actor.send({ type: 'game.roundSettled', balance: 100 });
    expect(reported).toEqual([]);
  });

  it('a session change before the game is known is noted, and the launch uses it', async () => {
    const { actor, fetchGame, fetchLaunchUrl } = start(guest);
    actor.send({ type: 'game.sessionChanged', signedIn: true });
    fetchGame.last.resolve(game);
    await flush();
    expect(fetchLaunchUrl.last.input.mode).toBe('real');
  });

  it('a 503 (or any failure to get a URL) is maintenance, with a retry', async () => {
    const { actor, fetchLaunchUrl, launchState } = await loaded(ana);
    fetchLaunchUrl.last.reject({ status: 503 });
    await flush();
    expect(launchState()).toBe('maintenance');
    expect(actor.getSnapshot().context.error).toEqual({
      kind: 'maintenance',
      status: 503,
      messageId: 'error_messages.503',
    });
    actor.send({ type: 'game.retry' });
    expect(launchState()).toBe('launching');
    expect(actor.getSnapshot().context.error).toBeNull();
    fetchLaunchUrl.last.resolve(launchOf('real', ''));
    await flush();
    expect(launchState()).toBe('maintenance');
    expect(actor.getSnapshot().context.error?.kind).toBe('invalidAnswer');
    actor.send({ type: 'game.retry' });
    fetchLaunchUrl.last.resolve(launchOf('real'));
    await flush();
    expect(launchState()).toBe('playing');
  });

  it('a regulated brand refusing a game under 85% RTP (403 RTP_BELOW_MINIMUM) is refused, not maintenance: no retry; a switch of mode asks again', async () => {
    const { actor, fetchLaunchUrl, launchState } = await loaded(ana);
    fetchLaunchUrl.last.reject(RTP_REFUSAL);
    await flush();
    expect(launchState()).toBe('refused');
    expect(actor.getSnapshot().context.error).toEqual({
      kind: 'rtpBelowMinimum',
      status: 403,
      messageId: 'error_messages.403',
    });
    expect(actor.getSnapshot().context.launch).toBeNull();
    // Nothing to retry: the same answer would come.
    actor.send({ type: 'game.retry' });
    expect(launchState()).toBe('refused');
    // Demo is refused too (the rule is about the game, not the money).
    actor.send({ type: 'game.switchMode', mode: 'demo' });
    expect(launchState()).toBe('launching');
    expect(fetchLaunchUrl.last.input.mode).toBe('demo');
    fetchLaunchUrl.last.reject(RTP_REFUSAL);
    await flush();
    expect(launchState()).toBe('refused');
  });

  it('a 403 that is neither self-exclusion nor the RTP minimum stays maintenance', async () => {
    const { actor, fetchLaunchUrl, launchState } = await loaded(ana);
    fetchLaunchUrl.last.reject({ status: 403, body: { code: 'SOMETHING_ELSE' } });
    await flush();
    expect(launchState()).toBe('maintenance');
    expect(actor.getSnapshot().context.error?.kind).toBe('refused');
  });

  it('reload asks for a fresh launch URL (its token is single-use)', async () => {
    const { actor, fetchLaunchUrl, launchState } = await playing(ana);
    actor.send({ type: 'game.reload' });
    expect(launchState()).toBe('launching');
    expect(fetchLaunchUrl.calls.map((c) => c.input)).toEqual([
      { gameId: 7, mode: 'real' },
      { gameId: 7, mode: 'real' },
    ]);
  });

  it('the server answering a demo launch to a real request plays demo: no balance reported', async () => {
    const { actor, fetchLaunchUrl, reported } = await loaded(ana);
    fetchLaunchUrl.last.resolve(launchOf('demo'));
    await flush();
    expect(actor.getSnapshot().context.mode).toBe('demo');
    actor.send({ type: 'game.roundSettled', balance: 100 });
    expect(reported).toEqual([]);
  });

  it('related games failing only hide their row; the game plays on', async () => {
    const { actor, fetchRelated, relatedState, launchState, fetchLaunchUrl } = await loaded(ana);
    fetchRelated.last.reject({ status: 500 });
    await flush();
    expect(relatedState()).toBe('hidden');
    expect(actor.getSnapshot().context.related).toEqual([]);
    fetchLaunchUrl.last.resolve(launchOf('real'));
    await flush();
    expect(launchState()).toBe('playing');
  });

  it('an unknown game is not found: the server says null or 404', async () => {
    const byNull = start(guest);
    byNull.fetchGame.last.resolve(null);
    await flush();
    expect(byNull.actor.getSnapshot().value).toBe('notFound');
    const by404 = start(guest);
    by404.fetchGame.last.reject({ status: 404 });
    await flush();
    expect(by404.actor.getSnapshot().value).toBe('notFound');
    expect(by404.fetchLaunchUrl.calls).toEqual([]);
  });

  it('a malformed slug (1,000 characters, markup) is not found without asking', () => {
    for (const bad of [{ gamecode: 'x'.repeat(1000) }, { provider: '<img src=x>' }, { gamecode: '' }]) {
      const { actor, fetchGame } = start({ ...guest, ...bad });
      expect(actor.getSnapshot().value).toBe('notFound');
      expect(fetchGame.calls).toEqual([]);
    }
  });

  it('a game that could not be loaded can be retried', async () => {
    const { actor, fetchGame } = start(ana);
    fetchGame.last.reject({ status: 0 });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.kind).toBe('network');
    actor.send({ type: 'game.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
    fetchGame.last.resolve(game);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: { launch: 'launching', related: 'loading' } });
  });

  it('fails loudly (failed, unexpected) when its actors are not supplied', async () => {
    const { actor } = createTestActor(gamePageMachine, { input: ana });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.kind).toBe('unexpected');
  });
});
