import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectDocument, connectVerification } from './document.connect';
import type { documentMachine } from './document.machine';
import type { DocumentInfo, DocumentStatus, DocumentType, VerificationStatus } from './document.types';
import { documentChildId, VERIFICATION_ORDER, verificationMachine } from './verification.machine';
import type { SnapshotFrom } from 'xstate';

const settle = () => new Promise((r) => setTimeout(r, 0));

const doc = (type: DocumentType, status: DocumentStatus): DocumentInfo => ({
  id: status === 'empty' ? null : VERIFICATION_ORDER.indexOf(type) + 1,
  type,
  status,
  reason: status === 'rejected' ? 'Foto ilegível.' : null,
  createdAt: status === 'empty' ? null : '2026-11-26T15:00:00.000Z',
  reviewedAt: null,
});
const statusOf = (statuses: Partial<Record<DocumentType, DocumentStatus>>, verified = false): VerificationStatus => ({
  verified,
  kycRequired: true,
  documents: VERIFICATION_ORDER.map((type) => doc(type, statuses[type] ?? 'empty')),
});

function machineWith(answers: (VerificationStatus | Error)[]) {
  let calls = 0;
  const machine = verificationMachine.provide({
    actors: {
      loadStatus: fromPromise(async () => {
        const answer = answers[Math.min(calls, answers.length - 1)];
        calls += 1;
        if (answer instanceof Error) throw answer;
        return answer!;
      }),
    },
  });
  return { machine, calls: () => calls };
}

const child = (actor: AnyActorRef, type: DocumentType) =>
  connectDocument(
    (actor.getSnapshot().children as Record<string, AnyActorRef>)[documentChildId(type)]!.getSnapshot() as SnapshotFrom<
      typeof documentMachine
    >,
  );

describe('verification machine', () => {
  it('loads the status and starts one document machine per type, in order', async () => {
    const { machine } = machineWith([statusOf({ id_front: 'pending', selfie: 'rejected' })]);
    const { actor } = createTestActor(machine);
    expect(connectVerification(actor.getSnapshot()).status).toBe('loading');
    await settle();
    const view = connectVerification(actor.getSnapshot());
    expect(view).toMatchObject({ status: 'ready', refreshing: false, failure: null });
    expect(view.verification?.kycRequired).toBe(true);
    expect(Object.keys(actor.getSnapshot().children)).toEqual(VERIFICATION_ORDER.map(documentChildId));
    expect(VERIFICATION_ORDER.map((t) => child(actor, t).stage)).toEqual([
      'pendingReview',
      'empty',
      'rejected',
      'empty',
    ]);
  });

  it('shows §8 when the status cannot be read, and retries', async () => {
    const { machine, calls } = machineWith([
      Object.assign(new Error('x'), { status: 503, messages: [], fields: {} }),
      statusOf({}),
    ]);
    const { actor } = createTestActor(machine);
    await settle();
    expect(connectVerification(actor.getSnapshot())).toMatchObject({ status: 'failed', failure: { status: 503 } });
    actor.send({ type: 'verification.retry' });
    await settle();
    expect(connectVerification(actor.getSnapshot()).status).toBe('ready');
    expect(calls()).toBe(2);
  });

  it('reads the status again on refresh: each document follows its review, verified is updated', async () => {
    const { machine } = machineWith([
      statusOf({ id_front: 'pending' }),
      statusOf({ id_front: 'approved', id_back: 'approved', selfie: 'approved', proof_of_address: 'approved' }, true),
      Object.assign(new Error('x'), { status: 0, messages: [], fields: {} }),
    ]);
    const { actor } = createTestActor(machine);
    await settle();
    actor.send({ type: 'verification.refresh' });
    expect(connectVerification(actor.getSnapshot()).refreshing).toBe(true);
    await settle();
    expect(connectVerification(actor.getSnapshot()).verification?.verified).toBe(true);
    expect(child(actor, 'id_front').stage).toBe('approved');
    // A failed read keeps the page as it was, with the failure shown.
    actor.send({ type: 'verification.refresh' });
    await settle();
    const view = connectVerification(actor.getSnapshot());
    expect(view).toMatchObject({ status: 'ready', failure: { status: 0 } });
    expect(view.verification?.verified).toBe(true);
  });
});
