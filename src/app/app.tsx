import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router-dom';
import { connectSite } from '../../machines/site/site.connect';
import type { ToastRequest } from '../../machines/toast/toast.types';
import { Preloader } from '../features/shell/preloader';
import { I18nProvider, loadMessages } from '../i18n/i18n-provider';
import { intlLocale, localeFromPath, visitLocale } from '../i18n/locale';
import '../ui/tokens.css';
import '../ui/base.css';
import { AppContext, type AppContextValue } from './app-context';
import { createAppRuntime, toastQueueOf, type AppRuntime } from './app-runtime';
import { createAppRouter } from './router';
import { createAppServices, type AppServices } from './services';
import { ToastProvider, ToastRegion } from './toast-region';
import { applyBrand } from './white-label';

type AppRouter = ReturnType<typeof createAppRouter>;
let sharedRouter: AppRouter | undefined;
let sharedServices: AppServices | undefined;

/** One runtime per services object: StrictMode's second render (and remount) finds the same running system. */
const runtimes = new WeakMap<AppServices, AppRuntime>();
/** How many mounted apps hold each runtime. */
const holders = new WeakMap<AppRuntime, number>();

/** Tests: the running system of an app rendered with these services. */
export function appRuntimeOf(services: AppServices): AppRuntime | undefined {
  return runtimes.get(services);
}

/** Lets the browser paint and handle input between two pieces of start-up work (a task each). */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A page's start (src/main.tsx): the services, the router and the running actor system, each made in its own task,
 * so none of them makes one long task with the others (total blocking time). The App rendered with the
 * result finds that system running.
 */
export async function prepareApp(): Promise<{ services: AppServices; router: AppRouter }> {
  // The page's language is there before the first render: an English page (or `/` with the English cookie) never
  // shows its Portuguese first (Portuguese ships with the app; English's core is fetched). A failed fetch renders
  // Portuguese, as a switch does.
  const messages = loadMessages(visitLocale(window.location.pathname, document.cookie)).catch(() => undefined);
  const services = (sharedServices ??= createAppServices());
  await yieldToBrowser();
  // react-intl's provider asks Intl.NumberFormat and Intl.DateTimeFormat whether they support the locale; the first
  // such question builds the engine's list of available locales. In the first render's task that was about a third
  // of it (profiled on the home page at 4x CPU throttling: 188 of 607 ms); asked here, each in a task of its own.
  const locale = intlLocale(localeFromPath(window.location.pathname));
  Intl.NumberFormat.supportedLocalesOf(locale);
  await yieldToBrowser();
  Intl.DateTimeFormat.supportedLocalesOf(locale);
  await yieldToBrowser();
  const router = (sharedRouter ??= createAppRouter());
  await yieldToBrowser();
  if (!runtimes.has(services)) runtimes.set(services, createAppRuntime(services, router));
  await yieldToBrowser();
  await messages;
  return { services, router };
}

function useRuntime(services: AppServices, router: AppRouter): AppRuntime {
  const [runtime] = useState(() => {
    const existing = runtimes.get(services);
    if (existing) return existing;
    const created = createAppRuntime(services, router);
    runtimes.set(services, created);
    return created;
  });
  useEffect(() => {
    holders.set(runtime, (holders.get(runtime) ?? 0) + 1);
    return () => {
      holders.set(runtime, (holders.get(runtime) ?? 1) - 1);
      // StrictMode's simulated unmount is followed at once by the remount: stop only after a real unmount.
      queueMicrotask(() => {
        if (holders.get(runtime)) return;
        runtime.stop();
        runtimes.delete(services);
      });
    };
  }, [runtime, services]);
  return runtime;
}

/** The app root: the one actor system (machines/app), the router, and the providers around them. */
export function App({ services: given, router: givenRouter }: { services?: AppServices; router?: AppRouter } = {}) {
  const [services] = useState(() => given ?? (sharedServices ??= createAppServices()));
  // One router per page (StrictMode renders twice; a second router would listen to history as well).
  const [router] = useState(() => givenRouter ?? (sharedRouter ??= createAppRouter()));
  const runtime = useRuntime(services, router);
  const { site } = runtime;
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

  // The toast queue starts with the first toast (machines/app: the `toasts` region).
  const toastQueue = useSelector(runtime.app, () => toastQueueOf(runtime.app));
  const showToast = useCallback(
    (toast: ToastRequest, at: number) => runtime.app.send({ type: 'toast.show', toast, at }),
    [runtime.app],
  );
  const context = useMemo<AppContextValue>(() => {
    const { stop: _stop, ...actors } = runtime;
    return { services, ...actors };
  }, [services, runtime]);

  return (
    <I18nProvider locale={locale}>
      <ToastProvider queue={toastQueue} show={showToast}>
        <AppContext.Provider value={context}>
          <Preloader vm={vm.preloader} onRetry={() => site.send({ type: 'site.retry' })} />
          <RouterProvider router={router} />
          <ToastRegion />
        </AppContext.Provider>
      </ToastProvider>
    </I18nProvider>
  );
}
