import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { MissionsView, WidgetView } from '../../../machines/missions/missions.connect';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { RewardsGuest, RewardsPage } from './rewards-page';

const mission = (id: number, status: MissionsView['missions'][number]['status'], progress: number) => ({
  id,
  title: `Missão ${id}`,
  description: 'Aposte R$ 50,00',
  goal_kind: 'bet_total' as const,
  goal: 5_000,
  progress,
  percent: Math.round((progress / 5_000) * 100),
  reward_kind: 'cash' as const,
  reward: 500,
  status,
  accepted_at: status === 'available' ? null : '2026-11-27T12:00:00Z',
  completed_at: status === 'completed' ? '2026-11-27T13:00:00Z' : null,
  claimed_at: null,
});

const widget = (id: string, claim: WidgetView['claim']): WidgetView => ({
  id,
  positionY: 74,
  isOpen: true,
  dragging: false,
  claim,
  claimError: claim === 'failed' ? { id: 'missions.claim.failed' } : null,
  height: 144,
  minTop: 74,
  maxTop: 700,
});

describe('/rewards', () => {
  it.each([
    ['pt-BR', ptBR, 'Recompensas', 'Entrar'],
    ['en', en, 'Rewards', 'Sign in'],
  ])('%s, a guest: titled, says what rewards are, and offers the sign-in', async (locale, messages, title, button) => {
    const onSignIn = vi.fn();
    render(
      <IntlProvider locale={locale} messages={messages}>
        <RewardsGuest onSignIn={onSignIn} />
      </IntlProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it('a player: accept an available mission; claim a completed one, disabled while claiming; §8 text on failure', async () => {
    const onAccept = vi.fn();
    const onClaim = vi.fn();
    const missions: MissionsView = {
      player: true,
      loading: false,
      missions: [mission(1, 'available', 0), mission(2, 'completed', 5_000), mission(3, 'completed', 5_000)],
      messages: [],
      accepting: null,
      acceptFailure: null,
      widgets: [2, 3],
      viewport: { width: 1440, height: 900 },
    };
    render(
      <MemoryRouter>
        <IntlProvider locale="pt-BR" messages={ptBR}>
          <RewardsPage
            missions={missions}
            widgets={[widget('2', 'idle'), widget('3', 'failed')]}
            level={{ level: 2, nextLevel: 3, percent: 40, needed: 60_000, badge: '/assets/images/ranks/2.webp' }}
            cashback={null}
            onAccept={onAccept}
            onClaim={onClaim}
          />
        </IntlProvider>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Aceitar' }));
    expect(onAccept).toHaveBeenCalledWith(1);
    const claims = screen.getAllByRole('button', { name: 'Resgatar' });
    await userEvent.click(claims[0]!);
    expect(onClaim).toHaveBeenCalledWith(2);
    expect(screen.getByRole('alert').textContent).toBe('Falha ao reivindicar a recompensa.');
    expect(screen.getByText('Faltam R$ 600,00 em apostas para o nível 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver cashback' }).getAttribute('href')).toBe('/bonus');
  });

  it('a claim under way disables its button', () => {
    render(
      <MemoryRouter>
        <IntlProvider locale="en" messages={en}>
          <RewardsPage
            missions={{
              player: true,
              loading: false,
              missions: [mission(2, 'completed', 5_000)],
              messages: [],
              accepting: null,
              acceptFailure: null,
              widgets: [2],
              viewport: { width: 390, height: 844 },
            }}
            widgets={[widget('2', 'claiming')]}
            level={null}
            cashback={null}
            onClaim={() => undefined}
          />
        </IntlProvider>
      </MemoryRouter>,
    );
    expect((screen.getByRole('button', { name: 'Claiming…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
