import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { connectBetsFeed, sameLiveBets } from '../../../machines/bets-feed/bets-feed.connect';
import type { betsFeedMachine } from '../../../machines/bets-feed/bets-feed.machine';
import { connectSession } from '../../../machines/session/session.connect';
import type { sessionMachine } from '../../../machines/session/session.machine';
import { connectSite } from '../../../machines/site/site.connect';
import { HomePage, type HomeVisitor } from '../../features/home/home-page';
import { intlLocale, localeFromPath } from '../../i18n/locale';
import { useApp } from '../app-context';

/** Who the home page greets, from the session (the one owner of that fact). */
function visitorOf(snapshot: SnapshotFrom<typeof sessionMachine>): HomeVisitor {
  const vm = connectSession(snapshot);
  if (vm.signedIn && vm.user) return { kind: 'player', firstName: vm.user.firstName };
  return vm.status === 'checking' ? { kind: 'checking' } : { kind: 'guest' };
}
const sameVisitor = (a: HomeVisitor, b: HomeVisitor) =>
  a.kind === b.kind && (a.kind !== 'player' || (b.kind === 'player' && a.firstName === b.firstName));

export function HomeRoute() {
  const { site, betsFeed, session } = useApp();
  const visitor = useSelector(session, visitorOf, sameVisitor);
  const vm = useSelector(site, connectSite);
  const locale = localeFromPath(useLocation().pathname);
  const selectLiveBets = useCallback(
    (snapshot: SnapshotFrom<typeof betsFeedMachine>) => connectBetsFeed(snapshot, intlLocale(locale)),
    [locale],
  );
  const liveBets = useSelector(betsFeed, selectLiveBets, sameLiveBets);
  if (!vm.brand) return null;
  return <HomePage brand={vm.brand} providers={vm.providers} locale={locale} liveBets={liveBets} visitor={visitor} />;
}
