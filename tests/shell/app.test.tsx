import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { contentPageMachine } from '../../machines/site/content-page.machine';
import type { ContentPage, ContentPageInput } from '../../machines/site/content-page.types';
import { siteMachine } from '../../machines/site/site.machine';
import type { Provider, SiteActorInput, SiteConfigResult } from '../../machines/site/site.types';
import { App } from '../../src/app/app';
import { appRoutes } from '../../src/app/router';
import type { AppServices } from '../../src/app/services';
import { createMemoryStorage } from '../../src/lib/storage';
import { siteConfigFixture } from './site-config.fixture';

function services(result: SiteConfigResult | 'pending', page?: ContentPage) {
  const storage = createMemoryStorage();
  const fetchSiteConfig = fromPromise<SiteConfigResult, SiteActorInput>(() =>
    result === 'pending' ? new Promise(() => {}) : Promise.resolve(result),
  );
  const fetchProviders = fromPromise<Provider[], SiteActorInput>(async () => [
    { id: 1, code: 'pgsoft', name: 'PG Soft', image: '/p.svg', games_count: 3 },
  ]);
  const fetchPage = fromPromise<ContentPage, ContentPageInput>(async () => {
    if (!page) throw Object.assign(new Error('missing'), { status: 404 });
    return page;
  });
  const value = {
    storage,
    api: undefined as never,
    siteLogic: siteMachine.provide({ actors: { fetchSiteConfig, fetchProviders } }),
    siteInput: { domain: 'localhost', marketingUrl: 'https://example.org/' },
    contentPageLogic: contentPageMachine.provide({ actors: { fetchPage } }),
  } satisfies AppServices;
  return value;
}

function renderAt(path: string, result: SiteConfigResult | 'pending', page?: ContentPage) {
  const s = services(result, page);
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(<App services={s} router={router} />);
  return { router, storage: s.storage };
}

const ok: SiteConfigResult = { status: 'ok', config: siteConfigFixture() };

afterEach(() => {
  document.cookie = 'locale=; Max-Age=0; Path=/';
  document.documentElement.removeAttribute('style');
});

describe('app shell', () => {
  it('shows "Carregando site..." while the config loads', () => {
    renderAt('/', 'pending');
    expect(screen.getByTestId('preloader')).toHaveTextContent('Carregando site...');
  });

  it('shows the maintenance and not-found preloaders', async () => {
    renderAt('/', { status: 'maintenance' });
    expect(await screen.findByText('Fazendo uma pausa para melhorar!')).toBeInTheDocument();
    expect(screen.getByText('Para descobrir mais, entre em contato com um administrador!')).toBeInTheDocument();
  });

  it('shows "Plataforma não encontrada" with its link', async () => {
    renderAt('/', { status: 'notFound' });
    const link = await screen.findByRole('link', { name: 'Clique aqui para saber mais' });
    expect(link).toHaveAttribute('href', 'https://example.org/');
    expect(screen.getByText('Plataforma não encontrada')).toBeInTheDocument();
  });

  it('renders the brand: colours on :root, title, header links, home', async () => {
    renderAt('/', ok);
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#1FA95B');
    await waitFor(() => expect(document.title).toBe('Sorte Verde · Cassino e Apostas'));
    expect(screen.getByTestId('nav-crates')).toBeInTheDocument();
    expect(await screen.findByText('PG Soft', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('hides the crates menu and route when the brand has no boxes', async () => {
    renderAt('/casino/crates', { status: 'ok', config: siteConfigFixture({ hasBoxes: false }) });
    expect(await screen.findByTestId('not-found-page')).toHaveTextContent('Página não encontrada');
    expect(screen.queryByTestId('nav-crates')).toBeNull();
  });

  it('an unknown path and a failed parameter check show the 404 page', async () => {
    renderAt('/nada-aqui', ok);
    expect(await screen.findByTestId('not-found-page')).toHaveTextContent('/nada-aqui');
  });

  it('a game path with invalid characters is a 404', async () => {
    renderAt('/casino/pg%20soft/tiger', ok);
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });

  it('/recover-pass shows home with the login modal on the recovery tab', async () => {
    renderAt('/recover-pass', ok);
    // The modal's flow and view are fetched when it first opens: give them time when the machine is busy.
    const dialog = await screen.findByRole('dialog', { name: 'Recuperar senha' }, { timeout: 5000 });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByTestId('home-page')).toBeInTheDocument();
  });

  it('switches the language, keeping the page, writing the cookie and showing a toast', async () => {
    const { router } = renderAt('/casino/games', ok);
    await screen.findByRole('heading', { name: 'Todos os jogos' });
    await userEvent.click(screen.getByTestId('locale-switch'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/casino/games'));
    expect(document.cookie).toContain('locale=en');
    // English is loaded lazily: give it time when the machine is busy.
    expect(await screen.findByRole('heading', { name: 'All games' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Language changed to English'), {
      timeout: 5000,
    });
  });

  it('stores ref and lmcp from the query', async () => {
    const { storage } = renderAt('/?ref=AMIGO10&lmcp=camp-7', ok);
    await screen.findByTestId('home-page');
    expect(storage.get('ref')).toBe('AMIGO10');
    expect(storage.get('lmcp')).toBe('camp-7');
  });

  it('renders a content page sanitised', async () => {
    renderAt('/privacy', ok, {
      slug: 'privacy',
      locale: 'pt',
      title: 'Política de privacidade',
      html: '<p onclick="alert(1)">Texto</p><script>window.__pwned = true</script>',
      updated_at: '2025-01-02T00:00:00Z',
    });
    const page = await screen.findByTestId('content-page');
    expect(page).toHaveTextContent('Texto');
    expect(page.innerHTML).not.toContain('<script');
    expect(page.innerHTML).not.toContain('onclick');
  });

  it('a missing content page is the 404 page', async () => {
    renderAt('/pages/nao-existe', ok);
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });

  it('the cookie sends / to /en', async () => {
    document.cookie = 'locale=en; Path=/';
    const { router } = renderAt('/', ok);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    await act(async () => {});
  });
});
