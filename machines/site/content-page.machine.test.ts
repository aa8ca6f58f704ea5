import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { pending, rejects, resolves } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectContentPage } from './content-page.connect';
import { contentPageMachine } from './content-page.machine';
import type { ContentPage, ContentPageInput } from './content-page.types';

const input: ContentPageInput = { slug: 'privacy', locale: 'pt' };
const page: ContentPage = {
  slug: 'privacy',
  locale: 'pt',
  title: 'Política de privacidade',
  html: '<p>Olá</p>',
  updated_at: '2025-01-01T00:00:00Z',
};
type PageLogic = ReturnType<typeof fromPromise<ContentPage, ContentPageInput>>;
const as = (logic: unknown) => logic as PageLogic;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const start = (logic: unknown) =>
  createTestActor(contentPageMachine.provide({ actors: { fetchPage: as(logic) } }), { input });

describe('content page: generated paths', () => {
  const machine = contentPageMachine.provide({ actors: { fetchPage: as(pending()) } });
  it('reaches every state (shown, missing, failed) and no path fails', () => {
    const result = reachability(machine, {
      input,
      events: [
        { type: 'xstate.done.actor.page', output: page } as never,
        { type: 'xstate.error.actor.page', error: { status: 404 } } as never,
        { type: 'xstate.error.actor.page', error: { status: 500 } } as never,
        { type: 'content.retry' },
      ],
    });
    expect(result.leaves).toEqual(['loading', 'shown', 'missing', 'failed']);
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('content page: stories', () => {
  it('shows the page of the slug in the locale', async () => {
    let asked: ContentPageInput | undefined;
    const logic = fromPromise<ContentPage, ContentPageInput>(async ({ input: i }) => {
      asked = i;
      return page;
    });
    const { actor } = start(logic);
    expect(connectContentPage(actor.getSnapshot()).status).toBe('loading');
    await flush();
    expect(asked).toEqual(input);
    expect(connectContentPage(actor.getSnapshot())).toEqual({
      status: 'shown',
      title: 'Política de privacidade',
      html: '<p>Olá</p>',
      updatedAt: '2025-01-01T00:00:00Z',
      errorId: null,
    });
  });

  it('a 404 is the 404 page', async () => {
    const { actor } = start(rejects({ status: 404 }));
    await flush();
    expect(actor.getSnapshot().value).toBe('missing');
  });

  it('a network failure can be retried', async () => {
    const answers: Array<ContentPage | Error> = [Object.assign(new Error('x'), { status: 0 }), page];
    const logic = fromPromise<ContentPage, ContentPageInput>(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next as ContentPage;
    });
    const { actor } = start(logic);
    await flush();
    expect(connectContentPage(actor.getSnapshot())).toMatchObject({
      status: 'failed',
      errorId: 'error_messages.network',
    });
    actor.send({ type: 'content.retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('shown');
  });

  it('names other failures by status, or as unexpected', async () => {
    const server = start(rejects({ status: 503 }));
    await flush();
    expect(server.actor.getSnapshot().context.errorId).toBe('error_messages.503');
    const odd = start(rejects('boom'));
    await flush();
    expect(odd.actor.getSnapshot().context.errorId).toBe('error_messages.unexpected');
    const unsupplied = createTestActor(contentPageMachine, { input });
    await flush();
    expect(unsupplied.actor.getSnapshot().value).toBe('failed');
    expect(resolves).toBeTypeOf('function');
  });
});
