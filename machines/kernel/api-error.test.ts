import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  CATALOGUE_STATUSES,
  failureOf,
  messageIdOf,
  messagesOf,
  NETWORK_MESSAGE_ID,
  statusMessageId,
  statusOf,
  UNEXPECTED_MESSAGE_ID,
} from './api-error';

/** The plain shape of src/lib/api's ApiError, as the actors reject with it. */
const apiError = (status: number, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`API error ${status}`), { status, ...extra });

describe('kernel: failed calls (spec §8)', () => {
  it('reads the status of a call, and nothing from what is not one', () => {
    expect(statusOf(apiError(422))).toBe(422);
    expect(statusOf({ status: 0 })).toBe(0);
    for (const odd of [new Error('boom'), 'boom', null, undefined, 42, { status: '500' }])
      expect(statusOf(odd)).toBeNull();
  });

  it('reads the body of a call only when it is an object', () => {
    expect(bodyOf(apiError(403, { body: { selfExcluded: true } }))).toEqual({ selfExcluded: true });
    expect(bodyOf(apiError(403, { body: 'text' }))).toBeNull();
    expect(bodyOf(null)).toBeNull();
  });

  it('keeps the server messages (texts and catalogue ids with their values), skipping malformed ones', () => {
    const error = apiError(422, {
      messages: [
        { text: 'Valor inválido' },
        { id: 'wallet.amount.belowMin', values: { min: 2000 } },
        { id: 'error_messages.500' },
        7,
        { nope: 1 },
      ],
    });
    expect(messagesOf(error)).toEqual([
      { text: 'Valor inválido' },
      { id: 'wallet.amount.belowMin', values: { min: 2000 } },
      { id: 'error_messages.500' },
    ]);
    expect(messageIdOf(error)).toBe('wallet.amount.belowMin');
  });

  it('falls back per §8 when a failure carries no message: network, the status entry, or unexpected', () => {
    expect(messagesOf(apiError(0))).toEqual([{ id: NETWORK_MESSAGE_ID }]);
    expect(messagesOf(apiError(503))).toEqual([{ id: 'error_messages.503' }]);
    expect(messagesOf(apiError(418))).toEqual([{ id: UNEXPECTED_MESSAGE_ID }]);
    expect(messagesOf(apiError(500, { messages: [] }))).toEqual([{ id: 'error_messages.500' }]);
    expect(messagesOf(new Error('a payload failed its schema'))).toEqual([{ id: UNEXPECTED_MESSAGE_ID }]);
    expect(messagesOf('boom')).toEqual([{ id: UNEXPECTED_MESSAGE_ID }]);
    expect(messageIdOf(apiError(422, { messages: [{ text: 'only text' }] }))).toBe('error_messages.422');
  });

  it('names every catalogued status by its own entry, and nothing else', () => {
    for (const status of CATALOGUE_STATUSES) expect(statusMessageId(status)).toBe(`error_messages.${status}`);
    for (const status of [200, 302, 418, 490, 599]) expect(statusMessageId(status)).toBe(UNEXPECTED_MESSAGE_ID);
  });

  it('normalises any failure into status, messages and fields, never the body', () => {
    const failure = failureOf(
      apiError(422, {
        messages: [{ text: 'Senha fraca.' }],
        fields: { password: ['Senha fraca.', 3], code: 'x' },
        body: { secret: 'no' },
      }),
    );
    expect(failure).toEqual({
      status: 422,
      messages: [{ text: 'Senha fraca.' }],
      fields: { password: ['Senha fraca.'] },
    });
    expect(failureOf(new Error('x'))).toEqual({ status: 0, messages: [{ id: UNEXPECTED_MESSAGE_ID }], fields: {} });
  });
});
