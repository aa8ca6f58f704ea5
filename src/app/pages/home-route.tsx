import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { connectBetsFeed, sameLiveBets } from '../../../machines/bets-feed/bets-feed.connect';
import type { betsFeedMachine } from '../../../machines/bets-feed/bets-feed.machine';
import { connectSite } from '../../../machines/site/site.connect';
import { HomePage } from '../../features/home/home-page';
import { intlLocale, localeFromPath } from '../../i18n/locale';
import { useApp } from '../app-context';

export function HomeRoute() {
  const { site, betsFeed } = useApp();
  const vm = useSelector(site, connectSite);
  const locale = localeFromPath(useLocation().pathname);
  const selectLiveBets = useCallback(
    (snapshot: SnapshotFrom<typeof betsFeedMachine>) => connectBetsFeed(snapshot, intlLocale(locale)),
    [locale],
  );
  const liveBets = useSelector(betsFeed, selectLiveBets, sameLiveBets);
  if (!vm.brand) return null;
  return <HomePage brand={vm.brand} providers={vm.providers} locale={locale} liveBets={liveBets} />;
}
