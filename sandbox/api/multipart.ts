/**
 * multipart/form-data requests (POST /documents/upload): read with @fastify/multipart into plain fields, a file
 * part as an `UploadedFile` (its bytes, at most the limit plus a `truncated` flag: a larger file is never held
 * whole). The contract checks a view of the fields in which a file is a string (`format: binary`); the handler
 * gets the files. Limits: one file, a few short text fields.
 */
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_MAX_BYTES } from '../../shared/documents';
import { ApiError, MESSAGES } from './errors';

export class UploadedFile {
  constructor(
    readonly bytes: Buffer,
    /** What the client declared: never trusted, the bytes decide. */
    readonly declaredType: string,
    readonly filename: string,
    /** The file was larger than the limit: `bytes` holds only its start. */
    readonly truncated: boolean,
  ) {}
}

export const isUploadedFile = (value: unknown): value is UploadedFile => value instanceof UploadedFile;

export const MULTIPART_LIMITS = {
  fileSize: DOCUMENT_MAX_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  parts: 5,
  headerPairs: 50,
} as const;

const TOO_LARGE = 'O arquivo ou os dados enviados são grandes demais.';

/** The request's parts as fields; 413 past the limits, 400 for a body that is not readable multipart. */
export async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        fields[part.fieldname] = new UploadedFile(bytes, part.mimetype, part.filename, part.file.truncated);
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 413) throw new ApiError(413, { message: TOO_LARGE, errors: { document: [TOO_LARGE] } });
    throw new ApiError(400, { message: MESSAGES.badRequest });
  }
  return fields;
}

/** The fields as the contract sees them: a file is a string (its name; `format: binary`). */
export function contractView(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, isUploadedFile(value) ? value.filename || 'arquivo' : value]),
  );
}
