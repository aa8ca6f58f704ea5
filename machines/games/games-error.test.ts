import { describe, expect, it } from 'vitest';
import { NotSuppliedError } from '../kernel/not-supplied';
import { gamesErrorKind, gamesErrorOf } from './games-error';

describe('games errors', () => {
  it.each([
    [{ status: 0 }, 'network'],
    [{ status: 404 }, 'notFound'],
    [{ status: 503 }, 'maintenance'],
    [{ status: 402 }, 'maintenance'],
    [{ status: 401 }, 'unauthorized'],
    [{ status: 403, body: { selfExcluded: true } }, 'selfExcluded'],
    [{ status: 403, body: { code: 'RTP_BELOW_MINIMUM', rtp_bp: 7541, min_rtp_bp: 8500 } }, 'rtpBelowMinimum'],
    [{ status: 403 }, 'refused'],
    [{ status: 422 }, 'refused'],
    [{ status: 500 }, 'server'],
    [{ status: 302 }, 'unexpected'],
    [new NotSuppliedError('x', 'y'), 'unexpected'],
    ['boom', 'unexpected'],
  ])('%j is %s', (error, kind) => {
    expect(gamesErrorKind(error)).toBe(kind);
  });

  it("keeps the status and §8's message id, never a text", () => {
    expect(gamesErrorOf({ status: 503 })).toEqual({
      kind: 'maintenance',
      status: 503,
      messageId: 'error_messages.503',
    });
    expect(gamesErrorOf({ status: 422, messages: [{ id: 'games.like.limit' }] }).messageId).toBe('games.like.limit');
  });
});
