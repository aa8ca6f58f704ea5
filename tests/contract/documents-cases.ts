/**
 * Contract cases of document verification, spread into contract.test.ts's table. They run on a
 * player registered here (no other case's player gets documents). Uploads are multipart (`multipart`).
 */
import { onePlayerPerApi } from './players';
import type { TestApi } from '../../sandbox/api/test-support';
import { EXE_BYTES, multipartBody, png, PNG_BYTES, type FilePart } from '../../sandbox/api/documents-test-support';
import { AVATAR_MAX_BYTES, DOCUMENT_MAX_BYTES } from '../../shared/documents';

interface DocumentCase {
  title: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  multipart?: Record<string, string | FilePart>;
  status: number;
  invalid?: boolean;
}
interface DocumentEnv {
  api: TestApi;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The token of this file's own player, registered once. */
const documentsPlayer = onePlayerPerApi({
  name: 'Dora',
  surname: 'Documentos',
  email: 'docs@contrato.test',
  phone: '(11) 95555-1616',
});

/** A pending document of the player, uploaded outside the table (the cancel cases need its id). */
async function pendingDocument(api: TestApi, token: string): Promise<number> {
  const { payload, contentType } = multipartBody({ type: 'selfie', document: png('selfie.png') });
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { host: 'localhost', ...auth(token), 'content-type': contentType },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: number } }).data.id;
}

export const documentsContractCases: Record<string, (env: DocumentEnv) => Promise<DocumentCase[]>> = {
  uploadDocument: async ({ api }): Promise<DocumentCase[]> => {
    const headers = auth(await documentsPlayer(api));
    return [
      { title: 'an ID front (PNG)', headers, multipart: { type: 'id_front', document: png() }, status: 201 },
      {
        title: 'the same type again while it waits for review',
        headers,
        multipart: { type: 'id_front', document: png() },
        status: 422,
      },
      {
        title: 'an executable renamed .jpg',
        headers,
        multipart: {
          type: 'id_back',
          document: { filename: 'verso.jpg', contentType: 'image/jpeg', bytes: EXE_BYTES },
        },
        status: 415,
      },
      {
        title: 'over the size limit',
        headers,
        multipart: {
          type: 'id_back',
          document: {
            filename: 'grande.png',
            contentType: 'image/png',
            bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(DOCUMENT_MAX_BYTES)]),
          },
        },
        status: 413,
      },
      {
        title: 'an unknown type',
        headers,
        multipart: { type: 'passport', document: png() },
        status: 422,
        invalid: true,
      },
      { title: 'no file', headers, multipart: { type: 'id_back' }, status: 422, invalid: true },
      { title: 'no token', multipart: { type: 'id_back', document: png() }, status: 401 },
    ];
  },
  uploadAvatar: async ({ api }): Promise<DocumentCase[]> => {
    const headers = auth(await documentsPlayer(api));
    return [
      { title: 'a PNG', headers, multipart: { avatar: png('eu.png') }, status: 200 },
      {
        title: 'an SVG declared as PNG',
        headers,
        multipart: {
          avatar: { filename: 'eu.png', contentType: 'image/png', bytes: Buffer.from('<svg onload="alert(1)"/>') },
        },
        status: 415,
      },
      {
        title: 'over 2 MiB',
        headers,
        multipart: {
          avatar: {
            filename: 'eu.png',
            contentType: 'image/png',
            bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(AVATAR_MAX_BYTES)]),
          },
        },
        status: 413,
      },
      { title: 'no file', headers, multipart: { nome: 'x' }, status: 422, invalid: true },
      { title: 'no token', multipart: { avatar: png() }, status: 401 },
    ];
  },
  getDocumentStatus: async ({ api }) => [
    { title: 'the player’s documents', headers: auth(await documentsPlayer(api)), status: 200 },
    { title: 'no token', status: 401 },
  ],
  cancelDocument: async ({ api }): Promise<DocumentCase[]> => {
    const token = await documentsPlayer(api);
    const id = await pendingDocument(api, token);
    return [
      { title: 'a pending document', headers: auth(token), params: { id: String(id) }, status: 200 },
      {
        title: 'the same one again (no longer pending)',
        headers: auth(token),
        params: { id: String(id) },
        status: 422,
      },
      { title: 'another player’s (or none)', headers: auth(token), params: { id: '999999' }, status: 404 },
      { title: 'not a number', headers: auth(token), params: { id: 'abc' }, status: 422, invalid: true },
      { title: 'no token', params: { id: String(id) }, status: 401 },
    ];
  },
};
