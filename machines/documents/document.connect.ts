import type { SnapshotFrom } from 'xstate';
import type { Failure, UiMessage } from '../kernel/api-error';
import type { documentMachine } from './document.machine';
import type { ChosenFile, DocumentInfo, DocumentType, VerificationStatus } from './document.types';
import type { verificationMachine } from './verification.machine';

export type DocumentStage =
  'empty' | 'selected' | 'uploading' | 'pendingReview' | 'cancelling' | 'approved' | 'rejected' | 'cancelled';

/** Catalog ids of the client-side check's problems. */
const PROBLEM_IDS = {
  type: 'verification.problem.type',
  typeAddress: 'verification.problem.typeAddress',
  size: 'verification.problem.size',
} as const;

export interface DocumentView {
  type: DocumentType;
  stage: DocumentStage;
  document: DocumentInfo;
  /** The chosen file's declared type and size (the preview is the app's, keyed by `previewKey`). */
  file: ChosenFile | null;
  /** Set while a chosen file is shown or sent: the key of its preview in the app's file store. */
  previewKey: string | null;
  problem: string | null;
  progress: number;
  notice: UiMessage | null;
  failure: Failure | null;
  canChoose: boolean;
  canUpload: boolean;
  canCancel: boolean;
}

export function connectDocument(snapshot: SnapshotFrom<typeof documentMachine>): DocumentView {
  const { type, document, file, selection, problem, progress, notice, failure } = snapshot.context;
  const stage =
    (
      [
        'selected',
        'uploading',
        'pendingReview',
        'cancelling',
        'approved',
        'rejected',
        'cancelled',
      ] as const satisfies readonly DocumentStage[]
    ).find((s) => snapshot.matches(s)) ?? ('empty' as const);
  const showsFile = stage === 'selected' || stage === 'uploading';
  return {
    type,
    stage,
    document,
    file: showsFile ? file : null,
    previewKey: showsFile ? `${type}:${selection}` : null,
    problem:
      problem === 'type'
        ? type === 'proof_of_address'
          ? PROBLEM_IDS.typeAddress
          : PROBLEM_IDS.type
        : problem === 'size'
          ? PROBLEM_IDS.size
          : null,
    progress,
    notice,
    failure,
    canChoose: stage === 'empty' || stage === 'selected' || stage === 'rejected' || stage === 'cancelled',
    canUpload: stage === 'selected',
    canCancel: stage === 'pendingReview',
  };
}

export interface VerificationView {
  status: 'loading' | 'failed' | 'ready';
  refreshing: boolean;
  verification: VerificationStatus | null;
  failure: Failure | null;
}

export function connectVerification(snapshot: SnapshotFrom<typeof verificationMachine>): VerificationView {
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    refreshing: snapshot.matches('refreshing'),
    verification: snapshot.context.status,
    failure: snapshot.context.failure,
  };
}
