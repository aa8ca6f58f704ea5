import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { connectBetsFeed, EMPTY_LIVE_BETS, sameLiveBets } from '../../../machines/bets-feed/bets-feed.connect';
import type { betsFeedMachine } from '../../../machines/bets-feed/bets-feed.machine';
import type { BetsFeedTab } from '../../../machines/bets-feed/bets-feed.types';
import { connectSession } from '../../../machines/session/session.connect';
import type { sessionMachine } from '../../../machines/session/session.machine';
import { connectSite } from '../../../machines/site/site.connect';
import type { homeRowsMachine } from '../../../machines/games/home-rows.machine';
import { ReactionsContext } from '../../features/casino/reactions';
import { HomeRows, type HomeRowsView } from '../../features/casino/home-rows';
import { HomePage, type HomeVisitor } from '../../features/home/home-page';
import { useThrottledSelector } from '../../features/home/live-bets-throttle';
import { intlLocale, localeFromPath } from '../../i18n/locale';
import { useApp, useAppChild } from '../app-context';
import { homeRowsViewOf } from './casino-cards';

/** Who the home page greets, from the session (the one owner of that fact). */
function visitorOf(snapshot: SnapshotFrom<typeof sessionMachine>): HomeVisitor {
  const vm = connectSession(snapshot);
  if (vm.signedIn && vm.user) return { kind: 'player', firstName: vm.user.firstName };
  return vm.status === 'checking' ? { kind: 'checking' } : { kind: 'guest' };
}
const sameVisitor = (a: HomeVisitor, b: HomeVisitor) =>
  a.kind === b.kind && (a.kind !== 'player' || (b.kind === 'player' && a.firstName === b.firstName));

const NO_ROWS: HomeRowsView = { loading: true, failed: false, rows: [] };
const sameRows = (a: HomeRowsView, b: HomeRowsView) =>
  a.loading === b.loading &&
  a.failed === b.failed &&
  a.rows.length === b.rows.length &&
  a.rows.every((row, i) => row.games === b.rows[i]?.games && row.title === b.rows[i]?.title);

export function HomeRoute() {
  const { site, session, app } = useApp();
  const rowsActor = useAppChild('homeRows');
  // The bets feed runs once its code is fetched (when the page wants live updates): until then, the empty table.
  const betsFeed = useAppChild('betsFeed');
  const visitor = useSelector(session, visitorOf, sameVisitor);
  const vm = useSelector(site, connectSite);
  const locale = localeFromPath(useLocation().pathname);
  const signedIn = visitor.kind === 'player';
  const selectLiveBets = useCallback(
    (snapshot: SnapshotFrom<typeof betsFeedMachine> | undefined) =>
      snapshot ? connectBetsFeed(snapshot, intlLocale(locale), { signedIn }) : EMPTY_LIVE_BETS,
    [locale, signedIn],
  );
  // A burst of bets renders the table a few times a second, not on every event.
  const liveBets = useThrottledSelector(betsFeed, selectLiveBets, sameLiveBets);
  // Through the root: a tab picked before the feed runs is handed to it when it starts.
  const showLiveBetsTab = useCallback((tab: BetsFeedTab) => app.send({ type: 'betsFeed.showTab', tab }), [app]);
  const signIn = useCallback(() => app.send({ type: 'loginModal.open', tab: 'login' }), [app]);
  const selectRows = useCallback(
    (snapshot: SnapshotFrom<typeof homeRowsMachine> | undefined) =>
      snapshot ? homeRowsViewOf(snapshot, locale) : NO_ROWS,
    [locale],
  );
  const rows = useSelector(rowsActor ?? undefined, selectRows, sameRows);
  if (!vm.brand) return null;
  return (
    <ReactionsContext.Provider value={app}>
      <HomePage
        brand={vm.brand}
        providers={vm.providers}
        locale={locale}
        liveBets={liveBets}
        onShowLiveBetsTab={showLiveBetsTab}
        onSignIn={signIn}
        visitor={visitor}
        gameRows={<HomeRows view={rows} />}
      />
    </ReactionsContext.Provider>
  );
}
