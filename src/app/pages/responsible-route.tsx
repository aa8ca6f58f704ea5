import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  connectResponsibleGaming,
  connectSelfExclusion,
} from '../../../machines/responsible-gaming/responsible-gaming.connect';
import type { responsibleGamingMachine } from '../../../machines/responsible-gaming/responsible-gaming.machine';
import type { selfExclusionMachine } from '../../../machines/responsible-gaming/self-exclusion.machine';
import { connectSession } from '../../../machines/session/session.connect';
import { ResponsibleGamingPage } from '../../features/responsible-gaming/responsible-gaming-page';
import { useApp, useAppChild } from '../app-context';

/**
 * /responsible-gambling: the signed-in player's limits, reality check and self-exclusion, rendered from the root's
 * `responsibleGaming` and `selfExclusion` flows (started by the root for this page once the session says who the
 * player is: a guest is asked to sign in by the route guard).
 */
export function ResponsibleRoute() {
  const { session } = useApp();
  const vm = useSelector(session, connectSession);
  const settings = useAppChild('responsibleGaming');
  const exclusion = useAppChild('selfExclusion');
  if (!vm.user || !settings) {
    return (
      <p role="status" className="page" data-testid="rg-waiting">
        <FormattedMessage id="rg.loading" />
      </p>
    );
  }
  return <Page settings={settings} exclusion={exclusion} />;
}

function Page({
  settings,
  exclusion,
}: {
  settings: ActorRefFrom<typeof responsibleGamingMachine>;
  exclusion: ActorRefFrom<typeof selfExclusionMachine> | null;
}) {
  const view = useSelector(settings, connectResponsibleGaming);
  const exclusionView = useSelector(exclusion ?? settings, (s) =>
    exclusion ? connectSelfExclusion(s as Parameters<typeof connectSelfExclusion>[0]) : null,
  );
  return (
    <ResponsibleGamingPage
      settings={view}
      exclusion={exclusionView}
      onSaveLimit={(kind, period, text) => settings.send({ type: 'limits.save', kind, period, text })}
      onSaveRealityCheck={(minutes) => settings.send({ type: 'realityCheck.save', minutes })}
      onRetry={() => settings.send({ type: 'responsibleGaming.retry' })}
      onDismiss={() => settings.send({ type: 'responsibleGaming.dismiss' })}
      onChooseExclusion={(value) => exclusion?.send({ type: 'selfExclusion.choose', value })}
      onReviewExclusion={() => exclusion?.send({ type: 'selfExclusion.review' })}
      onBackExclusion={() => exclusion?.send({ type: 'selfExclusion.back' })}
      onConfirmExclusion={() => exclusion?.send({ type: 'selfExclusion.confirm' })}
    />
  );
}
