import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { connectPushPermission } from '../../../machines/push/push-permission.connect';
import type { pushPermissionMachine } from '../../../machines/push/push-permission.machine';
import { Button } from '../../ui/button';
import './push-prompt.css';

type PushRef = ActorRefFrom<typeof pushPermissionMachine>;

/**
 * The web push offer: a card at the bottom of the screen (a sheet on phones), never covering the
 * page's own dialogs, shown while the push machine is prompting or waiting on the browser's answer. Closing it holds
 * the offer back a day (§9); the outcome is a toast (§8).
 */
export function PushPrompt({ actorRef }: { actorRef: PushRef }) {
  const intl = useIntl();
  const vm = useSelector(actorRef, connectPushPermission);
  const titleId = useId();
  const textId = useId();
  if (!vm.promptOpen) return null;
  const dismiss = () => actorRef.send({ type: 'push.dismiss', at: Date.now() });
  return (
    <section
      className="push-prompt"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-state={vm.dataState}
      data-testid="push-prompt"
    >
      <span className="push-prompt__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <div className="push-prompt__body">
        <h2 id={titleId} className="push-prompt__title">
          {intl.formatMessage({ id: 'push.prompt.title' })}
        </h2>
        <p id={textId} className="push-prompt__text">
          {intl.formatMessage({ id: vm.busy ? 'push.prompt.busy' : 'push.prompt.text' })}
        </p>
        <div className="push-prompt__actions">
          <Button
            size="sm"
            disabled={vm.busy}
            aria-busy={vm.busy}
            onClick={() => actorRef.send({ type: 'push.enable' })}
          >
            {intl.formatMessage({ id: 'push.prompt.enable' })}
          </Button>
          <Button size="sm" variant="ghost" disabled={vm.busy} onClick={dismiss}>
            {intl.formatMessage({ id: 'push.prompt.later' })}
          </Button>
        </div>
      </div>
      <button
        type="button"
        className="push-prompt__close"
        aria-label={intl.formatMessage({ id: 'push.prompt.close' })}
        disabled={vm.busy}
        onClick={dismiss}
      >
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </button>
    </section>
  );
}
