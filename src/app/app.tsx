import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router-dom';
import { loadingBarMachine } from '../../machines/loading-bar/loading-bar.machine';
import { connectSite } from '../../machines/site/site.connect';
import { shellUiMachine } from '../../machines/site/shell-ui.machine';
import { Preloader } from '../features/shell/preloader';
import { I18nProvider } from '../i18n/i18n-provider';
import { intlLocale, localeFromPath } from '../i18n/locale';
import { inspector } from '../lib/inspect';
import '../ui/tokens.css';
import '../ui/base.css';
import { AppContext, type AppContextValue } from './app-context';
import { createAppRouter } from './router';
import { createAppServices, type AppServices } from './services';
import { ToastProvider, ToastRegion } from './toast-region';
import { applyBrand } from './white-label';

type AppRouter = ReturnType<typeof createAppRouter>;
let sharedRouter: AppRouter | undefined;

/** The app root: the site actor, the router, and the providers around them. */
export function App({ services: given, router: givenRouter }: { services?: AppServices; router?: AppRouter } = {}) {
  const [services] = useState(() => given ?? createAppServices());
  // One router per page (StrictMode renders twice; a second router would listen to history as well).
  const [router] = useState(() => givenRouter ?? (sharedRouter ??= createAppRouter()));
  const site = useActorRef(services.siteLogic, { input: services.siteInput, inspect: inspector?.inspect });
  const shellUi = useActorRef(shellUiMachine, { inspect: inspector?.inspect });
  const loadingBar = useActorRef(loadingBarMachine, { inspect: inspector?.inspect });
  const vm = useSelector(site, connectSite);
  const pathname = useSyncExternalStore(
    (onChange) => router.subscribe(() => onChange()),
    () => router.state.location.pathname,
  );
  const locale = localeFromPath(pathname);

  useEffect(() => {
    document.documentElement.lang = intlLocale(locale);
  }, [locale]);
  useEffect(() => {
    if (vm.brand) applyBrand(vm.brand);
  }, [vm.brand]);

  const context = useMemo<AppContextValue>(
    () => ({ services, site, shellUi, loadingBar }),
    [services, site, shellUi, loadingBar],
  );

  return (
    <I18nProvider locale={locale}>
      <ToastProvider>
        <AppContext.Provider value={context}>
          <Preloader vm={vm.preloader} onRetry={() => site.send({ type: 'site.retry' })} />
          <RouterProvider router={router} />
          <ToastRegion />
        </AppContext.Provider>
      </ToastProvider>
    </I18nProvider>
  );
}
