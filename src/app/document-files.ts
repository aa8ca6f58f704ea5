/**
 * The files a player chose on /user/edit/verification, kept here and never in a machine (its context and events
 * reach the inspector): the page `put`s a chosen file and sends only its declared type and size; the upload actor
 * `get`s it; the preview's object URL is made here and revoked when the file is replaced, dropped or sent.
 */
import type { DocumentType } from '../../shared/documents';

export interface DocumentFiles {
  put(type: DocumentType, file: File): void;
  get(type: DocumentType): File | undefined;
  /** An object URL of the chosen image (null for a PDF or when none is chosen). */
  previewUrl(type: DocumentType): string | null;
  drop(type: DocumentType): void;
}

export function createDocumentFiles(
  urls: { create(file: Blob): string; revoke(url: string): void } = {
    create: (file) => URL.createObjectURL(file),
    revoke: (url) => URL.revokeObjectURL(url),
  },
): DocumentFiles {
  const files = new Map<DocumentType, File>();
  const previews = new Map<DocumentType, string>();
  const forget = (type: DocumentType) => {
    const url = previews.get(type);
    if (url) urls.revoke(url);
    previews.delete(type);
  };
  return {
    put(type, file) {
      forget(type);
      files.set(type, file);
    },
    get: (type) => files.get(type),
    previewUrl(type) {
      const file = files.get(type);
      if (!file || !file.type.startsWith('image/')) return null;
      let url = previews.get(type);
      if (!url) {
        url = urls.create(file);
        previews.set(type, url);
      }
      return url;
    },
    drop(type) {
      forget(type);
      files.delete(type);
    },
  };
}

/** The page's store (one per tab). */
export const documentFiles: DocumentFiles = createDocumentFiles();
