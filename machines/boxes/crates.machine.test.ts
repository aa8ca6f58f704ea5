import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { cratesMachine } from './crates.machine';
import type { Box } from './boxes.types';
import { apiError, BOX } from './boxes.fixture';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('crates machine', () => {
  it("loads the brand's boxes in the page's language and filters by colour", async () => {
    const asked: string[] = [];
    const machine = cratesMachine.provide({
      actors: {
        loadBoxes: fromPromise(async ({ input }: { input: { locale: 'pt' | 'en' } }) => {
          asked.push(input.locale);
          return [BOX, { ...BOX, id: 4, name: 'caixa-safira', color: 'blue' }] as Box[];
        }),
      },
    });
    const { actor } = createTestActor(machine, { input: { locale: 'en' } });
    actor.send({ type: 'crates.filter', color: 'blue' });
    await settle();
    expect(asked).toEqual(['en']);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.boxes).toHaveLength(2);
    expect(actor.getSnapshot().context.color).toBe('blue');
    actor.send({ type: 'crates.filter', color: null });
    expect(actor.getSnapshot().context.color).toBeNull();
  });

  it("a failed load shows §8's text and retries", async () => {
    let calls = 0;
    const machine = cratesMachine.provide({
      actors: {
        loadBoxes: fromPromise(async () => {
          calls += 1;
          if (calls === 1) throw apiError(0);
          return [BOX];
        }),
      },
    });
    const { actor } = createTestActor(machine, { input: { locale: 'pt' } });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure?.messages).toEqual([{ id: 'error_messages.network' }]);
    actor.send({ type: 'crates.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
