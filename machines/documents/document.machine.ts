import { assign, setup, type EventObject } from 'xstate';
import { acceptedTypesOf, DOCUMENT_MAX_BYTES } from '../../shared/documents';
import { failureOf } from '../kernel/api-error';
import { notSupplied, notSuppliedCallback } from '../kernel/not-supplied';
import type {
  ChosenFile,
  DocumentContext,
  DocumentEvent,
  DocumentInfo,
  DocumentInput,
  DocumentType,
  FileProblem,
} from './document.types';

/** The problem of a chosen file by its declared type and size (the platform reads the bytes again), or null. */
export function fileProblem(type: DocumentType, file: ChosenFile): FileProblem | null {
  if (!(acceptedTypesOf(type) as readonly string[]).includes(file.mime)) return 'type';
  if (file.size <= 0 || file.size > DOCUMENT_MAX_BYTES) return 'size';
  return null;
}

const chosen = (event: DocumentEvent): ChosenFile | null => (event.type === 'document.select' ? event.file : null);

/**
 * One document of account verification (spec §7 /documents): ID front, ID back, selfie or proof
 * of address. Starts from what GET /documents/status said of it.
 *
 * - empty → selected on `document.select` of a file that passes the client-side check (JPEG, PNG or WebP, and PDF
 *   for the proof of address; 1 byte to DOCUMENT_MAX_BYTES); a file that does not stays where it was, with the
 *   `problem` shown. `selected` shows the preview; `document.clear` drops it; `document.upload` sends it.
 * - uploading: the upload actor (src/app: multipart POST /documents/upload) reports `document.progress` (0–100),
 *   then `document.uploaded` → pendingReview, or `document.uploadFailed` → selected with §8's text (413, 415, 422).
 * - pendingReview: `document.cancel` → cancelling (POST /documents/cancel/{id}) → cancelled; a refusal stays.
 * - approved, or rejected with the reviewer's `reason` (a new file may be chosen: re-upload); cancelled likewise.
 * - `document.refreshed` (the parent read the status again) moves a settled document to its new state; a file
 *   being chosen or sent is never interrupted.
 *
 * The file itself, its name and its preview URL never enter the context or an event: the app keeps them.
 */
export const documentMachine = setup({
  types: {
    context: {} as DocumentContext,
    events: {} as DocumentEvent,
    input: {} as DocumentInput,
  },
  actors: {
    upload: notSuppliedCallback<EventObject, { type: DocumentType }>('document', 'upload'),
    cancelDocument: notSupplied<{ document: DocumentInfo; message: string }, { id: number }>(
      'document',
      'cancelDocument',
    ),
  },
  guards: {
    fileOk: ({ context, event }) => {
      const file = chosen(event);
      return file !== null && fileProblem(context.type, file) === null;
    },
    isEmpty: ({ context }) => context.document.status === 'empty',
    isPending: ({ context }) => context.document.status === 'pending',
    isApproved: ({ context }) => context.document.status === 'approved',
    isRejected: ({ context }) => context.document.status === 'rejected',
  },
  actions: {
    keepFile: assign({
      file: ({ event }) => chosen(event),
      selection: ({ context }) => context.selection + 1,
      problem: null,
      notice: null,
      failure: null,
    }),
    refuseFile: assign({
      problem: ({ context, event }) => {
        const file = chosen(event);
        return file ? fileProblem(context.type, file) : null;
      },
      notice: null,
      failure: null,
    }),
    dropFile: assign({ file: null, problem: null, progress: 0 }),
    keepRefreshed: assign({
      document: ({ context, event }) => (event.type === 'document.refreshed' ? event.document : context.document),
    }),
  },
}).createMachine({
  id: 'document',
  context: ({ input }) => ({
    type: input.document.type,
    document: input.document,
    file: null,
    selection: 0,
    problem: null,
    progress: 0,
    notice: null,
    failure: null,
  }),
  initial: 'deciding',
  states: {
    /** Where the platform's status puts the document. */
    deciding: {
      always: [
        { guard: 'isEmpty', target: 'empty' },
        { guard: 'isPending', target: 'pendingReview' },
        { guard: 'isApproved', target: 'approved' },
        { guard: 'isRejected', target: 'rejected' },
        { target: 'cancelled' },
      ],
    },
    empty: {
      on: {
        'document.select': [{ guard: 'fileOk', target: 'selected', actions: 'keepFile' }, { actions: 'refuseFile' }],
        'document.refreshed': { target: 'deciding', actions: 'keepRefreshed' },
      },
    },
    selected: {
      on: {
        'document.select': [{ guard: 'fileOk', target: 'selected', actions: 'keepFile' }, { actions: 'refuseFile' }],
        'document.clear': { target: 'deciding', actions: 'dropFile' },
        'document.upload': {
          target: 'uploading',
          actions: assign({ progress: 0, problem: null, notice: null, failure: null }),
        },
        'document.dismiss': { actions: assign({ failure: null, problem: null }) },
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ type: context.type }),
        onError: { target: 'selected', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
      on: {
        'document.progress': {
          actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, Math.round(event.percent))) }),
        },
        'document.uploaded': {
          target: 'pendingReview',
          actions: assign({
            document: ({ event }) => event.document,
            notice: ({ event }) => ({ text: event.message }),
            file: null,
            progress: 100,
          }),
        },
        'document.uploadFailed': {
          target: 'selected',
          actions: assign({ failure: ({ event }) => failureOf(event.error), progress: 0 }),
        },
      },
    },
    pendingReview: {
      on: {
        'document.cancel': { target: 'cancelling', actions: assign({ notice: null, failure: null }) },
        'document.refreshed': { target: 'deciding', actions: 'keepRefreshed' },
        'document.dismiss': { actions: assign({ notice: null, failure: null }) },
      },
    },
    cancelling: {
      invoke: {
        src: 'cancelDocument',
        input: ({ context }) => ({ id: context.document.id ?? 0 }),
        onDone: {
          target: 'cancelled',
          actions: assign({
            document: ({ event }) => event.output.document,
            notice: ({ event }) => ({ text: event.output.message }),
          }),
        },
        onError: { target: 'pendingReview', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    approved: {
      on: { 'document.refreshed': { target: 'deciding', actions: 'keepRefreshed' } },
    },
    rejected: {
      on: {
        'document.select': [{ guard: 'fileOk', target: 'selected', actions: 'keepFile' }, { actions: 'refuseFile' }],
        'document.refreshed': { target: 'deciding', actions: 'keepRefreshed' },
      },
    },
    cancelled: {
      on: {
        'document.select': [{ guard: 'fileOk', target: 'selected', actions: 'keepFile' }, { actions: 'refuseFile' }],
        'document.refreshed': { target: 'deciding', actions: 'keepRefreshed' },
        'document.dismiss': { actions: assign({ notice: null, failure: null }) },
      },
    },
  },
});
