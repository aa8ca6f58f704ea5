import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { createActor, createMachine, sendTo } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { favoriteMachine } from '../../../machines/games/favorite.machine';
import { likeMachine } from '../../../machines/games/like.machine';
import { reactionsMachine } from '../../../machines/games/reactions.machine';
import { controllableCalls, flush } from '../../../machines/games/calls.fixture';
import type { LikeAnswer, SendLikeInput } from '../../../machines/games/like.types';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { GamePage, type GamePageView } from './game-page';
import { LobbyPage, type LobbyView } from './lobby-page';
import { ReactionsContext } from './reactions';
import type { GameCardView } from './types';

const card = (id: number, extra: Partial<GameCardView> = {}): GameCardView => ({
  id,
  title: `Fortúna ${id}`,
  providerCode: 'aurora',
  providerName: 'Aurora Games',
  gamecode: `fortuna-${id}`,
  image: `/art/${id}.svg`,
  imageMobile: `/art/${id}-m.svg`,
  to: `/casino/aurora/fortuna-${id}`,
  onlyDemo: false,
  hasTables: false,
  rtpBp: 9259,
  liked: false,
  likes: 10,
  favorite: false,
  ...extra,
});

const lobby = (extra: Partial<LobbyView> = {}): LobbyView => ({
  status: 'ready',
  pending: false,
  games: [card(1), card(2)],
  total: 30,
  canLoadMore: true,
  searchTerm: '',
  category: null,
  provider: null,
  errorId: null,
  ...extra,
});

function wrap(children: ReactNode, locale: 'pt' | 'en' = 'pt') {
  return (
    <IntlProvider locale={locale === 'pt' ? 'pt-BR' : 'en-US'} messages={locale === 'pt' ? ptBR : en}>
      <MemoryRouter>{children}</MemoryRouter>
    </IntlProvider>
  );
}

function renderLobby(view: LobbyView, locale: 'pt' | 'en' = 'pt') {
  const handlers = {
    onSearch: vi.fn(),
    onCategory: vi.fn(),
    onProvider: vi.fn(),
    onLoadMore: vi.fn(),
    onRetry: vi.fn(),
  };
  render(
    wrap(
      <LobbyPage
        title={locale === 'pt' ? 'Jogos' : 'Games'}
        view={view}
        categories={[{ value: 'slots', label: 'Slots' }]}
        providers={[{ value: 'aurora', label: 'Aurora Games' }]}
        {...handlers}
      />,
      locale,
    ),
  );
  return handlers;
}

describe('lobby screen', () => {
  it('each tile shows its game RTP in the player language (Portaria SPA/MF 1.231/2024 art. 4 II)', () => {
    renderLobby(lobby({ games: [card(1), card(2, { rtpBp: 9900 })] }));
    expect(screen.getAllByTestId('game-rtp').map((n) => n.textContent)).toEqual(['RTP 92,59%', 'RTP 99,00%']);
    cleanup();
    renderLobby(lobby({ games: [card(1)] }), 'en');
    expect(screen.getByTestId('game-rtp')).toHaveTextContent('RTP 92.59%');
  });

  it('shows the games as tiles with their art lazily loaded in a fixed box, and how many there are', () => {
    renderLobby(lobby());
    const tiles = screen.getAllByTestId('game-tile');
    expect(tiles).toHaveLength(2);
    const link = within(tiles[0]!).getByTestId('game-tile-link');
    expect(link).toHaveAttribute('href', '/casino/aurora/fortuna-1');
    const img = tiles[0]!.querySelector('img')!;
    expect(img).toHaveAttribute('width', '300');
    expect(img).toHaveAttribute('height', '400');
    expect(screen.getByTestId('lobby-count')).toHaveTextContent('2 de 30 jogos');
  });

  it('sends the search, the category and the provider as the player sets them', () => {
    const handlers = renderLobby(lobby());
    fireEvent.change(screen.getByTestId('lobby-search'), { target: { value: 'fortuna' } });
    expect(handlers.onSearch).toHaveBeenCalledWith('fortuna');
    fireEvent.click(screen.getByTestId('lobby-category-slots'));
    expect(handlers.onCategory).toHaveBeenCalledWith('slots');
    fireEvent.change(screen.getByTestId('lobby-provider'), { target: { value: 'aurora' } });
    expect(handlers.onProvider).toHaveBeenCalledWith('aurora');
    fireEvent.click(screen.getByTestId('lobby-load-more'));
    expect(handlers.onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('skeleton tiles while the first page loads; an empty state; a failure with its §8 text and a retry', () => {
    renderLobby(lobby({ status: 'loading', games: [], canLoadMore: false }));
    expect(screen.getAllByTestId('game-tile-skeleton').length).toBeGreaterThan(0);
    expect(screen.getByTestId('lobby-count')).toHaveTextContent('Buscando jogos…');
  });

  it('says when nothing matches', () => {
    renderLobby(lobby({ games: [], total: 0, canLoadMore: false }), 'en');
    expect(screen.getByTestId('lobby-empty')).toHaveTextContent('No games found');
  });

  it('a failure shows the catalogue text of its status and retries', () => {
    const handlers = renderLobby(lobby({ status: 'failed', errorId: 'error_messages.503', canLoadMore: false }));
    expect(screen.getByTestId('lobby-error')).toHaveTextContent('Serviço indisponível no momento.');
    fireEvent.click(screen.getByTestId('lobby-retry'));
    expect(handlers.onRetry).toHaveBeenCalledTimes(1);
  });

  it('past three pages the grid is virtualised (the virtualiser is fetched then); before, every tile is in the DOM', async () => {
    renderLobby(lobby({ games: Array.from({ length: 72 }, (_, i) => card(i + 1)) }));
    expect(screen.getByTestId('game-grid')).not.toHaveAttribute('data-virtual');
    expect(screen.getAllByTestId('game-tile')).toHaveLength(72);
    cleanup();
    renderLobby(lobby({ games: Array.from({ length: 96 }, (_, i) => card(i + 1)) }));
    await waitFor(() => expect(screen.getByTestId('game-grid')).toHaveAttribute('data-virtual', 'true'));
    expect(screen.queryAllByTestId('game-tile').length).toBeLessThan(96);
  });

  it('titles are text, never HTML', () => {
    renderLobby(lobby({ games: [card(3, { title: '<img src=x onerror=alert(1)>' })] }));
    const tile = screen.getByTestId('game-tile');
    expect(tile.querySelectorAll('img')).toHaveLength(1);
    expect(tile).toHaveTextContent('<img src=x onerror=alert(1)>');
  });
});

describe('tile marks with the reactions flow', () => {
  function withReactions(signedIn: boolean) {
    const likes = controllableCalls<LikeAnswer, SendLikeInput>();
    const logic = reactionsMachine.provide({
      actors: {
        like: likeMachine.provide({ actors: { sendLike: likes.logic as never } }),
        favorite: favoriteMachine,
      },
    });
    const toParent: unknown[] = [];
    const parent = createActor(
      createMachine({
        invoke: { id: 'reactions', src: logic, input: { signedIn } },
        on: {
          // As the app's root: taps go to the reactions flow, what it sends back is recorded.
          'reactions.*': { actions: sendTo('reactions', ({ event }) => event) },
          '*': { actions: ({ event }) => toParent.push(event) },
        },
      }),
    ).start();
    return { likes, reactions: parent, toParent };
  }

  it('a like shows at once on every tile of the game, then the server count', async () => {
    const { likes, reactions } = withReactions(true);
    render(
      wrap(
        <ReactionsContext.Provider value={reactions}>
          <LobbyPage
            title="Jogos"
            view={lobby({ games: [card(1)] })}
            categories={[]}
            providers={[]}
            onSearch={vi.fn()}
            onCategory={vi.fn()}
            onProvider={vi.fn()}
            onLoadMore={vi.fn()}
            onRetry={vi.fn()}
          />
        </ReactionsContext.Provider>,
      ),
    );
    const button = screen.getByTestId('game-like');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('game-likes')).toHaveTextContent('11');
    expect(likes.calls).toHaveLength(1);
    await act(async () => {
      likes.last.resolve({ hasLike: true, totalLikes: 15 });
      await flush();
    });
    expect(screen.getByTestId('game-likes')).toHaveTextContent('15');
  });

  it("a guest's heart asks for sign-in and stays off", () => {
    const { reactions, toParent, likes } = withReactions(false);
    render(
      wrap(
        <ReactionsContext.Provider value={reactions}>
          <GamePage
            view={gameView({ related: [card(5)] })}
            lobbyHref="/casino/games"
            depositHref="/account/wallet?tab=deposit"
            onSwitchMode={vi.fn()}
            onRetry={vi.fn()}
            onSignIn={vi.fn()}
          />
        </ReactionsContext.Provider>,
      ),
    );
    fireEvent.click(screen.getByTestId('game-like'));
    expect(toParent).toEqual([{ type: 'loginModal.open', tab: 'login' }]);
    expect(screen.getByTestId('game-like')).toHaveAttribute('aria-pressed', 'false');
    expect(likes.calls).toEqual([]);
  });
});

const gameView = (extra: Partial<GamePageView> = {}): GamePageView => ({
  status: 'playing',
  game: card(1),
  mode: 'demo',
  url: 'http://127.0.0.1:8788/launch?game=fortuna-1&mode=demo',
  canSwitchMode: false,
  guestDemo: true,
  related: [],
  relatedLoading: false,
  shortOfFunds: false,
  ...extra,
});

describe('game page screen', () => {
  const renderGame = (view: GamePageView, locale: 'pt' | 'en' = 'pt') => {
    const handlers = { onSwitchMode: vi.fn(), onRetry: vi.fn(), onSignIn: vi.fn() };
    render(
      wrap(
        <GamePage view={view} lobbyHref="/casino/games" depositHref="/account/wallet?tab=deposit" {...handlers} />,
        locale,
      ),
    );
    return handlers;
  };

  it("plays in a sandboxed frame on the provider's origin; a guest in demo is offered sign-in", () => {
    const handlers = renderGame(gameView());
    const frame = screen.getByTestId('game-frame');
    expect(frame).toHaveAttribute('src', 'http://127.0.0.1:8788/launch?game=fortuna-1&mode=demo');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    fireEvent.click(screen.getByTestId('game-sign-in'));
    expect(handlers.onSignIn).toHaveBeenCalledTimes(1);
  });

  it('a player switches between real money and demo', () => {
    const handlers = renderGame(gameView({ mode: 'real', canSwitchMode: true, guestDemo: false }), 'en');
    expect(screen.getByTestId('game-mode-real')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('game-mode-demo'));
    expect(handlers.onSwitchMode).toHaveBeenCalledWith('demo');
    expect(screen.queryByTestId('game-demo-note')).toBeNull();
  });

  it('a real bet refused for lack of funds offers a deposit', () => {
    renderGame(gameView({ mode: 'real', canSwitchMode: true, guestDemo: false, shortOfFunds: true }));
    const alert = screen.getByTestId('game-short-of-funds');
    expect(within(alert).getByRole('link', { name: 'Depositar' })).toHaveAttribute(
      'href',
      '/account/wallet?tab=deposit',
    );
  });

  it('maintenance when no launch URL can be had, with a retry; no frame', () => {
    const handlers = renderGame(gameView({ status: 'maintenance', url: null, mode: null }));
    expect(screen.getByTestId('game-maintenance')).toHaveTextContent('Jogo em manutenção');
    expect(screen.queryByTestId('game-frame')).toBeNull();
    fireEvent.click(screen.getByTestId('game-retry'));
    expect(handlers.onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the game RTP on the game page, in each language (Portaria SPA/MF 1.231/2024 art. 4 II)', () => {
    renderGame(gameView());
    expect(screen.getByTestId('game-page-rtp')).toHaveTextContent('Retorno ao jogador (RTP): 92,59%');
    cleanup();
    renderGame(gameView({ game: card(1, { rtpBp: 9900 }) }), 'en');
    expect(screen.getByTestId('game-page-rtp')).toHaveTextContent('Return to player (RTP): 99.00%');
  });

  it('a game under the 85% minimum is refused with its RTP and the way back to the lobby; no frame (Portaria SPA/MF 1.207/2024)', () => {
    renderGame(gameView({ status: 'refused', game: card(1, { rtpBp: 7541 }), url: null, mode: null }));
    const refused = screen.getByTestId('game-rtp-refused');
    expect(refused).toHaveTextContent('Jogo indisponível neste site');
    expect(refused).toHaveTextContent(
      'O retorno ao jogador (RTP) deste jogo é 75,41%, abaixo do mínimo de 85,00% exigido pelas regras brasileiras de apostas. Nenhuma aposta foi feita.',
    );
    expect(within(refused).getByRole('link', { name: 'Voltar ao cassino' })).toHaveAttribute('href', '/casino/games');
    expect(screen.queryByTestId('game-frame')).toBeNull();
    expect(screen.queryByTestId('game-retry')).toBeNull();
    cleanup();
    renderGame(gameView({ status: 'refused', game: card(1, { rtpBp: 7541 }), url: null, mode: null }), 'en');
    expect(screen.getByTestId('game-rtp-refused')).toHaveTextContent(
      "This game's return to player (RTP) is 75.41%, under the 85.00% minimum Brazil's betting rules require. No bet was placed.",
    );
  });

  it('not found leads back to the lobby', () => {
    renderGame(gameView({ status: 'notFound', game: null, url: null }), 'en');
    const message = screen.getByTestId('game-not-found');
    expect(within(message).getByRole('link', { name: 'Back to the casino' })).toHaveAttribute('href', '/casino/games');
  });
});
