import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router-dom';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { contentPageMachine } from '../../machines/site/content-page.machine';
import type { ContentPage, ContentPageInput } from '../../machines/site/content-page.types';
import { siteMachine } from '../../machines/site/site.machine';
import type { Provider, SiteActorInput, SiteConfigResult } from '../../machines/site/site.types';
import type { SessionUser } from '../../machines/session/session.types';
import { siteConfigFixture } from '../../tests/shell/site-config.fixture';
import { createApiClient } from '../lib/api/client';
import { createMemoryStorage, storageKeys } from '../lib/storage';
import { App } from './app';
import { appRoutes } from './router';
import type { AppServices } from './services';
import { createSessionServices } from './session';

/**
 * `npm start` (React StrictMode) against the preview build. The app under StrictMode, with calls that
 * behave like `fetch`: they answer a moment later and reject with an AbortError when their signal is aborted.
 * StrictMode mounts every component twice; an actor must still start its work once and never see the first
 * mount's aborted call (that sent content pages, the withdrawal form and the session check to their error paths).
 */
// The shell prefetches the session forms' chunk when it renders the login modal's loader; on a busy machine that
// import can still be on its way when the last test ends. Let it land before the environment goes.
afterAll(async () => {
  await import('../features/session/session-forms');
});

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

function later<T>(signal: AbortSignal, answer: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    signal.addEventListener('abort', () => reject(abortError()));
    setTimeout(() => resolve(answer()), 0);
  });
}

const privacy: ContentPage = {
  slug: 'privacy',
  locale: 'pt',
  title: 'Política de privacidade',
  html: '<p>Texto</p>',
  updated_at: '2025-01-02T00:00:00Z',
};
const ana = {
  id: 7,
  first_name: 'Ana',
  last_name: 'Souza',
  name: 'Ana Souza',
  email: 'ana@sorteverde.test',
  username: '+5511912345678',
  wallet: { balance: 25000, deposit_count: 3, currency: 'BRL' },
} as SessionUser;
const rows = [{ id: 11, type: 'deposit', amount: 5000, status: 1, created_at: '2025-03-01T12:00:00.000Z' }];

function setup(path: string, token?: string) {
  const storage = createMemoryStorage();
  if (token) storage.set(storageKeys.auth, token);
  const calls: string[] = [];
  const answers: Record<string, () => unknown> = {
    '/api/auth/me': () => ({ data: ana }),
    '/api/profile/wallet': () => ({ data: ana.wallet }),
    '/api/wallet/transactions': () => ({ data: rows, current_page: 1, last_page: 1 }),
    '/api/wallet/withdraw/methods': () => ({ data: [{ id: 1, name: 'Pix' }] }),
    '/api/wallet/withdraw/method': () => ({
      data: { method: { id: 1, name: 'Pix' }, addresses: [], can_add_address: true },
    }),
  };
  const fetch = (input: RequestInfo | URL) => {
    const request = input as Request; // openapi-fetch calls fetch with a Request
    const { pathname } = new URL(request.url);
    calls.push(pathname);
    return later(request.signal, () => {
      const answer = answers[pathname];
      return answer
        ? new Response(JSON.stringify(answer()), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response(JSON.stringify({ message: 'Not found' }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          });
    });
  };
  const api = createApiClient({ baseUrl: 'http://localhost/api', storage, fetch });
  const pages: string[] = [];
  const services = {
    storage,
    api,
    siteLogic: siteMachine.provide({
      actors: {
        fetchSiteConfig: fromPromise<SiteConfigResult, SiteActorInput>(({ signal }) =>
          later(signal, () => ({ status: 'ok', config: siteConfigFixture() }) as const),
        ),
        fetchProviders: fromPromise<Provider[], SiteActorInput>(({ signal }) => later(signal, () => [])),
      },
    }),
    siteInput: { domain: 'localhost', marketingUrl: 'https://example.org/' },
    contentPageLogic: contentPageMachine.provide({
      actors: {
        fetchPage: fromPromise<ContentPage, ContentPageInput>(({ input, signal }) => {
          pages.push(input.slug);
          return later(signal, () => privacy);
        }),
      },
    }),
    session: createSessionServices({ storage, api }),
  } satisfies AppServices;
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  );
  return { calls, pages };
}

// Lazy routes and two mounts in jsdom on a busy CI machine: bounded, generous waits on the DOM.
describe('the app under StrictMode (npm start)', { timeout: 20_000 }, () => {
  it('renders a content page, asked for once', async () => {
    const { pages } = setup('/privacy');
    const page = await screen.findByTestId('content-page', {}, { timeout: 10_000 });
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Política de privacidade');
    expect(screen.queryByText('Ocorreu um erro inesperado')).toBeNull();
    expect(pages).toEqual(['privacy']);
  });

  it('restores the session at once, and lists the transactions only for the player the header shows', async () => {
    const { calls } = setup('/user/edit/transaction', 'token-ana');
    const row = await screen.findByTestId('transaction-row', {}, { timeout: 10_000 });
    expect(row).toHaveTextContent('R$ 50,00');
    // The rows follow the session: by the time they show, the header shows the player, not a guest.
    expect(screen.getByTestId('account')).toBeInTheDocument();
    expect(screen.queryByTestId('sign-in')).toBeNull();
    expect(calls.filter((p) => p === '/api/auth/me')).toHaveLength(1);
  });

  it("opens the wallet's withdraw tab on its form the first time", async () => {
    const { calls } = setup('/account/wallet?tab=deposit', 'token-ana');
    await screen.findByTestId('deposit-form', {}, { timeout: 10_000 });
    await userEvent.click(screen.getByTestId('wallet-tab-withdraw'));
    expect(await screen.findByTestId('withdraw-form', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls.filter((p) => p === '/api/wallet/withdraw/methods')).toHaveLength(1);
  });

  it('asks a guest to sign in on the transactions page, without asking for any', async () => {
    const { calls } = setup('/user/edit/transaction');
    expect(await screen.findByTestId('transactions-signed-out', {}, { timeout: 10_000 })).toHaveTextContent(
      'Entre na sua conta para ver suas transações.',
    );
    expect(calls).not.toContain('/api/wallet/transactions');
  });
});
