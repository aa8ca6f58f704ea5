/** Test helpers of document uploads: multipart bodies as a browser's FormData sends them, and sample files. */
import { randomBytes } from 'node:crypto';

export interface FilePart {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body (text fields and files) and its content type. */
export function multipartBody(fields: Record<string, string | FilePart>): { payload: Buffer; contentType: string } {
  const boundary = `----casino${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
/** A Windows executable's header. */
export const EXE_BYTES = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0)]);
export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);

export const png = (filename = 'frente.png'): FilePart => ({ filename, contentType: 'image/png', bytes: PNG_BYTES });

/** Marks a player verified as the seed does (every type approved, no file): for tests of withdrawals on a kyc brand. */
export async function verifyPlayer(
  db: { query(sql: string, params?: readonly unknown[]): Promise<unknown[]> },
  playerId: number,
  at: Date = new Date(),
): Promise<void> {
  for (const type of ['id_front', 'id_back', 'selfie', 'proof_of_address']) {
    await db.query(
      `INSERT INTO player_documents (brand_id, user_id, type, status, created_at, reviewed_at)
       SELECT brand_id, id, $2, 'approved', $3, $3 FROM users WHERE id = $1`,
      [playerId, type, at],
    );
  }
}
