import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { isRouteErrorResponse, Outlet, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { connectLoadingBar } from '../../machines/loading-bar/loading-bar.connect';
import { connectSite } from '../../machines/site/site.connect';
import { connectShellUi } from '../../machines/site/shell-ui.connect';
import { ConnectionIndicator } from '../features/realtime/connection-indicator';
import { LoadingBar } from '../features/shell/loading-bar';
import { EmptyLayout, ShellLayout } from '../features/shell/shell-layout';
import { withMessages } from '../i18n/i18n-provider';
import { localeFromPath, localizePath, type Locale } from '../i18n/locale';
import {
  connectLanguageSwitch,
  sameLanguageSwitch,
  type LanguageSwitchViewModel,
} from '../../machines/app/language.connect';
import { useApp, useAppChild } from './app-context';
import { redirectConfigOf, resolveRedirect, type RedirectDecision } from './redirects';
import { useSessionShell } from './session-ui';
import { useCurrentEntry, useDocumentTitle } from './route-handle';
import { ChatRegion, useOpenChat } from './chat-region';
import { useNotificationsShell } from './notifications-ui';
import { MissionWidgetsRegion } from './missions-ui';
import { isUserAreaPath, UserAreaFrame } from './user-area';

/** The error pages and their texts come with their chunk when first shown (not in the first load). */
const errorPages = withMessages('errors', () => import('../features/errors/error-page'));
const NotFoundPage = lazy(() => errorPages().then((m) => ({ default: m.NotFoundPage })));
const ErrorPage = lazy(() => errorPages().then((m) => ({ default: m.ErrorPage })));
/** The build watch's banner comes with the page's tools (not in the first load). */
const BuildWatchBanner = lazy(() => import('./build-watch-banner').then((m) => ({ default: m.BuildWatchBanner })));

/** The root route: §2.3 behaviours that hang on the URL, and the top loading bar. */
export function RootRoute() {
  const { loadingBar } = useApp();
  const bar = useSelector(loadingBar, connectLoadingBar);
  const buildWatch = useAppChild('buildWatch');
  const redirect = useServerRedirect();
  // The side menu, the loading bar, the site's language and the tracking parameters follow the router through
  // src/app/app-runtime.ts, before anything renders.

  return (
    <>
      <LoadingBar vm={bar} />
      {redirect.kind === 'none' ? <Outlet /> : null}
      {buildWatch ? (
        <Suspense fallback={null}>
          <BuildWatchBanner buildWatch={buildWatch} />
        </Suspense>
      ) : null}
    </>
  );
}

/** §2.3: applies the site config's redirect for the current path (in-app: replace; absolute: a full page load). */
function useServerRedirect(): RedirectDecision {
  const { site } = useApp();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const config = useSelector(site, redirectConfigOf);
  const redirect = useMemo(
    () => resolveRedirect(pathname, localeFromPath(pathname), config, window.location.origin, search),
    [pathname, search, config],
  );
  useEffect(() => {
    if (redirect.kind === 'in-app') void navigate(redirect.to, { replace: true });
    else if (redirect.kind === 'full') window.location.assign(redirect.to);
  }, [redirect, navigate]);
  return redirect;
}

/** Scrolls the main wrapper (and the window) to the top when the path changes (§2.3). */
function useScrollToTopOnPathChange() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    mainRef.current?.scrollTo?.({ top: 0 });
    window.scrollTo?.({ top: 0 });
  }, [pathname]);
  return mainRef;
}

/**
 * The header's language switch: the root's `language` region decides (it reads a tap against the address, not
 * against a page React may not have re-rendered yet) and the router bridge changes the address and the cookie.
 */
function useLanguageSwitch(): { vm: LanguageSwitchViewModel; onSwitch: (next: Locale) => void } {
  const { app } = useApp();
  const vm = useSelector(app, connectLanguageSwitch, sameLanguageSwitch);
  const onSwitch = useCallback(
    (to: Locale) => app.send({ type: 'app.switchLocale', to, at: performance.now() }),
    [app],
  );
  return { vm, onSwitch };
}

/** The default layout with the brand's header, menus and footer; hides routes of switched-off features. */
export function DefaultLayoutRoute() {
  const { site, shellUi } = useApp();
  const connection = useAppChild('connection');
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const brand = useSelector(site, (s) => connectSite(s).brand);
  const ui = useSelector(shellUi, connectShellUi);
  const { entry } = useCurrentEntry();
  const mainRef = useScrollToTopOnPathChange();
  const languageSwitch = useLanguageSwitch();
  const onChatOpen = useOpenChat();
  const hidden = Boolean(entry?.feature && brand && !brand.features[entry.feature]);

  const sessionShell = useSessionShell(locale);
  const notificationsShell = useNotificationsShell(locale);

  useDocumentTitle(brand, hidden);

  if (!brand) return null;
  const send: typeof shellUi.send = (event) => shellUi.send(event);
  return (
    <>
      {connection ? <ConnectionIndicator actorRef={connection} /> : null}
      <ChatRegion />
      <ShellLayout
        onChatOpen={onChatOpen}
        brand={brand}
        locale={locale}
        ui={ui}
        send={send}
        languageSwitch={languageSwitch}
        mainRef={mainRef}
        path={pathname}
        account={
          <>
            {notificationsShell.bell}
            {sessionShell.account}
          </>
        }
        overlays={
          <>
            {sessionShell.overlays}
            {notificationsShell.popups}
            <MissionWidgetsRegion />
          </>
        }
        notice={sessionShell.notice}
        onSignIn={sessionShell.onSignIn}
      >
        {hidden ? (
          <Suspense fallback={null}>
            <NotFoundPage path={pathname} homeHref={localizePath('/', locale)} />
          </Suspense>
        ) : isUserAreaPath(entry?.path) ? (
          <UserAreaFrame path={entry?.path ?? '/user'} locale={locale} kyc={brand.features.kyc === true}>
            <Outlet />
          </UserAreaFrame>
        ) : (
          <Outlet />
        )}
      </ShellLayout>
    </>
  );
}

/** The empty layout (§2.2: /messaging-2). */
export function EmptyLayoutRoute() {
  const { site } = useApp();
  const { pathname } = useLocation();
  const brand = useSelector(site, (s) => connectSite(s).brand);
  const mainRef = useScrollToTopOnPathChange();
  useDocumentTitle(brand);
  if (!brand) return null;
  return (
    <EmptyLayout mainRef={mainRef} path={pathname}>
      <Outlet />
    </EmptyLayout>
  );
}

/** A route that failed: 404 (unmatched or a failed parameter check) or the error page by status (§2.4, §8). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { app } = useApp();
  const { pathname } = useLocation();
  const home = localizePath('/', localeFromPath(pathname));
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    // eslint-disable-next-line local/no-effect-send -- a render error is React's, not a machine's: the root shows it
    if (status !== 404) app.send({ type: 'app.renderFailed' });
  }, [status, app]);
  return (
    <Suspense fallback={null}>
      {status === 404 ? (
        <NotFoundPage path={pathname} homeHref={home} />
      ) : (
        <ErrorPage status={status} homeHref={home} />
      )}
    </Suspense>
  );
}
