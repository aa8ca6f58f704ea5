import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { connectDocument, connectVerification } from '../../../machines/documents/document.connect';
import type { documentMachine } from '../../../machines/documents/document.machine';
import type { DocumentType } from '../../../machines/documents/document.types';
import {
  documentChildId,
  VERIFICATION_ORDER,
  type verificationMachine,
} from '../../../machines/documents/verification.machine';
import { DocumentCard, VerificationPage } from '../../features/verification/verification-page';
import { useAppChild } from '../app-context';
import { documentFiles } from '../document-files';

/** /user/edit/verification: the signed-in player's documents, rendered from the root's `verification` flow. */
export function VerificationRoute() {
  const verification = useAppChild('verification');
  if (!verification) {
    return (
      <p role="status" className="page" data-testid="verification-waiting">
        <FormattedMessage id="verification.loading" />
      </p>
    );
  }
  return <Page actor={verification} />;
}

function Page({ actor }: { actor: ActorRefFrom<typeof verificationMachine> }) {
  const vm = useSelector(actor, connectVerification);
  const children = useSelector(actor, (s) => s.children as Record<string, AnyActorRef | undefined>);
  return (
    <VerificationPage
      vm={vm}
      onRetry={() => actor.send({ type: 'verification.retry' })}
      onRefresh={() => actor.send({ type: 'verification.refresh' })}
    >
      {VERIFICATION_ORDER.map((type) => {
        const child = children[documentChildId(type)] as ActorRefFrom<typeof documentMachine> | undefined;
        return child ? <Card key={type} type={type} actor={child} /> : null;
      })}
    </VerificationPage>
  );
}

function Card({ type, actor }: { type: DocumentType; actor: ActorRefFrom<typeof documentMachine> }) {
  const vm = useSelector(actor, connectDocument);
  return (
    <DocumentCard
      vm={vm}
      previewUrl={vm.previewKey ? documentFiles.previewUrl(type) : null}
      onChoose={(file) => {
        // The file stays in the app's store; the machine gets its declared type and size only.
        documentFiles.put(type, file);
        actor.send({ type: 'document.select', file: { mime: file.type, size: file.size } });
      }}
      onClear={() => {
        documentFiles.drop(type);
        actor.send({ type: 'document.clear' });
      }}
      onUpload={() => actor.send({ type: 'document.upload' })}
      onCancel={() => actor.send({ type: 'document.cancel' })}
      onDismiss={() => actor.send({ type: 'document.dismiss' })}
    />
  );
}
