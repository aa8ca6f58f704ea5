import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type PromiseActorLogic } from 'xstate';
import type { FetchGamesInput, GamesPage } from '../../../machines/games/game-catalogue.types';
import { EMPTY_FILTER } from '../../../machines/games/game-filter';
import { createApiClient } from '../../lib/api/client';
import { createMemoryStorage } from '../../lib/storage';
import { earlyGamesPage } from './early-page';
import { createLobbyFlows } from './lobby-flows';

const page = (n: number) => ({
  data: [],
  current_page: n,
  last_page: 3,
  per_page: 24,
  total: 60,
});

/** A client whose every GET casinos/games is recorded and answered with page 1 (or fails, when told). */
function client(options: { failing?: boolean } = {}) {
  const asked: string[] = [];
  const api = createApiClient({
    baseUrl: 'http://platform.test/api',
    storage: createMemoryStorage(),
    sleep: () => Promise.resolve(),
    retry: { maxAttempts: 1 },
    fetch: async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(`${url.pathname}${url.search}`);
      if (options.failing) throw new TypeError('offline');
      return new Response(JSON.stringify(page(Number(url.searchParams.get('page')))), {
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
  return { api, asked };
}

/** Runs the lobby's fetch of one page (the catalogue's `fetchGames`) on its own. */
const fetchPage = async (lobby: ReturnType<typeof createLobbyFlows>, filter = EMPTY_FILTER, n = 1) => {
  const fetchGames = lobby.catalogue.implementations.actors.fetchGames as PromiseActorLogic<GamesPage, FetchGamesInput>;
  return toPromise(createActor(fetchGames, { input: { filter, page: n, pageSize: 24 } }).start());
};

describe("the lobby's first page, asked for beside its code", () => {
  it('is asked once: the catalogue takes the early answer for the same query, then asks for itself', async () => {
    const { api, asked } = client();
    const early = earlyGamesPage(api);
    const filter = { ...EMPTY_FILTER, category: 'slots', searchTerm: ' fortuna ' };
    early.start(filter);
    const lobby = createLobbyFlows(api, early);
    // The catalogue normalises the same filter: the query is the same, so nothing more is asked.
    await expect(
      fetchPage(lobby, { ...EMPTY_FILTER, category: 'slots', searchTerm: 'fortuna' }),
    ).resolves.toMatchObject({ current_page: 1, last_page: 3, total: 60 });
    expect(asked).toEqual(['/api/casinos/games?page=1&searchTerm=fortuna&category=slots']);
    // Taken once: the retry of the same page asks again.
    await fetchPage(lobby, { ...EMPTY_FILTER, category: 'slots', searchTerm: 'fortuna' });
    expect(asked).toHaveLength(2);
  });

  it('is not taken by another query (another filter or page), which asks for itself', async () => {
    const { api, asked } = client();
    const early = earlyGamesPage(api);
    early.start({ ...EMPTY_FILTER, provider: 'aurora' });
    const lobby = createLobbyFlows(api, early);
    await fetchPage(lobby, { ...EMPTY_FILTER, provider: 'aurora' }, 2);
    await fetchPage(lobby, EMPTY_FILTER);
    expect(asked).toEqual([
      '/api/casinos/games?page=1&provider=aurora',
      '/api/casinos/games?page=2&provider=aurora',
      '/api/casinos/games?page=1',
    ]);
    // The early answer is still there for its own query.
    await fetchPage(lobby, { ...EMPTY_FILTER, provider: 'aurora' });
    expect(asked).toHaveLength(3);
  });

  it('forgets an early page not taken when another is asked for', async () => {
    const { api, asked } = client();
    const early = earlyGamesPage(api);
    early.start({ ...EMPTY_FILTER, type: 'tables' });
    early.start(EMPTY_FILTER);
    const lobby = createLobbyFlows(api, early);
    await fetchPage(lobby, { ...EMPTY_FILTER, type: 'tables' });
    expect(asked).toEqual([
      '/api/casinos/games?page=1&type=tables',
      '/api/casinos/games?page=1',
      '/api/casinos/games?page=1&type=tables',
    ]);
  });

  it("a failed early call is the catalogue's error when taken, and nobody's when not", async () => {
    const { api } = client({ failing: true });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const early = earlyGamesPage(api);
      early.start(EMPTY_FILTER);
      await expect(fetchPage(createLobbyFlows(api, early))).rejects.toBeDefined();
      early.start({ ...EMPTY_FILTER, bonuses: true });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
