import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { createApiClient } from '../../lib/api/client';
import { createMemoryStorage } from '../../lib/storage';
import { createDocumentFiles } from '../document-files';
import { createVerificationLogic, type UploadTransport } from './verification';
import { SESSION_ENDED_PLAY_TIME } from '../../../shared/session-ended';

const settle = () => new Promise((r) => setTimeout(r, 0));

const empty = (type: string) => ({
  id: null,
  type,
  status: 'empty',
  reason: null,
  content_type: null,
  size: null,
  created_at: null,
  reviewed_at: null,
});
const STATUS = {
  data: {
    verified: false,
    kyc_required: true,
    documents: ['id_front', 'id_back', 'selfie', 'proof_of_address'].map(empty),
  },
};

function setup(answer: { status: number; body: unknown; sessionEnded?: string | null }) {
  const storage = createMemoryStorage({ auth: 'tok-123', lmcp: 'abc' });
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/api/documents/status') return Response.json(STATUS);
    if (url.pathname === '/api/documents/cancel/9')
      return Response.json({ message: 'Envio cancelado.', data: { ...empty('id_front'), id: 9, status: 'cancelled' } });
    return new Response(null, { status: 404 });
  };
  const api = createApiClient({ baseUrl: 'http://app.test/api', storage, fetch, retry: { maxAttempts: 1 } });
  const revoked: string[] = [];
  const files = createDocumentFiles({ create: () => 'blob:preview-1', revoke: (url) => revoked.push(url) });
  const sent: { form: FormData; headers: Record<string, string> }[] = [];
  const transport: UploadTransport = {
    send: async (form, headers, onProgress) => {
      sent.push({ form, headers });
      onProgress(50);
      return answer;
    },
  };
  const actor = createActor(createVerificationLogic(api, storage, { files, transport })).start();
  const child = () => (actor.getSnapshot().children as Record<string, AnyActorRef>)['document-id_front']!;
  return { actor, child, files, sent, revoked, api };
}

describe('the verification chunk: status, multipart upload with progress, and the file kept out of the machines', () => {
  it('sends the chosen file with the player’s headers and shows it pending; the file and its preview are let go', async () => {
    const uploaded = {
      message: 'Documento enviado. Ele será analisado em breve.',
      data: { ...empty('id_front'), id: 9, status: 'pending', created_at: '2026-11-26T15:00:00.000Z' },
    };
    const { actor, child, files, sent, revoked } = setup({ status: 201, body: uploaded });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    const file = new File([new Uint8Array([0x89, 0x50])], 'frente.png', { type: 'image/png' });
    files.put('id_front', file);
    expect(files.previewUrl('id_front')).toBe('blob:preview-1');
    child().send({ type: 'document.select', file: { mime: file.type, size: file.size } });
    child().send({ type: 'document.upload' });
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers).toEqual({ Authorization: 'Bearer tok-123', lmcp: 'abc' });
    expect(sent[0]?.form.get('type')).toBe('id_front');
    expect((sent[0]?.form.get('document') as File).name).toBe('frente.png');
    expect(child().getSnapshot().value).toBe('pendingReview');
    expect(child().getSnapshot().context.notice).toEqual({ text: uploaded.message });
    expect(files.get('id_front')).toBeUndefined();
    expect(revoked).toEqual(['blob:preview-1']);
    // No file, name or object URL in any machine's context.
    const contexts = JSON.stringify([actor.getSnapshot().context, child().getSnapshot().context]);
    expect(contexts).not.toMatch(/blob:|frente\.png/);

    child().send({ type: 'document.cancel' });
    await settle();
    expect(child().getSnapshot().value).toBe('cancelled');
  });

  it('shows the platform’s refusal (415 by the bytes) and keeps the file for another try', async () => {
    const text = 'Tipo de arquivo não suportado. Envie uma foto JPG, PNG ou WEBP.';
    const { child, files } = setup({ status: 415, body: { message: text, errors: { document: [text] } } });
    await settle();
    files.put('id_front', new File(['MZ'], 'foto.png', { type: 'image/png' }));
    child().send({ type: 'document.select', file: { mime: 'image/png', size: 2 } });
    child().send({ type: 'document.upload' });
    await settle();
    expect(child().getSnapshot().value).toBe('selected');
    expect(child().getSnapshot().context.failure).toMatchObject({ status: 415, messages: [{ text }] });
    expect(files.get('id_front')).toBeDefined();
  });

  it('a 401 to the upload (made outside the API client, for its progress) ends the session as any call does', async () => {
    for (const [sessionEnded, reason] of [
      [null, null],
      [SESSION_ENDED_PLAY_TIME, 'playTimeLimit'],
    ] as const) {
      const { child, files, api } = setup({ status: 401, body: { message: 'Sessão expirada.' }, sessionEnded });
      const told: unknown[] = [];
      api.onUnauthorized((r) => told.push(r));
      await settle();
      files.put('id_front', new File([new Uint8Array([0x89, 0x50])], 'frente.png', { type: 'image/png' }));
      child().send({ type: 'document.select', file: { mime: 'image/png', size: 2 } });
      child().send({ type: 'document.upload' });
      await settle();
      expect(told).toEqual([reason]);
      expect(child().getSnapshot().context.failure?.status).toBe(401);
    }
  });

  it('makes no preview for a PDF, replaces and drops files', () => {
    const revoked: string[] = [];
    let n = 0;
    const files = createDocumentFiles({ create: () => `blob:${++n}`, revoke: (url) => revoked.push(url) });
    files.put('proof_of_address', new File(['%PDF-'], 'conta.pdf', { type: 'application/pdf' }));
    expect(files.previewUrl('proof_of_address')).toBeNull();
    expect(files.previewUrl('selfie')).toBeNull();
    files.put('selfie', new File(['x'], 'a.png', { type: 'image/png' }));
    expect(files.previewUrl('selfie')).toBe('blob:1');
    expect(files.previewUrl('selfie')).toBe('blob:1');
    files.put('selfie', new File(['y'], 'b.png', { type: 'image/png' }));
    expect(revoked).toEqual(['blob:1']);
    expect(files.previewUrl('selfie')).toBe('blob:2');
    files.drop('selfie');
    expect(revoked).toEqual(['blob:1', 'blob:2']);
    expect(files.get('selfie')).toBeUndefined();
  });
});
