/** Types of document verification (spec §7 POST /documents/upload, GET /documents/status). */
import type { Failure, UiMessage } from '../kernel/api-error';
import type { DocumentType } from '../../shared/documents';

export type { DocumentType };

export type DocumentStatus = 'empty' | 'pending' | 'approved' | 'rejected' | 'cancelled';

/** A document as the platform reports it (GET /documents/status); `id` null while none was sent. */
export interface DocumentInfo {
  id: number | null;
  type: DocumentType;
  status: DocumentStatus;
  reason: string | null;
  createdAt: string | null;
  reviewedAt: string | null;
}

export interface VerificationStatus {
  verified: boolean;
  kycRequired: boolean;
  documents: DocumentInfo[];
}

/**
 * What the machine knows of a chosen file: its declared type and size, never its bytes, name or an object URL
 * (the app keeps the file itself outside the machine, in a store keyed by the document type).
 */
export interface ChosenFile {
  mime: string;
  size: number;
}

export type FileProblem = 'type' | 'size';

export interface DocumentContext {
  type: DocumentType;
  document: DocumentInfo;
  file: ChosenFile | null;
  /** Counts the files chosen: the app's preview of the current one is keyed by it. */
  selection: number;
  problem: FileProblem | null;
  /** 0–100 while uploading. */
  progress: number;
  notice: UiMessage | null;
  failure: Failure | null;
}

export interface DocumentInput {
  document: DocumentInfo;
}

/** What the upload actor (supplied by src/app) reports while it sends the file of `type`. */
export type UploadReport =
  | { type: 'document.progress'; percent: number }
  | { type: 'document.uploaded'; document: DocumentInfo; message: string }
  | { type: 'document.uploadFailed'; error: unknown };

export type DocumentEvent =
  | { type: 'document.select'; file: ChosenFile }
  | { type: 'document.clear' }
  | { type: 'document.upload' }
  | { type: 'document.cancel' }
  | { type: 'document.refreshed'; document: DocumentInfo }
  | { type: 'document.dismiss' }
  | UploadReport;

export interface VerificationContext {
  status: VerificationStatus | null;
  failure: Failure | null;
}

export type VerificationEvent = { type: 'verification.retry' } | { type: 'verification.refresh' };
