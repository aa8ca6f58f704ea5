/**
 * A QA recording attached to a player gives the compliance timeline "the machine state the app was
 * in when it happened". A player makes a pix deposit (audited at the sandbox's clock); a recording of their app
 * (session signed in as them, pix generating then waiting) is attached through the panel's multipart form; the
 * timeline's deposit entry shows the states recorded just before it, in the page, the CSV and the JSON. Refused: a
 * recording of another player's session, one with no compliance machine, a hostile or truncated file, a file past
 * the size limit, a form from another origin; an unknown player is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_FORMAT, RECORDING_MAX_FILE_BYTES, RECORDING_VERSION } from '../../shared/recording/format';
import type { RecordedEvent, Recording } from '../../shared/recording/schema';
import { SANDBOX_CAPTCHA_TOKEN } from '../api/handlers/auth';
import { multipartBody } from '../api/documents-test-support';
import { bearer, createTestApi, PANEL_HEADERS, type TestApi, markProfileChosen } from '../api/test-support';
import { parseCsv } from '../../tests/toolkit/csv';
import { playersOfRecording, statesOfRecording } from './compliance-recordings';

let clock = new Date('2026-11-26T15:00:00Z');
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ now: () => clock });
});
afterAll(() => api.close());

let seq = 0;
function snapshot(
  t: number,
  sessionId: string,
  machine: string,
  value: unknown,
  context?: unknown,
  parent: string | null = 'x:0',
): RecordedEvent {
  seq += 1;
  return {
    seq,
    t,
    kind: 'snapshot',
    actor: { sessionId, id: machine, systemId: machine, parent, machine },
    source: null,
    event: { type: seq === 1 ? 'xstate.init' : 'some.event' },
    snapshot: { status: 'active', value, ...(context === undefined ? {} : { context }) },
  };
}

/** A recording started 30 s before the deposit: signed in as `userId`, pix choosing → generating → waiting. */
function recordingOf(userId: number | null, startedAt: Date): Recording {
  const session = { user: userId === null ? null : { id: userId, name: '[redacted]' } };
  return {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    name: 'Depósito de R$ 300',
    build: 'test-build',
    brand: { domain: 'localhost', name: 'Sorte Verde' },
    locale: 'pt',
    startedAt: startedAt.toISOString(),
    dropped: 0,
    events: [
      snapshot(0, 'x:0', 'app', 'running', undefined, null),
      snapshot(100, 'x:5', 'session', 'checking', { user: null }),
      snapshot(900, 'x:5', 'session', { signedIn: { account: 'loaded' } }, session),
      snapshot(1000, 'x:5', 'session', { signedIn: { account: 'loaded' } }, session), // no change: one state
      snapshot(20_000, 'x:50', 'pix', 'choosing'),
      snapshot(25_000, 'x:50', 'pix', 'generating'),
      snapshot(29_000, 'x:50', 'pix', { awaitingPayment: 'waiting' }),
      snapshot(29_500, 'x:51', 'realtimeChannel', 'joined'), // not a compliance machine
    ],
  };
}

function attach(playerId: number | string, text: string, headers: Record<string, string> = PANEL_HEADERS) {
  const { payload, contentType } = multipartBody({
    recording: { filename: 'gravacao.json', contentType: 'application/json', bytes: Buffer.from(text) },
  });
  return api.app.inject({
    method: 'POST',
    url: `/sandbox/players/${playerId}/recordings`,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

const noticeOf = (location: string | undefined) => {
  const query = new URL(location ?? '', 'http://x').searchParams;
  return { notice: query.get('notice'), error: query.get('error') };
};

describe('QA recordings on the compliance timeline', () => {
  let id = 0;
  let other = 0;

  beforeAll(async () => {
    const register = async (email: string, phone: string) => {
      const reg = await api.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { host: 'localhost' },
        payload: {
          name: 'Rita',
          surname: 'Gravada',
          email,
          phone,
          password: 'Segura#2024',
          password_confirmation: 'Segura#2024',
          birth_date: '1990-01-15',
          terms: true,
          captcha_token: SANDBOX_CAPTCHA_TOKEN,
        },
      });
      expect(reg.statusCode, reg.body).toBe(201);
      await markProfileChosen(api.db, email);
      return reg.json() as { token: string; data: { id: number } };
    };
    const rita = await register('rita.gravada@exemplo.test', '11 987650311');
    id = rita.data.id;
    other = (await register('outro.gravado@exemplo.test', '11 987650312')).data.id;
    // The deposit, audited at 15:00:30 on the sandbox's clock.
    clock = new Date('2026-11-26T15:00:30Z');
    const pix = await api.app.inject({
      method: 'POST',
      url: '/api/main-gateway/qrcode-pix',
      headers: { host: 'localhost', ...bearer(rita.token) },
      payload: { amount: 30_000 },
    });
    expect(pix.statusCode, pix.body).toBe(201);
  });

  it('keeps only the compliance machines’ states, one per change, and knows whose session it was', () => {
    const recording = recordingOf(id, new Date('2026-11-26T15:00:00Z'));
    expect(playersOfRecording(recording)).toEqual([id]);
    expect(playersOfRecording(recordingOf(null, new Date()))).toEqual([]);
    expect(statesOfRecording(recording).map((s) => [s.at.toISOString(), s.machine, s.state])).toEqual([
      ['2026-11-26T15:00:00.100Z', 'session', 'checking'],
      ['2026-11-26T15:00:00.900Z', 'session', 'signedIn.account.loaded'],
      ['2026-11-26T15:00:20.000Z', 'pix', 'choosing'],
      ['2026-11-26T15:00:25.000Z', 'pix', 'generating'],
      ['2026-11-26T15:00:29.000Z', 'pix', 'awaitingPayment.waiting'],
    ]);
  });

  it('attaches a recording through the panel form; the deposit entry shows the app’s states, in page, CSV and JSON', async () => {
    const before = await api.app.inject({ url: `/sandbox/players/${id}/compliance` });
    expect(before.body).toContain('Nenhuma gravação anexada.');
    expect(before.body).toContain('enctype="multipart/form-data"');

    const res = await attach(id, JSON.stringify(recordingOf(id, new Date('2026-11-26T15:00:00Z'))));
    expect(res.statusCode).toBe(303);
    expect(noticeOf(res.headers.location)).toEqual({
      notice: 'Gravação anexada: 5 estados de máquina na linha do tempo.',
      error: null,
    });

    const page = await api.app.inject({ url: `/sandbox/players/${id}/compliance?notice=ok` });
    expect(page.body).toContain('Depósito de R$ 300');
    expect(page.body).toContain('<code>test-build</code>');
    // One line per machine in the page (the exports keep one text).
    const entry = page.body.slice(page.body.indexOf('data-action="pix_deposit.created"'));
    expect(entry.slice(0, entry.indexOf('</tr>'))).toMatch(
      /<li><strong>pix<\/strong> <code>awaitingPayment\.waiting<\/code><\/li>\s*<li><strong>session<\/strong> <code>signedIn\.account\.loaded<\/code><\/li>/,
    );

    const json = (await api.app.inject({ url: `/sandbox/players/${id}/compliance.json` })).json() as {
      entries: Array<{ action: string; app_machine_state: string | null }>;
    };
    const created = json.entries.find((e) => e.action === 'pix_deposit.created');
    expect(created?.app_machine_state).toBe('pix: awaitingPayment.waiting; session: signedIn.account.loaded');

    const csv = parseCsv((await api.app.inject({ url: `/sandbox/players/${id}/compliance.csv` })).body);
    const header = csv[0] ?? [];
    const row = csv.find((r) => r.includes('pix_deposit.created'));
    expect(row?.[header.indexOf('app_machine_state')]).toBe(
      'pix: awaitingPayment.waiting; session: signedIn.account.loaded',
    );
  });

  it('refuses another player’s session, a recording without compliance machines, hostile, truncated and huge files', async () => {
    const refused = async (text: string, expected: RegExp) => {
      const res = await attach(id, text);
      expect(res.statusCode).toBe(303);
      expect(noticeOf(res.headers.location).error).toMatch(expected);
    };
    await refused(
      JSON.stringify(recordingOf(other, new Date())),
      new RegExp(`é da sessão do jogador ${other}, não do jogador ${id}`),
    );
    const none = recordingOf(id, new Date());
    none.events = none.events.filter((e) => e.actor.machine === 'realtimeChannel');
    await refused(JSON.stringify(none), /nenhuma máquina de conformidade/);
    await refused('{"format":"casino-qa-recording","__proto__":{"admin":true}}', /chave proibida \(__proto__/);
    await refused(JSON.stringify(recordingOf(id, new Date())).slice(0, 200), /cortado/);
    await refused('x'.repeat(RECORDING_MAX_FILE_BYTES + 10), /passa de 20 MB/);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();

    // Not a file, another site's page, an unknown player.
    const form = await api.app.inject({
      method: 'POST',
      url: `/sandbox/players/${id}/recordings`,
      headers: { ...PANEL_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'recording=x',
    });
    expect(noticeOf(form.headers.location).error).toBe('Gravação recusada: envie o arquivo JSON da gravação.');
    const foreign = await attach(id, JSON.stringify(recordingOf(id, new Date())), {
      ...PANEL_HEADERS,
      origin: 'https://evil.test',
    });
    expect(foreign.statusCode).toBe(403);
    const unknown = await attach(999_999, JSON.stringify(recordingOf(999_999, new Date())));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errors: { id: expect.any(Array) } });
    // Only the one recording was kept.
    const rows = await api.db.query('SELECT id FROM qa_recordings WHERE user_id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it('a guest’s recording (a refused sign-in) is accepted; a recording is removed from the timeline', async () => {
    const guest = await attach(other, JSON.stringify(recordingOf(null, new Date('2026-11-26T15:00:00Z'))));
    expect(noticeOf(guest.headers.location).notice).toMatch(/Gravação anexada/);
    const [row] = await api.db.query<{ id: number }>('SELECT id FROM qa_recordings WHERE user_id = $1', [other]);
    const removed = await api.app.inject({
      method: 'POST',
      url: `/sandbox/players/${other}/recordings/${row?.id}/delete`,
      headers: { ...PANEL_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(noticeOf(removed.headers.location).notice).toBe('Gravação removida da linha do tempo.');
    // Another player's recording cannot be removed through this player's page.
    const [rita] = await api.db.query<{ id: number }>('SELECT id FROM qa_recordings WHERE user_id = $1', [id]);
    const wrong = await api.app.inject({
      method: 'POST',
      url: `/sandbox/players/${other}/recordings/${rita?.id}/delete`,
      headers: { ...PANEL_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(noticeOf(wrong.headers.location).error).toBe('Gravação não encontrada.');
    expect(await api.db.query('SELECT id FROM qa_recordings WHERE user_id = $1', [id])).toHaveLength(1);
  });
});
