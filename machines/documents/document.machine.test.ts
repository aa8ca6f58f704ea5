import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { DOCUMENT_MAX_BYTES } from '../../shared/documents';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectDocument } from './document.connect';
import { documentMachine, fileProblem } from './document.machine';
import type { DocumentInfo, DocumentStatus, DocumentType, UploadReport } from './document.types';

const settle = () => new Promise((r) => setTimeout(r, 0));

const doc = (
  status: DocumentStatus,
  type: DocumentType = 'id_front',
  extra: Partial<DocumentInfo> = {},
): DocumentInfo => ({
  id: status === 'empty' ? null : 7,
  type,
  status,
  reason: status === 'rejected' ? 'Foto ilegível.' : null,
  createdAt: status === 'empty' ? null : '2026-11-26T15:00:00.000Z',
  reviewedAt: status === 'approved' || status === 'rejected' ? '2026-11-26T16:00:00.000Z' : null,
  ...extra,
});
const PNG = { mime: 'image/png', size: 2_048 };
const PDF = { mime: 'application/pdf', size: 2_048 };
const apiError = (status: number, text: string) =>
  Object.assign(new Error(text), { status, messages: [{ text }], fields: { document: [text] } });

/** The machine with an upload that plays `script` (reports sent back in order) and a cancel answering `cancel`. */
function machineWith(
  script: (report: (r: UploadReport) => void) => void = () => {},
  cancel: () => Promise<{ document: DocumentInfo; message: string }> = async () => ({
    document: doc('cancelled'),
    message: 'Envio cancelado.',
  }),
) {
  const uploads: DocumentType[] = [];
  const machine = documentMachine.provide({
    actors: {
      upload: fromCallback<EventObject, { type: DocumentType }>(({ input, sendBack }) => {
        uploads.push(input.type);
        script((r) => sendBack(r));
      }),
      cancelDocument: fromPromise(cancel),
    },
  });
  return { machine, uploads };
}

const start = (document: DocumentInfo, machine = machineWith().machine) =>
  createTestActor(machine, { input: { document } }).actor;

describe('document machine: the client-side check', () => {
  it('takes photos for every type and a PDF only for the proof of address, 1 byte to the shared limit', () => {
    expect(fileProblem('id_front', PNG)).toBeNull();
    expect(fileProblem('selfie', { mime: 'image/jpeg', size: DOCUMENT_MAX_BYTES })).toBeNull();
    expect(fileProblem('id_back', { mime: 'image/webp', size: 1 })).toBeNull();
    expect(fileProblem('id_front', PDF)).toBe('type');
    expect(fileProblem('proof_of_address', PDF)).toBeNull();
    expect(fileProblem('id_front', { mime: 'image/svg+xml', size: 10 })).toBe('type');
    expect(fileProblem('id_front', { mime: 'application/x-msdownload', size: 10 })).toBe('type');
    expect(fileProblem('id_front', { mime: 'image/png', size: 0 })).toBe('size');
    expect(fileProblem('id_front', { mime: 'image/png', size: DOCUMENT_MAX_BYTES + 1 })).toBe('size');
  });
});

describe('document machine: from the platform’s status', () => {
  it.each([
    ['empty', 'empty'],
    ['pending', 'pendingReview'],
    ['approved', 'approved'],
    ['rejected', 'rejected'],
    ['cancelled', 'cancelled'],
  ] as const)('a %s document starts in %s', (status, stage) => {
    const actor = start(doc(status));
    expect(actor.getSnapshot().value).toBe(stage);
    expect(connectDocument(actor.getSnapshot()).stage).toBe(stage);
  });
});

describe('document machine: choose, check, send', () => {
  it('refuses a file that fails the check where it is (empty), then takes one and sends it with progress', async () => {
    const { machine, uploads } = machineWith((report) => {
      report({ type: 'document.progress', percent: 42.4 });
    });
    const actor = start(doc('empty'), machine);
    actor.send({ type: 'document.select', file: { mime: 'image/svg+xml', size: 100 } });
    expect(actor.getSnapshot().value).toBe('empty');
    expect(connectDocument(actor.getSnapshot()).problem).toBe('verification.problem.type');
    actor.send({ type: 'document.select', file: { mime: 'image/png', size: DOCUMENT_MAX_BYTES + 1 } });
    expect(connectDocument(actor.getSnapshot()).problem).toBe('verification.problem.size');

    actor.send({ type: 'document.select', file: PNG });
    let view = connectDocument(actor.getSnapshot());
    expect(view).toMatchObject({
      stage: 'selected',
      file: PNG,
      previewKey: 'id_front:1',
      problem: null,
      canUpload: true,
    });
    // Another file replaces it (a new preview key); a bad one keeps the chosen one and says why.
    actor.send({ type: 'document.select', file: { mime: 'image/jpeg', size: 10 } });
    expect(connectDocument(actor.getSnapshot()).previewKey).toBe('id_front:2');
    actor.send({ type: 'document.select', file: PDF });
    view = connectDocument(actor.getSnapshot());
    expect(view).toMatchObject({ stage: 'selected', previewKey: 'id_front:2', problem: 'verification.problem.type' });
    actor.send({ type: 'document.dismiss' });
    expect(connectDocument(actor.getSnapshot()).problem).toBeNull();

    actor.send({ type: 'document.upload' });
    await settle();
    view = connectDocument(actor.getSnapshot());
    expect(view).toMatchObject({ stage: 'uploading', progress: 42, canUpload: false, canChoose: false });
    expect(uploads).toEqual(['id_front']);
    // Nothing of the file but its declared type and size is in the context.
    expect(JSON.stringify(actor.getSnapshot().context)).not.toMatch(/blob:|data:/);
  });

  it('clears a chosen file back to where it was (empty, rejected)', () => {
    const empty = start(doc('empty'));
    empty.send({ type: 'document.select', file: PNG });
    empty.send({ type: 'document.clear' });
    expect(empty.getSnapshot().value).toBe('empty');
    expect(connectDocument(empty.getSnapshot()).file).toBeNull();
    const rejected = start(doc('rejected'));
    rejected.send({ type: 'document.select', file: PNG });
    rejected.send({ type: 'document.clear' });
    expect(rejected.getSnapshot().value).toBe('rejected');
  });

  it('goes pending once the platform took it, with its message', async () => {
    const { machine } = machineWith((report) => {
      report({ type: 'document.progress', percent: 150 });
      report({ type: 'document.uploaded', document: doc('pending'), message: 'Documento enviado.' });
    });
    const actor = start(doc('empty'), machine);
    actor.send({ type: 'document.select', file: PNG });
    actor.send({ type: 'document.upload' });
    await settle();
    const view = connectDocument(actor.getSnapshot());
    expect(view).toMatchObject({
      stage: 'pendingReview',
      progress: 100,
      notice: { text: 'Documento enviado.' },
      file: null,
      previewKey: null,
      canCancel: true,
    });
    actor.send({ type: 'document.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('keeps the file after a refusal (415 by content) with §8’s text, and after the upload crashed', async () => {
    const { machine } = machineWith((report) => {
      report({ type: 'document.progress', percent: -3 });
      report({ type: 'document.uploadFailed', error: apiError(415, 'Tipo de arquivo não suportado.') });
    });
    const actor = start(doc('empty'), machine);
    actor.send({ type: 'document.select', file: PNG });
    actor.send({ type: 'document.upload' });
    await settle();
    let view = connectDocument(actor.getSnapshot());
    expect(view).toMatchObject({ stage: 'selected', progress: 0, file: PNG, canUpload: true });
    expect(view.failure).toMatchObject({ status: 415, messages: [{ text: 'Tipo de arquivo não suportado.' }] });

    const crashed = start(doc('empty'), documentMachine); // no upload supplied: the actor fails to start
    crashed.send({ type: 'document.select', file: PNG });
    crashed.send({ type: 'document.upload' });
    await settle();
    view = connectDocument(crashed.getSnapshot());
    expect(view.stage).toBe('selected');
    expect(view.failure?.messages).toEqual([{ id: 'error_messages.unexpected' }]);
  });
});

describe('document machine: review, cancel, re-upload', () => {
  it('cancels a pending document; a refused cancel stays pending with why', async () => {
    const actor = start(doc('pending'));
    actor.send({ type: 'document.cancel' });
    expect(connectDocument(actor.getSnapshot()).stage).toBe('cancelling');
    await settle();
    expect(connectDocument(actor.getSnapshot())).toMatchObject({
      stage: 'cancelled',
      notice: { text: 'Envio cancelado.' },
      canChoose: true,
    });
    actor.send({ type: 'document.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();

    const { machine } = machineWith(undefined, async () => {
      throw apiError(422, 'Só um documento em análise pode ser cancelado.');
    });
    const refused = start(doc('pending'), machine);
    refused.send({ type: 'document.cancel' });
    await settle();
    expect(refused.getSnapshot().value).toBe('pendingReview');
    expect(refused.getSnapshot().context.failure?.status).toBe(422);
    refused.send({ type: 'document.dismiss' });
    expect(refused.getSnapshot().context.failure).toBeNull();
  });

  it('shows a rejection’s reason and takes a new file (re-upload); a cancelled one likewise', () => {
    const rejected = start(doc('rejected'));
    expect(connectDocument(rejected.getSnapshot()).document.reason).toBe('Foto ilegível.');
    rejected.send({ type: 'document.select', file: { mime: 'text/html', size: 3 } });
    expect(rejected.getSnapshot().value).toBe('rejected');
    rejected.send({ type: 'document.select', file: PNG });
    expect(rejected.getSnapshot().value).toBe('selected');

    const cancelled = start(doc('cancelled', 'proof_of_address'));
    cancelled.send({ type: 'document.select', file: { mime: 'image/gif', size: 3 } });
    expect(connectDocument(cancelled.getSnapshot()).problem).toBe('verification.problem.typeAddress');
    cancelled.send({ type: 'document.select', file: PDF });
    expect(cancelled.getSnapshot().value).toBe('selected');
  });

  it('follows the status read again in every settled state, never while a file is chosen', () => {
    const empty = start(doc('empty'));
    empty.send({ type: 'document.refreshed', document: doc('pending') });
    expect(empty.getSnapshot().value).toBe('pendingReview');
    empty.send({ type: 'document.refreshed', document: doc('rejected') });
    expect(empty.getSnapshot().value).toBe('rejected');
    expect(empty.getSnapshot().context.document.reason).toBe('Foto ilegível.');
    empty.send({ type: 'document.refreshed', document: doc('approved') });
    expect(empty.getSnapshot().value).toBe('approved');
    empty.send({ type: 'document.refreshed', document: doc('cancelled') });
    expect(empty.getSnapshot().value).toBe('cancelled');
    empty.send({ type: 'document.refreshed', document: doc('empty') });
    expect(empty.getSnapshot().value).toBe('empty');

    empty.send({ type: 'document.select', file: PNG });
    empty.send({ type: 'document.refreshed', document: doc('approved') });
    expect(empty.getSnapshot().value).toBe('selected');
  });
});
