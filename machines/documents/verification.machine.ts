import { assign, enqueueActions, setup } from 'xstate';
import { DOCUMENT_TYPES } from '../../shared/documents';
import { failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import { documentMachine } from './document.machine';
import type { DocumentType, VerificationContext, VerificationEvent, VerificationStatus } from './document.types';

/** The child of a document type: `snapshot.children[documentChildId('id_front')]`. */
export const documentChildId = (type: DocumentType) => `document-${type}` as const;

/**
 * /user/edit/verification: GET /documents/status, then one `document` machine per type
 * (ID front, ID back, selfie, proof of address; ids `document-<type>`), each with what the platform said of it.
 *
 * - loading → ready (the four children started), or failed (§8's text; `verification.retry`).
 * - `verification.refresh` → refreshing: the status read again; each child gets `document.refreshed` with its
 *   document (a review decided meanwhile shows at once) and `verified` is updated; a failed read keeps the page
 *   as it was, with the failure shown.
 */
export const verificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
  },
  actors: {
    loadStatus: notSupplied<VerificationStatus>('verification', 'loadStatus'),
    document: documentMachine,
  },
  actions: {
    keepStatus: assign({ status: (_, status: VerificationStatus) => status, failure: null }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
    spawnDocuments: enqueueActions(({ context, enqueue }) => {
      for (const document of context.status?.documents ?? []) {
        enqueue.spawnChild('document', { id: documentChildId(document.type), input: { document } });
      }
    }),
    sendRefreshed: enqueueActions(({ context, enqueue }) => {
      for (const document of context.status?.documents ?? []) {
        enqueue.sendTo(documentChildId(document.type), { type: 'document.refreshed', document });
      }
    }),
  },
}).createMachine({
  id: 'verification',
  context: { status: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadStatus',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keepStatus', params: ({ event }: { event: { output: VerificationStatus } }) => event.output },
            'spawnDocuments',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    failed: {
      on: { 'verification.retry': { target: 'loading' } },
    },
    ready: {
      on: { 'verification.refresh': { target: 'refreshing' } },
    },
    refreshing: {
      invoke: {
        src: 'loadStatus',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keepStatus', params: ({ event }: { event: { output: VerificationStatus } }) => event.output },
            'sendRefreshed',
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'keepFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
  },
});

/** The document types in the order the page shows them. */
export const VERIFICATION_ORDER: readonly DocumentType[] = DOCUMENT_TYPES;
