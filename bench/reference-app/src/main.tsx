/**
 * The reference app of `npm run bench` (issue 11): the smallest app built from the product's mandatory libraries
 * (react, react-dom, react-router-dom, xstate, react-intl, openapi-fetch), doing what the product's first screen
 * does at its simplest: a data router with a lazy route, one machine that fetches the site config through
 * openapi-fetch, translated texts and a heading as the largest element. The product's figures are printed as a
 * ratio to this app's, measured in the same run, so a busy machine does not fake a regression.
 */
import createClient from 'openapi-fetch';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { paths } from '../../../shared/api/schema';

const api = createClient<paths>({ baseUrl: '/api' });

const siteMachine = setup({
  types: { context: {} as { name: string | null } },
  actors: {
    fetchConfig: fromPromise(async () => {
      const { data } = await api.GET('/site-config', {
        params: { query: { domain: window.location.hostname, locale: 'pt', t: String(Date.now()) } },
      });
      return data && 'name' in data && typeof data.name === 'string' ? data.name : null;
    }),
  },
}).createMachine({
  context: { name: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchConfig',
        onDone: { target: 'ready', actions: assign({ name: ({ event }) => event.output }) },
      },
    },
    ready: {},
  },
});

const site = createActor(siteMachine).start();

const messages = {
  'home.title': 'Bem-vindo ao cassino',
  'home.text': 'Os melhores jogos, ao vivo e a qualquer hora.',
  'nav.home': 'Início',
  'nav.games': 'Jogos',
};

function Layout() {
  const [name, setName] = useState(site.getSnapshot().context.name);
  useEffect(() => {
    const subscription = site.subscribe((snapshot) => setName(snapshot.context.name));
    return () => subscription.unsubscribe();
  }, []);
  return (
    <>
      <header style={{ display: 'flex', gap: 16, padding: 16 }}>
        <strong>{name ?? '…'}</strong>
        <Link to="/">
          <FormattedMessage id="nav.home" />
        </Link>
        <Link to="/casino/games">
          <FormattedMessage id="nav.games" />
        </Link>
      </header>
      <Outlet />
    </>
  );
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { index: true, lazy: () => import('./home').then((m) => ({ Component: m.Home })) },
      { path: '*', lazy: () => import('./home').then((m) => ({ Component: m.Home })) },
    ],
  },
]);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <IntlProvider locale="pt-BR" messages={messages}>
      <RouterProvider router={router} />
    </IntlProvider>
  </StrictMode>,
);
