/**
 * Document verification against the sandbox: uploads checked by their bytes (never the name or
 * the declared type), bad files refused with §8's statuses and nothing stored, files kept off every public path,
 * the QA panel's review (preview served safely, approve, reject with a reason), cancel, another player's
 * documents unreachable, every status change audited without the file, and the `kyc` switch on withdrawals.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCpf } from '../../shared/cpf';
import { DOCUMENT_MAX_BYTES } from '../../shared/documents';
import { SANDBOX_CAPTCHA_TOKEN } from './handlers/auth';
import { listAudit } from '../audit/trail';
import {
  EXE_BYTES,
  JPEG_BYTES,
  multipartBody,
  PDF_BYTES,
  png,
  PNG_BYTES,
  SVG_WITH_SCRIPT,
  type FilePart,
} from './documents-test-support';
import { DOCUMENT_MESSAGES } from './documents';
import { MESSAGES } from './errors';
import { bearer, createTestApi, panelForm, PANEL_HEADERS, type TestApi } from './test-support';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

let serial = 0;
/** A new player of the test's own on the brand at `host`. */
async function newPlayer(host = 'localhost'): Promise<{ id: number; token: string }> {
  serial += 1;
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host },
    payload: {
      name: 'Vera',
      surname: 'Verificada',
      email: `docs${serial}@exemplo.test`,
      phone: `11 9876500${String(serial).padStart(2, '0')}`,
      password: 'Segura#2024',
      password_confirmation: 'Segura#2024',
      birth_date: '1990-01-15',
      terms: true,
      captcha_token: SANDBOX_CAPTCHA_TOKEN,
      // Azul Bet asks for a CPF at sign-up.
      ...(host === 'localhost' ? {} : { cpf: completeCpf(String(314_159_200 + serial)) }),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { data: { id: number }; token: string };
  return { id: body.data.id, token: body.token };
}

const upload = (token: string, fields: Record<string, string | FilePart>, host = 'localhost') => {
  const { payload, contentType } = multipartBody(fields);
  return api.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { host, ...bearer(token), 'content-type': contentType },
    payload,
  });
};
const status = async (token: string, host = 'localhost') => {
  const res = await api.app.inject({
    method: 'GET',
    url: '/api/documents/status',
    headers: { host, ...bearer(token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json() as {
      data: {
        verified: boolean;
        kyc_required: boolean;
        documents: { id: number | null; type: string; status: string; reason: string | null }[];
      };
    }
  ).data;
};
const cancel = (token: string, id: number | string) =>
  api.app.inject({
    method: 'POST',
    url: `/api/documents/cancel/${id}`,
    headers: { host: 'localhost', ...bearer(token) },
  });
const panel = (url: string, fields: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url, ...panelForm(fields) });
const storedFiles = () => readdirSync(api.documentsDir, { recursive: false }).length;
const rowsOf = async (playerId: number) =>
  (
    await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM player_documents WHERE user_id = $1', [playerId])
  )[0]?.n;

describe('POST /documents/upload: the type by content, the size limit, nothing stored when refused', () => {
  it('stores an ID front (PNG) pending review, in the documents folder only', async () => {
    const player = await newPlayer();
    const before = storedFiles();
    const res = await upload(player.token, { type: 'id_front', document: png() });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { message: string; data: { id: number; status: string; content_type: string } };
    expect(body).toMatchObject({
      message: DOCUMENT_MESSAGES.uploaded,
      data: { status: 'pending', content_type: 'image/png' },
    });
    expect(storedFiles()).toBe(before + 1);
    const docs = await status(player.token);
    expect(docs.verified).toBe(false);
    expect(docs.kyc_required).toBe(true);
    expect(docs.documents.map((d) => [d.type, d.status])).toEqual([
      ['id_front', 'pending'],
      ['id_back', 'empty'],
      ['selfie', 'empty'],
      ['proof_of_address', 'empty'],
    ]);
    // No public path serves it: not under /api, not the chat's upload path.
    for (const url of [`/api/documents/${body.data.id}`, `/api/uploads/documents/${body.data.id}`, '/documents']) {
      expect((await api.app.inject({ url, headers: { host: 'localhost' } })).statusCode).toBe(404);
    }
    // The same type again while it waits: refused.
    const again = await upload(player.token, { type: 'id_front', document: png() });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ errors: { type: [DOCUMENT_MESSAGES.alreadyPending] } });
    expect(storedFiles()).toBe(before + 1);
  });

  it('takes JPEG and WebP photos, and a PDF only as the proof of address', async () => {
    const player = await newPlayer();
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(64, 7)]);
    expect(
      (
        await upload(player.token, {
          type: 'id_back',
          document: { filename: 'v.jpg', contentType: 'image/jpeg', bytes: JPEG_BYTES },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await upload(player.token, {
          type: 'selfie',
          document: { filename: 's.webp', contentType: 'image/webp', bytes: webp },
        })
      ).statusCode,
    ).toBe(201);
    const pdfAsId = await upload(player.token, {
      type: 'id_front',
      document: { filename: 'id.pdf', contentType: 'application/pdf', bytes: PDF_BYTES },
    });
    expect(pdfAsId.statusCode).toBe(415);
    expect(pdfAsId.json()).toEqual({
      message: DOCUMENT_MESSAGES.unsupported,
      errors: { document: [DOCUMENT_MESSAGES.unsupported] },
    });
    const address = await upload(player.token, {
      type: 'proof_of_address',
      document: { filename: 'conta.pdf', contentType: 'application/pdf', bytes: PDF_BYTES },
    });
    expect(address.statusCode, address.body).toBe(201);
    expect(address.json()).toMatchObject({ data: { content_type: 'application/pdf' } });
  });

  it.each([
    ['an executable renamed .jpg', { filename: 'rg.jpg', contentType: 'image/jpeg', bytes: EXE_BYTES }, 415],
    ['an SVG with a script', { filename: 'rg.svg', contentType: 'image/svg+xml', bytes: SVG_WITH_SCRIPT }, 415],
    [
      'an SVG with a script declared as PNG',
      { filename: 'rg.png', contentType: 'image/png', bytes: SVG_WITH_SCRIPT },
      415,
    ],
    [
      'HTML',
      { filename: 'rg.html', contentType: 'text/html', bytes: Buffer.from('<html><script>x</script></html>') },
      415,
    ],
    [
      'a GIF (not a document type)',
      { filename: 'rg.gif', contentType: 'image/gif', bytes: Buffer.from('GIF89a......') },
      415,
    ],
    ['0 bytes', { filename: 'vazio.png', contentType: 'image/png', bytes: Buffer.alloc(0) }, 422],
    [
      'one byte over the limit',
      {
        filename: 'big.png',
        contentType: 'image/png',
        bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(DOCUMENT_MAX_BYTES)]),
      },
      413,
    ],
    [
      'a 20 MB image',
      {
        filename: 'huge.jpg',
        contentType: 'image/jpeg',
        bytes: Buffer.concat([JPEG_BYTES, Buffer.alloc(20 * 1024 * 1024)]),
      },
      413,
    ],
  ] as const)('refuses %s with §8 (%#) and stores nothing', async (_title, file, expected) => {
    const player = await newPlayer();
    const before = storedFiles();
    const res = await upload(player.token, { type: 'id_front', document: file });
    expect(res.statusCode, res.body).toBe(expected);
    const body = res.json() as { message: string; errors: { document: string[] } };
    expect(body.errors.document).toEqual([
      expected === 415
        ? DOCUMENT_MESSAGES.unsupported
        : expected === 413
          ? DOCUMENT_MESSAGES.tooLarge
          : DOCUMENT_MESSAGES.empty,
    ]);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(storedFiles()).toBe(before);
    expect(await rowsOf(player.id)).toBe(0);
    expect(await listAudit(api.db, player.id)).toEqual([]);
  });

  it('refuses a missing file, an unknown type and a multipart body elsewhere', async () => {
    const player = await newPlayer();
    const noFile = await upload(player.token, { type: 'id_front' });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json()).toMatchObject({ errors: { document: [MESSAGES.required] } });
    const textAsFile = await upload(player.token, { type: 'id_front', document: 'not a file' });
    expect(textAsFile.statusCode).toBe(422);
    expect(textAsFile.json()).toMatchObject({ errors: { document: [DOCUMENT_MESSAGES.missingFile] } });
    const unknown = await upload(player.token, { type: 'passaporte', document: png() });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ errors: { type: ['Escolha o tipo do documento.'] } });
    const guest = await upload('nope', { type: 'id_front', document: png() });
    expect(guest.statusCode).toBe(401);
    const { payload, contentType } = multipartBody({ name: 'Vera Lima' });
    const elsewhere = await api.app.inject({
      method: 'POST',
      url: '/api/profile/updateName',
      headers: { host: 'localhost', ...bearer(player.token), 'content-type': contentType },
      payload,
    });
    expect(elsewhere.statusCode).toBe(400);
    const broken = await api.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { host: 'localhost', ...bearer(player.token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: 'not multipart at all',
    });
    expect(broken.statusCode).toBe(400);
    expect(await rowsOf(player.id)).toBe(0);
  });
});

describe('cancel, review from the QA panel, re-upload, verified', () => {
  it('goes pending → rejected (reason) → re-sent → approved, audited in order without the file', async () => {
    const player = await newPlayer();
    const sent = (await upload(player.token, { type: 'id_front', document: png() })).json() as { data: { id: number } };

    // The panel lists it, with a preview served only to the panel, safely.
    const page = await api.app.inject({ url: '/sandbox/documents', headers: PANEL_HEADERS });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`data-testid="panel-document-${sent.data.id}"`);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const file = await api.app.inject({ url: `/sandbox/documents/${sent.data.id}/file`, headers: PANEL_HEADERS });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.headers['content-disposition']).toBe(`inline; filename="documento-${sent.data.id}.png"`);
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    // Not to another host name (the app's origin through a proxy, DNS rebinding).
    const rebound = await api.app.inject({
      url: `/sandbox/documents/${sent.data.id}/file`,
      headers: { host: 'localhost:5173' },
    });
    expect(rebound.statusCode).toBe(403);

    // A rejection needs a reason; a write from another site is refused.
    expect((await panel(`/sandbox/documents/${sent.data.id}/reject`, { reason: '  ' })).headers.location).toContain(
      'error=',
    );
    const foreign = await api.app.inject({
      method: 'POST',
      url: `/sandbox/documents/${sent.data.id}/approve`,
      headers: { host: PANEL_HEADERS.host, origin: 'https://evil.test' },
    });
    expect(foreign.statusCode).toBe(403);
    const rejected = await panel(`/sandbox/documents/${sent.data.id}/reject`, { reason: 'Foto ilegível.' });
    expect(rejected.statusCode).toBe(303);
    let docs = await status(player.token);
    expect(docs.documents[0]).toMatchObject({ status: 'rejected', reason: 'Foto ilegível.' });
    // The player is told in their notifications, with the reason.
    const told = await api.app.inject({ url: '/api/notifications', headers: bearer(player.token) });
    const list = told.json() as {
      user_notifications: { data: Array<{ type: string; title: string; message: string }> };
    };
    expect(list.user_notifications.data[0]).toMatchObject({
      type: 'verification',
      title: 'Documento recusado',
      message: expect.stringContaining('Motivo: Foto ilegível.'),
    });
    // Decided once: a second decision is refused.
    expect((await panel(`/sandbox/documents/${sent.data.id}/approve`)).headers.location).toContain('error=');
    expect((await cancel(player.token, sent.data.id)).statusCode).toBe(422);

    const again = (await upload(player.token, { type: 'id_front', document: png('nova.png') })).json() as {
      data: { id: number };
    };
    expect((await panel(`/sandbox/documents/${again.data.id}/approve`)).statusCode).toBe(303);
    docs = await status(player.token);
    expect(docs.documents[0]).toMatchObject({ id: again.data.id, status: 'approved', reason: null });
    const reupload = await upload(player.token, { type: 'id_front', document: png() });
    expect(reupload.json()).toMatchObject({ errors: { type: [DOCUMENT_MESSAGES.alreadyApproved] } });

    // A pending one is cancelled by the player; its file goes.
    const selfie = (await upload(player.token, { type: 'selfie', document: png() })).json() as { data: { id: number } };
    const files = storedFiles();
    const cancelled = await cancel(player.token, selfie.data.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: DOCUMENT_MESSAGES.cancelled, data: { status: 'cancelled' } });
    expect(storedFiles()).toBe(files - 1);
    expect(
      (await api.app.inject({ url: `/sandbox/documents/${selfie.data.id}/file`, headers: PANEL_HEADERS })).statusCode,
    ).toBe(404);

    const audit = await listAudit(api.db, player.id);
    expect(audit.map((a) => `${a.actor}:${a.action}:${String(a.before?.status)}→${String(a.after?.status)}`)).toEqual([
      'player:document.uploaded:empty→pending',
      'panel:document.rejected:pending→rejected',
      'player:document.uploaded:rejected→pending',
      'panel:document.approved:pending→approved',
      'player:document.uploaded:empty→pending',
      'player:document.cancelled:pending→cancelled',
    ]);
    expect(audit[1]?.after).toMatchObject({ reason: 'Foto ilegível.', type: 'id_front' });
    const text = JSON.stringify(audit);
    expect(text).not.toMatch(/storage_name|filename|nova\.png|frente\.png|iVBOR/);
  });

  it("never reaches another player's documents (404), nor another brand's", async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const sent = (await upload(owner.token, { type: 'id_back', document: png() })).json() as { data: { id: number } };
    const res = await cancel(other.token, sent.data.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: DOCUMENT_MESSAGES.notFound });
    expect((await cancel(owner.token, 999_999)).statusCode).toBe(404);
    expect((await status(other.token)).documents.every((d) => d.status === 'empty')).toBe(true);
    const diego = await api.login('diego@azulbet.test', 'azul.localhost');
    const cross = await api.app.inject({
      method: 'POST',
      url: `/api/documents/cancel/${sent.data.id}`,
      headers: { host: 'azul.localhost', ...bearer(diego) },
    });
    expect(cross.statusCode).toBe(404);
    expect((await status(owner.token)).documents[1]?.status).toBe('pending');
  });
});

describe('the brand’s kyc switch on withdrawals', () => {
  const withdraw = (token: string, host = 'localhost') =>
    api.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw/request',
      headers: { host, ...bearer(token) },
      payload: { amount: 2_000, address_id: 1 },
    });

  it('refuses an unverified player on a kyc brand with the message, until every document is approved', async () => {
    const player = await newPlayer();
    const refused = await withdraw(player.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: MESSAGES.kycRequired,
      errors: { kyc: [MESSAGES.kycRequired] },
    });

    const types = ['id_front', 'id_back', 'selfie', 'proof_of_address'];
    for (const type of types) {
      const sent = (await upload(player.token, { type, document: png() })).json() as { data: { id: number } };
      expect((await panel(`/sandbox/documents/${sent.data.id}/approve`)).statusCode).toBe(303);
      const docs = await status(player.token);
      expect(docs.verified).toBe(type === 'proof_of_address');
      // Personal data turns read-only with the last approval, once (the system records it).
      const personal = await api.app.inject({ url: '/api/profile/personal-data', headers: bearer(player.token) });
      expect((personal.json() as { data: { verified: boolean } }).data.verified).toBe(type === 'proof_of_address');
    }
    const identity = (await listAudit(api.db, player.id)).filter((a) => a.action === 'identity.verified');
    expect(identity.map((a) => a.actor)).toEqual(['system']);
    // Verified: the kyc check passes (this player has no pix key, the next check speaks).
    const next = await withdraw(player.token);
    expect(next.statusCode).toBe(422);
    expect(Object.keys((next.json() as { errors: object }).errors)).toEqual(['address_id']);
  });

  it('does not ask on a brand with kyc off, and the seeded verified players are verified', async () => {
    const azul = await newPlayer('azul.localhost');
    expect((await status(azul.token, 'azul.localhost')).kyc_required).toBe(false);
    const res = await withdraw(azul.token, 'azul.localhost');
    expect(Object.keys((res.json() as { errors: object }).errors)).not.toContain('kyc');
    const ana = await api.login('ana@sorteverde.test');
    expect((await status(ana)).verified).toBe(true);
  });
});
