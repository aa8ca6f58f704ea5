import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { connectBetsFeed, type LiveBetsViewModel } from '../../../machines/bets-feed/bets-feed.connect';
import { betsFeedMachine } from '../../../machines/bets-feed/bets-feed.machine';
import type { BetEvent, BetsFeedEvent } from '../../../machines/bets-feed/bets-feed.types';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { LiveBetsBody } from './live-bets';

const DATE = '2025-03-01T15:04:00.000Z';
const event = (type: 'bet' | 'win', transaction: string, amount: number): BetsFeedEvent => ({
  type: 'realtime.betPlaced',
  channel: 'universal-public.1',
  data: { type, transaction, game: 'Frutas da Sorte', user: 'Gui***', amount, date: DATE } satisfies BetEvent,
});

/** A feed with a win (R$ 10 → R$ 25) and a loss, through the real machine and connect. */
function feedVm(locale = 'pt-BR', tab: 'all' | 'highRollers' | 'mine' = 'all', signedIn = false): LiveBetsViewModel {
  const actor = createActor(
    betsFeedMachine.provide({
      actors: { publicChannel: createNoop(), playerChannel: createNoop(), fictitiousBets: createNoop() },
    }),
    {
      input: { fictitious: { seed: 1, now: () => 0 } },
    },
  ).start();
  actor.send({ type: 'betsFeed.start', casinoId: 1 });
  actor.send(event('bet', 'w1', 1000));
  actor.send(event('win', 'w1', 2500));
  actor.send(event('bet', 'l1', 60_000));
  actor.send(event('win', 'l1', 0));
  actor.send({ type: 'betsFeed.showTab', tab });
  const vm = connectBetsFeed(actor.getSnapshot(), locale, { signedIn });
  actor.stop();
  return vm;
}
/** A channel that never reports (the test sends the feed its events itself). */
function createNoop() {
  return fromCallback(() => () => undefined) as never;
}

function renderFeed(vm: LiveBetsViewModel, locale: 'pt' | 'en' = 'pt') {
  const onShowTab = vi.fn();
  const onSignIn = vi.fn();
  render(
    <IntlProvider locale={locale === 'pt' ? 'pt-BR' : 'en-US'} messages={locale === 'pt' ? ptBR : en}>
      <LiveBetsBody vm={vm} onShowTab={onShowTab} onSignIn={onSignIn} />
    </IntlProvider>,
  );
  return { onShowTab, onSignIn };
}

describe('LiveBets (the live bets table)', () => {
  it('shows game, player, time, bet, multiplier and payout; a win is highlighted', () => {
    renderFeed(feedVm());
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Jogo', 'Jogador', 'Hora', 'Aposta', 'Multiplicador', 'Pagamento']);
    const rows = screen.getAllByTestId('live-bet');
    expect(rows.map((r) => r.getAttribute('data-transaction'))).toEqual(['l1', 'w1']);
    expect(rows[1]).toHaveAttribute('data-won', 'true');
    expect(rows[1]).toHaveAttribute('data-profit', 'true');
    expect(rows[1]).toHaveTextContent('R$ 10,00');
    expect(rows[1]).toHaveTextContent('R$ 25,00');
    expect(rows[1]).toHaveTextContent('2,50×');
    expect(rows[1]).toHaveTextContent('Gui***');
    expect(rows[0]).toHaveAttribute('data-won', 'false');
    expect(rows[0]).toHaveTextContent('R$ 600,00');
  });

  it('tabs: the selected one is marked, a click or the arrow keys ask for another', () => {
    const { onShowTab } = renderFeed(feedVm());
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['Todas', 'true'],
      ['Apostas altas', 'false'],
      ['Minhas apostas', 'false'],
    ]);
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', tabs[0]?.id);
    fireEvent.click(tabs[1] as HTMLElement);
    expect(onShowTab).toHaveBeenLastCalledWith('highRollers');
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowLeft' });
    expect(onShowTab).toHaveBeenLastCalledWith('mine');
    fireEvent.keyDown(tabs[2] as HTMLElement, { key: 'ArrowRight' });
    expect(onShowTab).toHaveBeenLastCalledWith('all');
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'End' });
    expect(onShowTab).toHaveBeenLastCalledWith('mine');
    fireEvent.keyDown(tabs[2] as HTMLElement, { key: 'Home' });
    expect(onShowTab).toHaveBeenLastCalledWith('all');
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'a' });
    expect(onShowTab).toHaveBeenCalledTimes(5);
  });

  it('high rollers: only the bets of R$ 500 or more', () => {
    renderFeed(feedVm('pt-BR', 'highRollers'));
    expect(screen.getAllByTestId('live-bet').map((r) => r.getAttribute('data-transaction'))).toEqual(['l1']);
  });

  it('"my bets" for a guest: a sign-in button; for a player without bets: a line that says so (English)', () => {
    const { onSignIn } = renderFeed(feedVm('pt-BR', 'mine'));
    expect(screen.getByTestId('live-bets-empty')).toHaveTextContent('Entre na sua conta para ver suas apostas aqui.');
    fireEvent.click(screen.getByTestId('live-bets-sign-in'));
    expect(onSignIn).toHaveBeenCalled();
  });

  it('in English', () => {
    renderFeed(feedVm('en', 'mine', true), 'en');
    expect(screen.getByTestId('live-bets-empty')).toHaveTextContent('Your bets show up here as soon as you play.');
    expect(screen.queryByTestId('live-bets-sign-in')).toBeNull();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All bets', 'High rollers', 'My bets']);
  });
});
