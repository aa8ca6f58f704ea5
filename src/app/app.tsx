import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { betsFeedMachine } from '../../machines/bets-feed/bets-feed.machine';
import { RouterProvider } from 'react-router-dom';
import { loadingBarMachine } from '../../machines/loading-bar/loading-bar.machine';
import { connectSite } from '../../machines/site/site.connect';
import { shellUiMachine } from '../../machines/site/shell-ui.machine';
import { Preloader } from '../features/shell/preloader';
import { I18nProvider } from '../i18n/i18n-provider';
import { intlLocale, localeFromPath, localizePath } from '../i18n/locale';
import { inspector } from '../lib/inspect';
import { useStartedActor } from '../lib/use-started-actor';
import '../ui/tokens.css';
import '../ui/base.css';
import { AppContext, type AppContextValue } from './app-context';
import { liveSettingsOf, sameLiveSettings } from './live';
import { createSessionServices } from './session';
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
  const site = useStartedActor(services.siteLogic, { input: services.siteInput, inspect: inspector?.inspect });
  const shellUi = useStartedActor(shellUiMachine, { inspect: inspector?.inspect });
  const loadingBar = useStartedActor(loadingBarMachine, { inspect: inspector?.inspect });
  const vm = useSelector(site, connectSite);
  const live = useLive(services, site);
  const [sessionServices] = useState(
    () => services.session ?? createSessionServices({ storage: services.storage, api: services.api, live: services.live }),
  );
  const session = useStartedActor(sessionServices.sessionLogic, { input: sessionServices.sessionInput, inspect: inspector?.inspect });
  const loginModal = useStartedActor(sessionServices.loginModalLogic, {
    input: sessionServices.loginModalInput,
    inspect: inspector?.inspect,
  });
  const pathname = useSyncExternalStore(
    (onChange) => router.subscribe(() => onChange()),
    () => router.state.location.pathname,
  );
  const locale = localeFromPath(pathname);

  useEffect(() => {
    document.documentElement.lang = intlLocale(locale);
  }, [locale]);
  // The site's texts (title, banners) follow the player's language; the machine ignores an unchanged one.
  useEffect(() => {
    site.send({ type: 'site.localeChanged', locale });
  }, [site, locale]);
  useEffect(() => {
    if (vm.brand) applyBrand(vm.brand);
  }, [vm.brand]);

  // The session's announcements: the live connection, the login modal and navigation follow them (§4 Session).
  useEffect(() => {
    const subscriptions = [
      session.on('connection.credentialsChanged', () => sessionServices.credentialsChanged()),
      session.on('session.signedIn', (event) => loginModal.send(event)),
      session.on('session.signedOut', (event) => loginModal.send(event)),
      session.on('session.selfExcluded', (event) => loginModal.send(event)),
      session.on('session.navigateHome', () => {
        void router.navigate(localizePath('/', localeFromPath(router.state.location.pathname)));
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [session, loginModal, sessionServices, router]);

  const context = useMemo<AppContextValue>(
    () => ({ services, site, shellUi, loadingBar, ...live, session, sessionServices, loginModal }),
    [services, site, shellUi, loadingBar, live, session, sessionServices, loginModal],
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

const noLiveUpdates = () => () => {};

/**
 * Live updates: once the site is ready, the connection actor from the config's realtime settings, and the bets
 * feed listening to the brand's public channel; both stop when the settings change or the app unmounts.
 */
function useLive(services: AppServices, site: AppContextValue['site']): Pick<AppContextValue, 'connection' | 'betsFeed'> {
  const { live } = services;
  const betsFeed = useStartedActor(live?.betsFeedLogic ?? betsFeedMachine, { inspect: inspector?.inspect });
  const settings = useSelector(site, liveSettingsOf, sameLiveSettings);
  const connection = useSyncExternalStore(live?.subscribe ?? noLiveUpdates, () => live?.connection() ?? null);
  useEffect(() => {
    if (!live || !settings) return;
    const stop = live.connect(settings, { inspect: inspector?.inspect });
    betsFeed.send({ type: 'betsFeed.start', casinoId: settings.casinoId });
    return () => {
      betsFeed.send({ type: 'betsFeed.stop' });
      stop();
    };
  }, [live, settings, betsFeed]);
  return useMemo(() => ({ connection, betsFeed }), [connection, betsFeed]);
}
