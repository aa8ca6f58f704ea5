import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { DEFAULT_SESSION_LIFETIME, hashToken, touchIntervalMs } from './sessions';
import { bearer, createTestApi, type TestApi } from './test-support';

/**
 * A signed-in call reads its session (one query by the token hash) and writes its last use only when the
 * recorded one is older than `touchIntervalMs`; the idle timeout and the absolute lifetime still hold.
 */
let clock = new Date('2026-03-02T12:00:00Z');
let api: TestApi;
/** The statements that may write a session's last use, in order. */
const touches: string[] = [];

beforeAll(async () => {
  api = await createTestApi({ now: () => clock });
  const query = api.db.query.bind(api.db);
  const counting: Db['query'] = (sql, params) => {
    if (/UPDATE sessions SET last_seen_at/i.test(sql)) touches.push(sql);
    return query(sql, params);
  };
  api.db.query = counting;
  // Every row a statement really changed (a conditional UPDATE that matched nothing is not a write).
  await api.db.exec(`
    CREATE TABLE test_session_writes (token_hash text NOT NULL, last_seen_at timestamptz NOT NULL);
    CREATE FUNCTION test_log_session_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO test_session_writes VALUES (NEW.token_hash, NEW.last_seen_at); RETURN NEW; END $$;
    CREATE TRIGGER test_session_writes AFTER UPDATE OF last_seen_at ON sessions
      FOR EACH ROW EXECUTE FUNCTION test_log_session_write();`);
});
afterAll(() => api.close());

const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
const me = (token: string) => api.app.inject({ url: '/api/auth/me', headers: { host: 'localhost', ...bearer(token) } });
const lastSeen = async (token: string) => {
  const [row] = await api.db.query<{ last_seen_at: Date }>('SELECT last_seen_at FROM sessions WHERE token_hash = $1', [
    hashToken(token),
  ]);
  return row?.last_seen_at.getTime();
};
const touchMs = touchIntervalMs(DEFAULT_SESSION_LIFETIME);
const writesOf = async (token: string) =>
  (
    await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM test_session_writes WHERE token_hash = $1', [
      hashToken(token),
    ])
  )[0]?.n;

describe('session last use', () => {
  it('is written at most once per interval: min(60 s, idle / 10)', () => {
    expect(touchMs).toBe(60_000);
    expect(touchIntervalMs({ idleMs: 5_000, maxMs: 60_000 })).toBe(500);
  });

  it('a burst of calls (sequential, then concurrent) writes it once', async () => {
    const token = await api.login('ana@sorteverde.test');
    const signedIn = clock.getTime();
    touches.length = 0;
    for (let i = 0; i < 10; i++) {
      later(1000);
      expect((await me(token)).statusCode).toBe(200);
    }
    expect(touches).toHaveLength(0); // 10 s after sign-in: not due yet
    expect(await writesOf(token)).toBe(0);
    expect(await lastSeen(token)).toBe(signedIn);

    later(touchMs);
    const burst = await Promise.all(Array.from({ length: 20 }, () => me(token)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // Every call of the burst found it due; the conditional write changed the row once.
    expect(await writesOf(token)).toBe(1);
    expect(await lastSeen(token)).toBe(clock.getTime());
    for (let i = 0; i < 5; i++) {
      later(1000);
      expect((await me(token)).statusCode).toBe(200);
    }
    expect(await lastSeen(token)).toBe(clock.getTime() - 5000);
    expect(await writesOf(token)).toBe(1);
  });

  it('a call within the interval writes nothing', async () => {
    const token = await api.login('ana@sorteverde.test');
    touches.length = 0;
    for (let i = 0; i < 30; i++) {
      later(touchMs / 60);
      expect((await me(token)).statusCode).toBe(200);
    }
    expect(touches).toHaveLength(0);
    later(touchMs);
    expect((await me(token)).statusCode).toBe(200);
    expect(touches).toHaveLength(1);
    expect(await writesOf(token)).toBe(1);
  });

  it('the idle timeout still ends the session, counted from the last recorded use', async () => {
    const token = await api.login('ana@sorteverde.test');
    later(touchMs / 2);
    expect((await me(token)).statusCode).toBe(200); // not recorded: the idle time runs from sign-in
    later(DEFAULT_SESSION_LIFETIME.idleMs - touchMs / 2 - 1);
    expect((await me(token)).statusCode).toBe(200); // 1 ms before the timeout: recorded now
    later(DEFAULT_SESSION_LIFETIME.idleMs - 1);
    expect((await me(token)).statusCode).toBe(200);
    later(DEFAULT_SESSION_LIFETIME.idleMs);
    expect((await me(token)).statusCode).toBe(401);
    const [row] = await api.db.query<{ revoked_at: Date | null }>(
      'SELECT revoked_at FROM sessions WHERE token_hash = $1',
      [hashToken(token)],
    );
    expect(row?.revoked_at).not.toBeNull();
    later(-DEFAULT_SESSION_LIFETIME.idleMs);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a revoked (signed-out) session answers 401 at once, even within the interval', async () => {
    const token = await api.login('ana@sorteverde.test');
    expect((await me(token)).statusCode).toBe(200);
    const out = await api.app.inject({ url: '/api/auth/logout', headers: { host: 'localhost', ...bearer(token) } });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("a token of another brand's host is refused and does not end the session", async () => {
    const token = await api.login('ana@sorteverde.test');
    const other = await api.db.query<{ domain: string }>(
      `SELECT d.domain FROM brand_domains d JOIN users u ON u.brand_id <> d.brand_id
        WHERE u.email = 'ana@sorteverde.test' LIMIT 1`,
    );
    const host = other[0]?.domain;
    if (host) {
      const res = await api.app.inject({ url: '/api/auth/me', headers: { host, ...bearer(token) } });
      expect(res.statusCode).toBe(401);
    }
    expect((await me(token)).statusCode).toBe(200);
  });
});
