/**
 * Document verification of /user/edit/verification with its real calls, a chunk of its own
 * fetched with the page: GET /documents/status, the multipart upload with progress (XMLHttpRequest: fetch
 * reports no upload progress), POST /documents/cancel/{id}.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { documentMachine } from '../../../machines/documents/document.machine';
import type { DocumentInfo, DocumentType, VerificationStatus } from '../../../machines/documents/document.types';
import { verificationMachine } from '../../../machines/documents/verification.machine';
import type { Schema } from '../../../shared/api/types';
import type { ApiClient } from '../../lib/api/client';
import { networkApiError, normalizeApiError } from '../../lib/api/errors';
import { unwrap } from '../../lib/api/unwrap';
import { storageKeys, type KeyValueStorage } from '../../lib/storage';
import { documentFiles, type DocumentFiles } from '../document-files';
import { SESSION_ENDED_HEADER } from '../../../shared/session-ended';

export function documentInfoOf(d: Schema<'PlayerDocument'>): DocumentInfo {
  return {
    id: d.id,
    type: d.type,
    status: d.status,
    reason: d.reason,
    createdAt: d.created_at,
    reviewedAt: d.reviewed_at,
  };
}

export interface UploadTransport {
  /**
   * Sends the form; reports progress (0–100); resolves with the status, the parsed body and the
   * `X-Session-Ended` header (why a 401 ended the session).
   */
  send(
    form: FormData,
    headers: Record<string, string>,
    onProgress: (percent: number) => void,
    signal: AbortSignal,
  ): Promise<{ status: number; body: unknown; sessionEnded?: string | null }>;
}

/** The browser's XMLHttpRequest to /api/documents/upload. */
export const xhrTransport = (baseUrl: string): UploadTransport => ({
  send: (form, headers, onProgress, signal) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${baseUrl}/documents/upload`);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress((100 * e.loaded) / e.total);
      };
      xhr.onload = () => {
        let body: unknown = undefined;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
        resolve({ status: xhr.status, body, sessionEnded: xhr.getResponseHeader(SESSION_ENDED_HEADER) });
      };
      xhr.onerror = () => reject(networkApiError());
      xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
      signal.addEventListener('abort', () => xhr.abort());
      xhr.send(form);
    }),
});

export function createVerificationLogic(
  api: ApiClient,
  storage: KeyValueStorage,
  options: { files?: DocumentFiles; transport?: UploadTransport } = {},
) {
  const files = options.files ?? documentFiles;
  const transport = options.transport ?? xhrTransport('/api');
  const loadStatus = async (): Promise<VerificationStatus> => {
    const { data } = await unwrap(api.GET('/documents/status'));
    return { verified: data.verified, kycRequired: data.kyc_required, documents: data.documents.map(documentInfoOf) };
  };
  const document = documentMachine.provide({
    actors: {
      upload: fromCallback<EventObject, { type: DocumentType }>(({ input, sendBack }) => {
        const controller = new AbortController();
        const file = files.get(input.type);
        const form = new FormData();
        form.append('type', input.type);
        if (file) form.append('document', file, file.name);
        const headers: Record<string, string> = {};
        const token = storage.get(storageKeys.auth)?.trim();
        if (token) headers.Authorization = `Bearer ${token}`;
        const lmcp = storage.get(storageKeys.lmcp);
        if (lmcp) headers.lmcp = lmcp;
        transport
          .send(form, headers, (percent) => sendBack({ type: 'document.progress', percent }), controller.signal)
          .then(({ status, body, sessionEnded }) => {
            // A signed-in upload answered 401 ends the session as any other call's does (§8, the login modal).
            if (status === 401 && token) api.reportUnauthorized(sessionEnded ?? null);
            if (status === 201) {
              const answer = body as { message: string; data: Schema<'PlayerDocument'> };
              files.drop(input.type);
              sendBack({ type: 'document.uploaded', document: documentInfoOf(answer.data), message: answer.message });
            } else {
              sendBack({ type: 'document.uploadFailed', error: normalizeApiError(status, body) });
            }
          })
          .catch((error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'document.uploadFailed', error });
          });
        return () => controller.abort();
      }),
      cancelDocument: fromPromise(async ({ input }: { input: { id: number } }) => {
        const answer = await unwrap(api.POST('/documents/cancel/{id}', { params: { path: { id: input.id } } }));
        return { document: documentInfoOf(answer.data), message: answer.message };
      }),
    },
  });
  return verificationMachine.provide({
    actors: {
      loadStatus: fromPromise(() => loadStatus()),
      document,
    },
  });
}
