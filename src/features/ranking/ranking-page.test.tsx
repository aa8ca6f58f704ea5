import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import type { RankView } from '../../../machines/bonus/rank.connect';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { RankingPage } from './ranking-page';

const level = (n: number, name: string, totalBet: number, perks: string[], current = false) => ({
  level: n,
  name,
  totalBet,
  perks,
  adds: null,
  badge: `/assets/images/ranks/${n}.webp`,
  reached: current,
  current,
});

const VIEW: RankView = {
  status: 'ready',
  player: true,
  levels: [level(1, 'Bronze', 0, ['missions'], true), level(2, 'Prata', 100_000, ['missions', 'vip_manager'])],
  progress: { level: 1, nextLevel: 2, percent: 40, needed: 60_000, badge: '/assets/images/ranks/1.webp' },
  levelName: 'Bronze',
  nextName: 'Prata',
  vip: { level: 1, name: 'Bronze', points: 400, totalBet: 40_000, perks: ['missions'], manager: null },
  refreshing: false,
  messages: [],
  celebration: null,
};

function renderPage(locale: string, messages: Record<string, string>, view: RankView, guest = false) {
  const props = { onSignIn: vi.fn(), onRetry: vi.fn(), onDismiss: vi.fn(), onCelebrate: vi.fn() };
  render(
    <IntlProvider locale={locale} messages={messages}>
      <RankingPage view={view} guest={guest} {...props} />
    </IntlProvider>,
  );
  return props;
}

describe('/ranking', () => {
  it.each([
    ['pt-BR', ptBR, 'Nível 1 · Bronze', 'faltam R$ 600,00 para o nível 2 (Prata)', 'Missões e ranking'],
    ['en', en, 'Level 1 · Bronze', 'R$600.00 to level 2 (Prata)', 'Missions and ranking'],
  ])(
    '%s: the level, §4 progress and "R$ X to level N", the levels and the VIP section',
    (locale, messages, title, next, perk) => {
      renderPage(locale, messages, VIEW);
      expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
      expect(screen.getByTestId('rank-current').textContent).toBe(title);
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
      // Intl's currency has a no-break space after R$.
      expect(screen.getByTestId('rank-next').textContent?.replace(/\s/g, ' ')).toContain(next);
      expect(screen.getAllByTestId('rank-level')).toHaveLength(2);
      expect(screen.getByTestId('vip-section').textContent).toContain(perk);
      expect(screen.getByTestId('vip-manager-hint').textContent).toContain('2 (Prata)');
    },
  );

  it('at the top level: 100 % and no amount left; the VIP team is shown when the standing has one', () => {
    renderPage('pt-BR', ptBR, {
      ...VIEW,
      progress: { level: 2, nextLevel: null, percent: 100, needed: null, badge: '/assets/images/ranks/2.webp' },
      vip: { ...VIEW.vip!, manager: { name: 'VIP Sorte Verde', email: 'vip@sorteverde.example' } },
    });
    expect(screen.getByTestId('rank-next').textContent).toContain('nível máximo');
    expect(screen.getByRole('link', { name: 'vip@sorteverde.example' }).getAttribute('href')).toBe(
      'mailto:vip@sorteverde.example',
    );
  });

  it('a badge that cannot be loaded falls back to level 1', () => {
    renderPage('pt-BR', ptBR, VIEW);
    const badge = screen.getAllByTestId('rank-badge').find((img) => img.getAttribute('data-level') === '2')!;
    fireEvent.error(badge);
    expect(badge.getAttribute('src')).toBe('/assets/images/ranks/1.webp');
  });

  it('a guest sees the levels and a sign-in call, no standing', async () => {
    const props = renderPage('pt-BR', ptBR, { ...VIEW, player: false, progress: null, vip: null }, true);
    expect(screen.queryByTestId('rank-standing')).toBeNull();
    await userEvent.click(screen.getByTestId('ranking-sign-in'));
    expect(props.onSignIn).toHaveBeenCalledTimes(1);
  });

  it('the level-up moment: confetti thrown from the badge, dismissed with the button', async () => {
    const props = renderPage('en', en, {
      ...VIEW,
      celebration: { from: 1, to: 2, name: 'Prata', badge: '/assets/images/ranks/2.webp' },
    });
    expect(screen.getByRole('dialog', { name: 'You levelled up!' })).toBeTruthy();
    expect(props.onCelebrate).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(props.onDismiss).toHaveBeenCalled();
  });

  it('a failed load shows §8 message and a retry', async () => {
    const props = renderPage('pt-BR', ptBR, {
      ...VIEW,
      status: 'failed',
      levels: [],
      messages: [{ id: 'error_messages.503' }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(props.onRetry).toHaveBeenCalledTimes(1);
  });
});
