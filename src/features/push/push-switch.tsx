import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { connectPushPermission } from '../../../machines/push/push-permission.connect';
import type { pushPermissionMachine } from '../../../machines/push/push-permission.machine';
import { Button } from '../../ui/button';
import './push-prompt.css';
import { useT } from '../../i18n/use-t';

type PushRef = ActorRefFrom<typeof pushPermissionMachine>;

/**
 * The "browser notifications" switch of the notification centre: says whether this browser gets
 * the player's pushes, and turns them off (`push.disable`) or on (`push.enable`). Nothing where push cannot work
 * (not supported, denied in the browser's settings, not checked yet).
 */
export function PushSwitch({ actorRef }: { actorRef: PushRef }) {
  const t = useT();
  const { switchState } = useSelector(actorRef, connectPushPermission);
  if (switchState === 'unavailable') return null;
  const on = switchState === 'on';
  const busy = switchState === 'busy';
  return (
    <div className="push-switch" data-testid="push-switch" data-state={switchState}>
      <span className="push-switch__label">
        {t('push.switch.label')}
        <span className={`push-switch__state${on ? ' push-switch__state--on' : ''}`}>
          {t(busy ? 'push.switch.busy' : on ? 'push.switch.on' : 'push.switch.off')}
        </span>
      </span>
      <Button
        size="sm"
        variant={on ? 'ghost' : 'primary'}
        disabled={busy}
        aria-busy={busy}
        onClick={() => actorRef.send({ type: on ? 'push.disable' : 'push.enable' })}
        data-testid="push-switch-button"
      >
        {t(on ? 'push.switch.turn_off' : 'push.switch.turn_on')}
      </Button>
    </div>
  );
}
