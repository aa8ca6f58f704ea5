import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { connectCrates } from '../../../machines/boxes/boxes.connect';
import type { cratesMachine } from '../../../machines/boxes/crates.machine';
import { CratesPage } from '../../features/boxes/crates-page';
import { localeFromPath, localizePath } from '../../i18n/locale';
import { Skeleton } from '../../ui/skeleton';
import { useAppChild } from '../app-context';

/** /casino/crates: the root's `crates` flow. */
export function CratesRoute() {
  const actor = useAppChild('crates');
  if (!actor) {
    return (
      <div className="page" aria-busy="true" data-testid="crates-waiting">
        <Skeleton width="30%" height={32} />
      </div>
    );
  }
  return <Crates key={actor.id} actor={actor} />;
}

function Crates({ actor }: { actor: ActorRefFrom<typeof cratesMachine> }) {
  const view = useSelector(actor, connectCrates);
  const locale = localeFromPath(useLocation().pathname);
  return (
    <CratesPage
      view={view}
      boxHref={(name) => localizePath(`/casino/box/${name}`, locale)}
      onFilter={(color) => actor.send({ type: 'crates.filter', color })}
      onRetry={() => actor.send({ type: 'crates.retry' })}
    />
  );
}
