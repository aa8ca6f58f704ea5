/**
 * The avatar (POST /profile/uploadAvatar): through the documents' upload module, an image by its bytes
 * (JPEG, PNG, WebP) up to 2 MiB, served back from the platform's own path as that image only; anything else
 * refused with §8's statuses and nothing stored; a new avatar replaces (and deletes) the previous one.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../shared/documents';
import {
  EXE_BYTES,
  JPEG_BYTES,
  multipartBody,
  PNG_BYTES,
  SVG_WITH_SCRIPT,
  type FilePart,
} from './documents-test-support';
import { AVATAR_MESSAGES } from './handlers/avatar';
import { bearer, createTestApi, type TestApi } from './test-support';

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await createTestApi();
  token = await api.login('bruno@sorteverde.test');
});
afterAll(() => api.close());

const upload = (fields: Record<string, string | FilePart>, auth = token) => {
  const { payload, contentType } = multipartBody(fields);
  return api.app.inject({
    method: 'POST',
    url: '/api/profile/uploadAvatar',
    headers: { host: 'localhost', ...bearer(auth), 'content-type': contentType },
    payload,
  });
};
const files = () => {
  try {
    return readdirSync(api.avatarsDir);
  } catch {
    return [];
  }
};

describe('POST /profile/uploadAvatar', () => {
  it('stores a PNG, serves it as a PNG only, and a new one replaces it', async () => {
    const res = await upload({ avatar: { filename: 'eu.png', contentType: 'image/png', bytes: PNG_BYTES } });
    expect(res.statusCode, res.body).toBe(200);
    const first = (res.json() as { message: string; data: { avatar: string } }).data.avatar;
    expect(res.json()).toMatchObject({ message: AVATAR_MESSAGES.saved });
    expect(first).toMatch(/^\/api\/uploads\/avatars\/[a-f0-9]{32}\.png$/);
    const served = await api.app.inject({ url: first, headers: { host: 'localhost' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    const me = await api.app.inject({ url: '/api/auth/me', headers: { host: 'localhost', ...bearer(token) } });
    expect(JSON.stringify(me.json())).toContain(first);

    const second = await upload({ avatar: { filename: 'eu.jpg', contentType: 'image/jpeg', bytes: JPEG_BYTES } });
    const next = (second.json() as { data: { avatar: string } }).data.avatar;
    expect(next).toMatch(/\.jpg$/);
    expect(files()).toEqual([next.split('/').pop()]);
    expect((await api.app.inject({ url: first, headers: { host: 'localhost' } })).statusCode).toBe(404);
    for (const url of ['/api/uploads/avatars/../../etc', '/api/uploads/avatars/x.svg', '/api/uploads/avatars/x.html']) {
      expect((await api.app.inject({ url, headers: { host: 'localhost' } })).statusCode).toBe(404);
    }
  });

  it.each([
    ['an SVG with a script', { filename: 'a.svg', contentType: 'image/svg+xml', bytes: SVG_WITH_SCRIPT }, 415],
    ['an executable renamed .png', { filename: 'a.png', contentType: 'image/png', bytes: EXE_BYTES }, 415],
    ['a PDF', { filename: 'a.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n') }, 415],
    ['0 bytes', { filename: 'a.png', contentType: 'image/png', bytes: Buffer.alloc(0) }, 422],
    [
      'over 2 MiB',
      {
        filename: 'a.png',
        contentType: 'image/png',
        bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(AVATAR_MAX_BYTES)]),
      },
      413,
    ],
  ] as const)('refuses %s (%#) and stores nothing', async (_title, file, status) => {
    const before = files();
    const res = await upload({ avatar: file });
    expect(res.statusCode, res.body).toBe(status);
    expect(Object.keys((res.json() as { errors: object }).errors)).toEqual(['avatar']);
    expect(files()).toEqual(before);
  });

  it('asks a guest to sign in', async () => {
    expect(
      (await upload({ avatar: { filename: 'a.png', contentType: 'image/png', bytes: PNG_BYTES } }, 'x')).statusCode,
    ).toBe(401);
  });
});
