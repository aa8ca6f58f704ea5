import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { connectSite } from '../../../machines/site/site.connect';
import { HomePage } from '../../features/home/home-page';
import { localeFromPath } from '../../i18n/locale';
import { useApp } from '../app-context';

export function HomeRoute() {
  const { site } = useApp();
  const vm = useSelector(site, connectSite);
  const locale = localeFromPath(useLocation().pathname);
  if (!vm.brand) return null;
  return <HomePage brand={vm.brand} providers={vm.providers} locale={locale} />;
}
