/**
 * Contract cases of the global chat, spread into contract.test.ts's table: each request is checked
 * against openapi/ (unless `invalid`) and each answer against its documented status and schema.
 */
import type { TestApi } from '../../sandbox/api/test-support';
import { onePlayerPerApi } from './players';

interface ChatCase {
  title: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  json?: unknown;
  status: number;
  invalid?: boolean;
}
interface ChatEnv {
  api: TestApi;
  token(email?: string): Promise<string>;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const GUEST = { 'guest-id': 'guest-chat12345' };
/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A player of their own: the chat's rate limit counts per player, and the other cases change demo passwords. */
const chatPlayer = onePlayerPerApi({
  name: 'Chat',
  surname: 'Contrato',
  email: 'chat-contrato@contrato.test',
  phone: '(11) 94444-6677',
});

async function uploaded(api: TestApi, token: string) {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/chat/attachments',
    headers: { host: 'localhost', ...auth(token) },
    payload: { attachment_type: 'image/png', data: PNG },
  });
  return (res.json() as { data: { attachment_type: string; attachment_url: string } }).data;
}

export const chatContractCases: Record<string, (env: ChatEnv) => Promise<ChatCase[]>> = {
  listChatMessages: async ({ api }) => [
    { title: 'a guest reads (50 by default)', headers: GUEST, status: 200 },
    {
      title: 'a player reads, with amountBet',
      headers: auth(await chatPlayer(api)),
      query: { limit: '10' },
      status: 200,
    },
    { title: 'another brand', headers: { ...GUEST, 'x-brand-domain': 'azul.localhost' }, status: 200 },
    { title: 'limit out of range', query: { limit: '500' }, status: 422, invalid: true },
    { title: 'unknown brand', headers: { 'x-brand-domain': 'nada.localhost' }, status: 404 },
  ],
  uploadChatAttachment: async ({ api }) => {
    const token = await chatPlayer(api);
    // 700 000 base64 characters: 525 000 bytes, past the default 512 KiB.
    const big = PNG.slice(0, 20) + 'A'.repeat(700_000 - 20);
    return [
      { title: 'a PNG', headers: auth(token), json: { attachment_type: 'image/png', data: PNG }, status: 201 },
      {
        title: 'a type the brand does not allow',
        headers: auth(token),
        json: { attachment_type: 'image/svg+xml', data: Buffer.from('<svg/>').toString('base64') },
        status: 415,
      },
      { title: 'too large', headers: auth(token), json: { attachment_type: 'image/png', data: big }, status: 413 },
      { title: 'a guest', headers: GUEST, json: { attachment_type: 'image/png', data: PNG }, status: 401 },
      { title: 'no data', headers: auth(token), json: { attachment_type: 'image/png' }, status: 422, invalid: true },
    ];
  },
  postChatMessage: async ({ api }) => {
    const token = await chatPlayer(api);
    const image = await uploaded(api, token);
    return [
      { title: 'a text', headers: auth(token), json: { text: 'Boa sorte a todos!' }, status: 201 },
      { title: 'markup is text', headers: auth(token), json: { text: '<b>oi</b>' }, status: 201 },
      { title: 'an image', headers: auth(token), json: { text: '', attachments: [image] }, status: 201 },
      { title: 'a link', headers: auth(token), json: { text: 'veja ganhe.com' }, status: 422 },
      {
        title: 'an image from another host',
        headers: auth(token),
        json: { attachments: [{ attachment_type: 'image/png', attachment_url: 'https://evil.example/a.png' }] },
        status: 422,
      },
      {
        title: 'an attachment type not allowed',
        headers: auth(token),
        json: { attachments: [{ attachment_type: 'text/html', attachment_url: '/api/uploads/chat/a.html' }] },
        status: 415,
      },
      { title: 'a guest', headers: GUEST, json: { text: 'oi' }, status: 401 },
      {
        title: 'an unknown field',
        headers: auth(token),
        json: { text: 'oi', html: '<b>' },
        status: 422,
        invalid: true,
      },
      { title: 'two more', headers: auth(token), json: { text: 'quarta' }, status: 201 },
      { title: 'the fifth in 10 s', headers: auth(token), json: { text: 'quinta' }, status: 201 },
      { title: 'the sixth in 10 s: rate limited', headers: auth(token), json: { text: 'sexta' }, status: 429 },
    ];
  },
};
