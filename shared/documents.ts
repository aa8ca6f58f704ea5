/**
 * Document verification (spec §7 POST /documents/upload): the document types a player sends,
 * the size limit and the file types each accepts. The app checks a chosen file with these before sending it;
 * the sandbox checks the bytes themselves (`sniffFileType`), never the name or the declared type.
 */

export const DOCUMENT_TYPES = ['id_front', 'id_back', 'selfie', 'proof_of_address'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The largest file a player may send (bytes): 5 MiB, checked by the app before the upload and by the sandbox. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

export const DOCUMENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type DocumentContentType = (typeof DOCUMENT_IMAGE_TYPES)[number] | 'application/pdf';

/** The largest avatar (bytes): 2 MiB; JPEG, PNG or WebP only (POST /profile/uploadAvatar). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The file types a document accepts: photos (JPEG, PNG, WebP), and a PDF too for the proof of address. */
export function acceptedTypesOf(type: DocumentType): readonly DocumentContentType[] {
  return type === 'proof_of_address' ? [...DOCUMENT_IMAGE_TYPES, 'application/pdf'] : DOCUMENT_IMAGE_TYPES;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * A file's type by its first bytes (magic numbers), or null: PNG, JPEG, GIF, WebP and PDF. An SVG, HTML, an
 * executable renamed `.jpg` or an empty file is null whatever its name or declared type says.
 */
export function sniffFileType(bytes: Uint8Array): DocumentContentType | 'image/gif' | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}
