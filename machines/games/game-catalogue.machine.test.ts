import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { GAMES_PAGE_SIZE, SEARCH_DEBOUNCE_MS, gameCatalogueMachine } from './game-catalogue.machine';
import type { CatalogueEmitted, CatalogueInput, FetchGamesInput, GameFilter, GamesPage } from './game-catalogue.types';
import { EMPTY_FILTER } from './game-filter';
import { controllableCalls, flush, gameOf } from './calls.fixture';

const pageOf = (page: number, lastPage = 3, ids = [page * 100 + 1, page * 100 + 2]): GamesPage => ({
  data: ids.map((id) => gameOf(id)),
  current_page: page,
  last_page: lastPage,
  total: lastPage * ids.length,
});
const emptyPage: GamesPage = { data: [], current_page: 1, last_page: 1, total: 0 };
const ids = (games: Array<{ game_id: number }>) => games.map((g) => g.game_id);

function start(input: CatalogueInput = {}) {
  const fetch = controllableCalls<GamesPage, FetchGamesInput>();
  const { actor, clock } = createTestActor(
    gameCatalogueMachine.provide({ actors: { fetchGames: fetch.logic as never } }),
    { input },
  );
  const applied: CatalogueEmitted[] = [];
  actor.on('catalogue.filterApplied', (e) => applied.push(e));
  return { actor, clock, fetch, applied };
}

/** Started, page 1 answered: `ready.shown` with games 101 and 102 of 3 pages. */
async function shown(input: CatalogueInput = {}) {
  const started = start(input);
  started.fetch.last.resolve(pageOf(1));
  await flush();
  expect(started.actor.getSnapshot().value).toEqual({ ready: 'shown' });
  return started;
}

describe('game catalogue: generated paths', () => {
  it('reaches every state (debouncing, ready.shown, ready.empty, loadingMore, both failures) and no path fails', () => {
    const machine = gameCatalogueMachine.provide({ actors: { fetchGames: pending() as never } });
    const done = (output: GamesPage) => ({ type: 'xstate.done.actor.fetchGames', output }) as never;
    const result = reachability(machine, {
      input: {},
      events: [
        done(pageOf(1)),
        done(emptyPage),
        { type: 'xstate.error.actor.fetchGames', error: { status: 500 } } as never,
        { type: 'catalogue.filterChanged', filter: { searchTerm: 'fortuna' } },
        { type: 'catalogue.filterRestored', filter: { ...EMPTY_FILTER, provider: 'pgsoft' } },
        { type: 'catalogue.loadMore' },
        { type: 'catalogue.retry' },
      ],
      serializeState: (s) => JSON.stringify([s.value, s.context.page]),
    });
    expect(result.unreached).toEqual([]);
    expect(result.staleExceptions).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('game catalogue: stories', () => {
  it('loads page 1 of the filter of the URL, 24 a page, the search term as typed but trimmed', async () => {
    const { actor, fetch } = start({ filter: { searchTerm: ' fortuna ', provider: 'pgsoft', category: '../x' } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fetch.calls.map((c) => c.input)).toEqual([
      {
        filter: { ...EMPTY_FILTER, searchTerm: 'fortuna', provider: 'pgsoft' },
        page: 1,
        pageSize: GAMES_PAGE_SIZE,
      },
    ]);
    // The malformed category of the link is dropped; the box keeps the text as typed.
    expect(actor.getSnapshot().context.filter).toEqual({
      ...EMPTY_FILTER,
      searchTerm: ' fortuna ',
      provider: 'pgsoft',
    });
    fetch.last.resolve(pageOf(1));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'shown' });
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, lastPage: 3, total: 6, error: null });
    expect(ids(actor.getSnapshot().context.games)).toEqual([101, 102]);
  });

  it('takes the page size from its input', () => {
    const { fetch } = start({ pageSize: 12 });
    expect(fetch.last.input.pageSize).toBe(12);
  });

  it('no game matching is the empty state', async () => {
    const { actor, fetch } = start({ filter: { searchTerm: 'zzzz' } });
    fetch.last.resolve(emptyPage);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'empty' });
    actor.send({ type: 'catalogue.loadMore' });
    expect(fetch.calls).toHaveLength(1);
  });

  it('loads more a page at a time, adds its games (without repeats), and stops at the last page', async () => {
    const { actor, fetch } = await shown();
    actor.send({ type: 'catalogue.loadMore' });
    expect(actor.getSnapshot().value).toBe('loadingMore');
    expect(fetch.last.input.page).toBe(2);
    // A second tap while it loads sends nothing more.
    actor.send({ type: 'catalogue.loadMore' });
    expect(fetch.calls).toHaveLength(2);
    // A game that moved to the next page while scrolling (102) is listed once.
    fetch.last.resolve(pageOf(2, 3, [102, 201, 202]));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'shown' });
    expect(ids(actor.getSnapshot().context.games)).toEqual([101, 102, 201, 202]);
    actor.send({ type: 'catalogue.loadMore' });
    fetch.last.resolve(pageOf(3));
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ page: 3, lastPage: 3 });
    actor.send({ type: 'catalogue.loadMore' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'shown' });
    expect(fetch.calls.map((c) => c.input.page)).toEqual([1, 2, 3]);
  });

  it('typing waits 300 ms after the last keystroke, then searches from page 1 and announces the filter for the URL', async () => {
    const { actor, clock, fetch, applied } = await shown();
    actor.send({ type: 'catalogue.loadMore' });
    fetch.last.resolve(pageOf(2));
    await flush();
    actor.send({ type: 'catalogue.filterChanged', filter: { searchTerm: 'f' } });
    expect(actor.getSnapshot().value).toBe('debouncing');
    // The games of the previous search stay while the player types.
    expect(actor.getSnapshot().context.games).toHaveLength(4);
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'catalogue.filterChanged', filter: { searchTerm: 'fo' } });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'catalogue.filterChanged', filter: { searchTerm: 'for' } });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    expect(actor.getSnapshot().value).toBe('debouncing');
    expect(fetch.calls).toHaveLength(2);
    expect(applied).toEqual([]);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fetch.calls).toHaveLength(3);
    expect(fetch.last.input).toEqual({
      filter: { ...EMPTY_FILTER, searchTerm: 'for' },
      page: 1,
      pageSize: GAMES_PAGE_SIZE,
    });
    expect(applied).toEqual([{ type: 'catalogue.filterApplied', filter: { ...EMPTY_FILTER, searchTerm: 'for' } }]);
    expect(actor.getSnapshot().context).toMatchObject({ games: [], page: 0 });
    fetch.last.resolve(pageOf(1, 1, [7]));
    await flush();
    expect(ids(actor.getSnapshot().context.games)).toEqual([7]);
  });

  it('a chip changes one field and keeps the others; a change that changes nothing is ignored', async () => {
    const { actor, clock, fetch } = await shown({ filter: { searchTerm: 'fortuna' } });
    actor.send({ type: 'catalogue.filterChanged', filter: { searchTerm: 'fortuna', provider: undefined } });
    expect(actor.getSnapshot().value).toEqual({ ready: 'shown' });
    actor.send({ type: 'catalogue.filterChanged', filter: { provider: 'pgsoft', bonuses: true } });
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(fetch.last.input.filter).toEqual({
      ...EMPTY_FILTER,
      searchTerm: 'fortuna',
      provider: 'pgsoft',
      bonuses: true,
    });
  });

  it('a 1,000-character search is clipped to 100', async () => {
    const { actor, clock, fetch } = await shown();
    actor.send({ type: 'catalogue.filterChanged', filter: { searchTerm: 'a'.repeat(1000) } });
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(fetch.last.input.filter.searchTerm).toHaveLength(100);
  });

  it('a change while page 1 loads cancels that request: its late answer never shows', async () => {
    const { actor, clock, fetch } = start();
    const first = fetch.last;
    actor.send({ type: 'catalogue.filterChanged', filter: { category: 'crash' } });
    expect(first.signal.aborted).toBe(true);
    first.resolve(pageOf(1, 1, [999]));
    await flush();
    expect(actor.getSnapshot().value).toBe('debouncing');
    expect(actor.getSnapshot().context.games).toEqual([]);
    clock.increment(SEARCH_DEBOUNCE_MS);
    fetch.last.resolve(pageOf(1, 1, [5]));
    await flush();
    expect(ids(actor.getSnapshot().context.games)).toEqual([5]);
  });

  it('a change while the next page loads cancels it too', async () => {
    const { actor, fetch } = await shown();
    actor.send({ type: 'catalogue.loadMore' });
    const more = fetch.last;
    actor.send({ type: 'catalogue.filterChanged', filter: { searchTerm: 'x' } });
    expect(more.signal.aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('debouncing');
  });

  it('a filter restored from the URL (back button) loads at once, without the pause and without announcing it', async () => {
    const { actor, fetch, applied } = await shown({ filter: { searchTerm: 'fortuna' } });
    actor.send({ type: 'catalogue.filterChanged', filter: { searchTerm: 'fortunat' } });
    const restored: GameFilter = { ...EMPTY_FILTER, provider: 'pgsoft' };
    actor.send({ type: 'catalogue.filterRestored', filter: restored });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context).toMatchObject({ filter: restored, applied: restored });
    expect(fetch.last.input.filter).toEqual(restored);
    // Restored again while it loads (a second back): the first request is cancelled.
    const inFlight = fetch.last;
    actor.send({ type: 'catalogue.filterRestored', filter: EMPTY_FILTER });
    expect(inFlight.signal.aborted).toBe(true);
    expect(fetch.calls).toHaveLength(3);
    fetch.last.resolve(pageOf(1));
    await flush();
    expect(applied).toEqual([]);
  });

  it("the screen's own URL write, coming back as the same filter, changes nothing", async () => {
    const { actor, clock, fetch, applied } = await shown();
    actor.send({ type: 'catalogue.filterChanged', filter: { searchTerm: 'mines' } });
    clock.increment(SEARCH_DEBOUNCE_MS);
    const [{ filter }] = applied as [CatalogueEmitted];
    actor.send({ type: 'catalogue.filterRestored', filter });
    expect(fetch.calls).toHaveLength(2);
    expect(fetch.last.signal.aborted).toBe(false);
  });

  it('a failed first page shows the error kind with a retry', async () => {
    const { actor, fetch } = start();
    fetch.last.reject({ status: 0 });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ failed: 'firstPage' });
    expect(actor.getSnapshot().context.error).toEqual({
      kind: 'network',
      status: 0,
      messageId: 'error_messages.network',
    });
    actor.send({ type: 'catalogue.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
    fetch.last.resolve(pageOf(1));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'shown' });
  });

  it('a failed next page keeps the games; the retry loads that page again', async () => {
    const { actor, fetch } = await shown();
    actor.send({ type: 'catalogue.loadMore' });
    fetch.last.reject({ status: 503 });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ failed: 'nextPage' });
    expect(actor.getSnapshot().context.error?.kind).toBe('maintenance');
    expect(ids(actor.getSnapshot().context.games)).toEqual([101, 102]);
    actor.send({ type: 'catalogue.retry' });
    expect(actor.getSnapshot().value).toBe('loadingMore');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(fetch.last.input.page).toBe(2);
    fetch.last.resolve(pageOf(2));
    await flush();
    expect(ids(actor.getSnapshot().context.games)).toEqual([101, 102, 201, 202]);
  });

  it('a new filter after a failure searches again', async () => {
    const { actor, clock, fetch } = start();
    fetch.last.reject({ status: 500 });
    await flush();
    actor.send({ type: 'catalogue.filterChanged', filter: { type: 'live' } });
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fetch.last.input.filter.type).toBe('live');
  });

  it('fails loudly (failed, unexpected) when fetchGames is not supplied', async () => {
    const { actor } = createTestActor(gameCatalogueMachine, { input: {} });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ failed: 'firstPage' });
    expect(actor.getSnapshot().context.error?.kind).toBe('unexpected');
  });
});
