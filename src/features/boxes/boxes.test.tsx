import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { BoxPageView, CratesView, InventoryView, OpeningView } from '../../../machines/boxes/boxes.connect';
import { BOX, PRIZES, userBox, userPrize } from '../../../machines/boxes/boxes.fixture';
import { buildReel, REEL_ITEM_WIDTH } from '../../../machines/boxes/reel';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { BoxPage, type BoxPageHandlers } from './box-page';
import { CratesPage } from './crates-page';
import { formatOdds } from './format';
import { InventoryPage } from './inventory-page';

const wrap = (ui: React.ReactNode, locale: 'pt-BR' | 'en' = 'pt-BR') =>
  render(
    <IntlProvider locale={locale} messages={locale === 'en' ? en : ptBR}>
      <MemoryRouter>{ui}</MemoryRouter>
    </IntlProvider>,
  );

const handlers = (): BoxPageHandlers => ({
  onRetry: vi.fn(),
  onSignIn: vi.fn(),
  onBuy: vi.fn(),
  onConfirmBuy: vi.fn(),
  onCancelBuy: vi.fn(),
  onRetryBuy: vi.fn(),
  onDismissBuy: vi.fn(),
  onOpen: vi.fn(),
  onSpin: vi.fn(),
  onRetrySpin: vi.fn(),
  onCollect: vi.fn(),
  onSellPrize: vi.fn(),
  onLater: vi.fn(),
});

const READY: BoxPageView = {
  status: 'ready',
  box: BOX,
  prizes: PRIZES,
  commitment: { server_seed_hash: 'c'.repeat(64), client_seed: 'seed-1', nonce: 4 },
  owned: [],
  signedIn: true,
  opening: false,
  refreshing: false,
  failure: null,
};

describe('boxes screens', () => {
  it('writes odds from basis points as percentages in the locale', () => {
    expect(formatOdds('pt-BR', 25)).toBe('0,25%');
    expect(formatOdds('en', 9000)).toBe('90.00%');
  });

  it('groups the crates by colour with their price and best prize, and filters', async () => {
    const view: CratesView = {
      status: 'ready',
      groups: [
        { color: 'red', boxes: [BOX] },
        { color: 'blue', boxes: [{ ...BOX, id: 4, name: 'caixa-safira', title: 'Caixa Safira', color: 'blue' }] },
      ],
      colors: ['red', 'blue'],
      color: null,
      failure: null,
    };
    const onFilter = vi.fn();
    wrap(<CratesPage view={view} boxHref={(n) => `/casino/box/${n}`} onFilter={onFilter} onRetry={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Caixas' })).toBeInTheDocument();
    const red = screen.getByRole('region', { name: 'Vermelhas' });
    const card = within(red).getByRole('link', { name: 'Caixa Rubi' });
    expect(card).toHaveAttribute('href', '/casino/box/caixa-rubi');
    expect(card).toHaveTextContent('R$ 25,00');
    expect(card).toHaveTextContent('Melhor prêmio: iPhone 15 (R$ 7.000,00)');
    await userEvent.click(screen.getByRole('button', { name: 'Azuis' }));
    expect(onFilter).toHaveBeenCalledWith('blue');
  });

  it('shows the odds and the commitment above the buy button; a guest gets a sign-in call instead', async () => {
    const on = handlers();
    const { unmount } = wrap(
      <BoxPage
        view={READY}
        purchase={{ status: 'idle', failure: null }}
        opening={null}
        cratesHref="/casino/crates"
        itemsHref="/account/items"
        {...on}
      />,
    );
    const odds = screen.getAllByTestId('prize-odds').map((e) => e.textContent);
    expect(odds).toEqual(['90,00%', '9,75%', '0,25%']);
    const buy = screen.getByTestId('box-buy-button');
    expect(buy).toHaveTextContent('Comprar por R$ 25,00');
    // Odds come first in the document (above the button, for every brand).
    expect(screen.getByTestId('box-odds').compareDocumentPosition(buy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('fair-hash')).toHaveTextContent('c'.repeat(64));
    await userEvent.click(buy);
    expect(on.onBuy).toHaveBeenCalled();
    unmount();
    wrap(
      <BoxPage
        view={{ ...READY, signedIn: false, commitment: null }}
        purchase={{ status: 'idle', failure: null }}
        opening={null}
        cratesHref="/casino/crates"
        itemsHref="/account/items"
        {...on}
      />,
      'en',
    );
    expect(screen.queryByTestId('box-buy-button')).toBeNull();
    expect(screen.getAllByTestId('prize-odds')[2]).toHaveTextContent('0.25%');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to buy' }));
    expect(on.onSignIn).toHaveBeenCalled();
  });

  it('the revealed reel names the prize, offers keep or sell, and reports the verification', async () => {
    const on = handlers();
    const prize = userPrize(70, PRIZES[2]);
    const opening: OpeningView = {
      status: 'revealed',
      idleStrip: [],
      reel: buildReel({ prizes: PRIZES, drawn: PRIZES[2]!, itemWidth: REEL_ITEM_WIDTH, seed: 1 }),
      landMs: 200,
      reducedMotion: true,
      prize,
      fairness: {
        server_seed: 'b'.repeat(64),
        server_seed_hash: 'a'.repeat(64),
        client_seed: 's',
        nonce: 1,
        roll: 9990,
        algorithm: '',
      },
      verified: true,
      failure: null,
    };
    wrap(
      <BoxPage
        view={{ ...READY, opening: true }}
        purchase={{ status: 'idle', failure: null }}
        opening={opening}
        cratesHref="/casino/crates"
        itemsHref="/account/items"
        {...on}
      />,
    );
    expect(screen.getByRole('img', { name: 'Roleta parada em iPhone 15' })).toHaveAttribute('data-phase', 'revealed');
    expect(screen.getByTestId('box-won')).toHaveTextContent('Você ganhou: iPhone 15!');
    expect(screen.getByTestId('fair-server-seed')).toHaveTextContent('b'.repeat(64));
    expect(screen.getByTestId('fair-verified')).toHaveAttribute('data-ok', 'true');
    const sell = screen.getByTestId('box-sell-prize');
    expect(sell).toHaveTextContent('Vender por R$ 6.000,00');
    await userEvent.click(sell);
    expect(on.onSellPrize).toHaveBeenCalled();
    // The buy button waits while a box is open on the reel.
    expect(screen.getByTestId('box-buy-button')).toBeDisabled();
  });
});

describe('the player boxes and items', () => {
  const inventory = (over: Partial<InventoryView> = {}): InventoryView => ({
    status: 'ready',
    owned: [userBox(40)],
    history: [userBox(39, 'opened', userPrize(60))],
    ownedPrizes: [userPrize(70)],
    soldPrizes: [userPrize(69, undefined, 'sold')],
    selling: null,
    opening: null,
    preparing: false,
    refreshing: false,
    failure: null,
    ...over,
  });
  const inventoryHandlers = () => ({
    ...handlers(),
    onSell: vi.fn(),
    onConfirmSale: vi.fn(),
    onCancelSale: vi.fn(),
    onRetrySale: vi.fn(),
  });
  const hrefs = {
    boxHref: (n: string) => `/casino/box/${n}`,
    boxesHref: '/account/boxes',
    itemsHref: '/account/items',
    cratesHref: '/casino/crates',
  };

  it('lists the unopened boxes to open here or sell, and the history', async () => {
    const on = inventoryHandlers();
    wrap(<InventoryPage tab="boxes" view={inventory()} sale={null} opening={null} {...hrefs} {...on} />);
    const row = screen.getByTestId('owned-box');
    expect(within(row).getByRole('link', { name: 'Caixa Rubi' })).toHaveAttribute('href', '/casino/box/caixa-rubi');
    await userEvent.click(within(row).getByTestId('open-box'));
    expect(on.onOpen).toHaveBeenCalledWith(40);
    await userEvent.click(within(row).getByRole('button', { name: /Vender por/ }));
    expect(on.onSell).toHaveBeenCalledWith('box', 40);
    expect(screen.getByTestId('history-box')).toHaveTextContent('20 giros grátis');
  });

  it("asks to confirm an item's sale with its value, and shows the sold ones", async () => {
    const on = inventoryHandlers();
    wrap(
      <InventoryPage
        tab="items"
        view={inventory({ selling: { kind: 'prize', id: 70, value: 1500 } })}
        sale={{ status: 'confirming', kind: 'prize', value: 1500, failure: null }}
        opening={null}
        {...hrefs}
        {...on}
      />,
    );
    const dialog = screen.getByTestId('sale-dialog');
    expect(dialog).toHaveTextContent('Vender 20 giros grátis por R$ 15,00?');
    await userEvent.click(screen.getByTestId('sale-confirm'));
    expect(on.onConfirmSale).toHaveBeenCalled();
    expect(screen.getByTestId('sold-prize')).toHaveTextContent('Vendido em');
  });
});
