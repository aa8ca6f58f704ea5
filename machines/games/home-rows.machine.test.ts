import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { homeRowsMachine } from './home-rows.machine';
import type { HomeGameRow, HomeRowsInput } from './home-rows.types';
import { controllableCalls, flush, gameOf } from './calls.fixture';

const row = (slug: string, games = [gameOf(1)]): HomeGameRow => ({
  kind: 'category',
  slug,
  title: slug,
  link: `/casino/category/${slug}`,
  total: games.length,
  games,
});

function start(input: HomeRowsInput = { locale: 'pt' }) {
  const fetchRows = controllableCalls<HomeGameRow[], HomeRowsInput>();
  const { actor } = createTestActor(homeRowsMachine.provide({ actors: { fetchRows: fetchRows.logic as never } }), {
    input,
  });
  return { actor, fetchRows };
}

describe('home rows: generated paths', () => {
  it('reaches every state and no path fails', () => {
    const result = reachability(homeRowsMachine.provide({ actors: { fetchRows: pending() as never } }), {
      inputs: [{ locale: 'pt' }],
      events: [
        { type: 'xstate.done.actor.fetchRows', output: [] } as never,
        { type: 'xstate.error.actor.fetchRows', error: { status: 500 } } as never,
        { type: 'homeRows.retry' },
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('home rows: stories', () => {
  it('asks for the rows in the page language and shows those with games', async () => {
    const { actor, fetchRows } = start({ locale: 'en' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fetchRows.last.input).toEqual({ locale: 'en' });
    fetchRows.last.resolve([row('slots'), row('empty', [])]);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.rows.map((r) => r.slug)).toEqual(['slots']);
  });

  it('a failure keeps its kind and a retry asks again', async () => {
    const { actor, fetchRows } = start();
    fetchRows.last.reject({ status: 503 });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.kind).toBe('maintenance');
    actor.send({ type: 'homeRows.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fetchRows.calls).toHaveLength(2);
    fetchRows.last.resolve([row('crash')]);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ error: null, rows: [{ slug: 'crash' }] });
  });
});
