import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  connectResponsibleGaming,
  connectSelfExclusion,
} from '../../../machines/responsible-gaming/responsible-gaming.connect';
import { responsibleGamingMachine } from '../../../machines/responsible-gaming/responsible-gaming.machine';
import { selfExclusionMachine } from '../../../machines/responsible-gaming/self-exclusion.machine';
import type {
  LimitChange,
  ResponsibleGamingSettings,
  SelfExclusionStarted,
} from '../../../machines/responsible-gaming/responsible-gaming.types';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { ResponsibleGamingPage } from './responsible-gaming-page';

const SETTINGS: ResponsibleGamingSettings = {
  limits: [
    {
      kind: 'deposit',
      period: 'day',
      amount: 10_000,
      used: 2_500,
      pending: { amount: 50_000, from: '2026-11-27T15:00:00Z' },
    },
    { kind: 'loss', period: 'week', amount: null, used: 0, pending: null },
    { kind: 'session', period: 'day', amount: 90, used: 30, pending: null },
  ],
  realityCheckMinutes: 30,
  coolingOffHours: 24,
  indefiniteWaitDays: 30,
  sessionStartedAt: '2026-11-26T12:00:00Z',
};

function actors(saved: LimitChange[], started: unknown[]) {
  const settings = createActor(
    responsibleGamingMachine.provide({
      actors: {
        loadSettings: fromPromise(async () => SETTINGS),
        saveLimit: fromPromise(async ({ input }: { input: LimitChange }) => {
          saved.push(input);
          return { settings: SETTINGS, message: 'Limite reduzido: vale a partir de agora.' };
        }),
        saveRealityCheck: fromPromise(async () => ({ settings: SETTINGS, message: 'ok' })),
      },
    }),
  ).start();
  const exclusion = createActor(
    selfExclusionMachine.provide({
      actors: {
        startExclusion: fromPromise(async (): Promise<SelfExclusionStarted> => ({
          startAt: '2026-11-26T15:00:00Z',
          endAt: null,
        })),
      },
    }),
    { input: { now: () => Date.parse('2026-11-26T15:00:00Z') } },
  ).start();
  exclusion.on('selfExclusion.started', (event) => started.push(event));
  return { settings, exclusion };
}

function Harness({
  settings,
  exclusion,
}: {
  settings: ActorRefFrom<typeof responsibleGamingMachine>;
  exclusion: ActorRefFrom<typeof selfExclusionMachine>;
}) {
  const view = useSelector(settings, connectResponsibleGaming);
  const exclusionView = useSelector(exclusion, connectSelfExclusion);
  return (
    <ResponsibleGamingPage
      settings={view}
      exclusion={exclusionView}
      onSaveLimit={(kind, period, text) => settings.send({ type: 'limits.save', kind, period, text })}
      onSaveRealityCheck={(minutes) => settings.send({ type: 'realityCheck.save', minutes })}
      onRetry={() => settings.send({ type: 'responsibleGaming.retry' })}
      onDismiss={() => settings.send({ type: 'responsibleGaming.dismiss' })}
      onChooseExclusion={(value) => exclusion.send({ type: 'selfExclusion.choose', value })}
      onReviewExclusion={() => exclusion.send({ type: 'selfExclusion.review' })}
      onBackExclusion={() => exclusion.send({ type: 'selfExclusion.back' })}
      onConfirmExclusion={() => exclusion.send({ type: 'selfExclusion.confirm' })}
    />
  );
}

function renderPage(locale: 'pt-BR' | 'en' = 'pt-BR') {
  const saved: LimitChange[] = [];
  const started: unknown[] = [];
  const { settings, exclusion } = actors(saved, started);
  render(
    <IntlProvider locale={locale} messages={locale === 'en' ? en : ptBR}>
      <Harness settings={settings} exclusion={exclusion} />
    </IntlProvider>,
  );
  return { saved, started, settings, exclusion };
}

describe('responsible gaming page', () => {
  it('shows each limit with what the period used and a raise waiting for its cooling-off', async () => {
    renderPage();
    const day = await screen.findByTestId('rg-limit-deposit-day');
    expect(within(day).getByTestId('rg-limit-amount')).toHaveTextContent('R$ 100,00');
    expect(within(day).getByTestId('rg-limit-used')).toHaveTextContent('Usado neste período: R$ 25,00 de R$ 100,00');
    expect(within(day).getByTestId('rg-limit-pending')).toHaveTextContent('Aumento para R$ 500,00 a partir de');
    expect(within(screen.getByTestId('rg-limit-loss-week')).getByTestId('rg-limit-amount')).toHaveTextContent(
      'Sem limite',
    );
    expect(within(screen.getByTestId('rg-limit-session-day')).getByTestId('rg-limit-amount')).toHaveTextContent(
      '90 minutos',
    );
    expect(screen.getByRole('radio', { name: '30 minutos' })).toBeChecked();
    expect(screen.getByTestId('rg-national-link')).toHaveAttribute('href', 'https://www.gov.br/autoexclusaoapostas');
  });

  it("refuses a typed limit that cannot be one with its bounds, and saves one that can, saying in the player's language that it applies now", async () => {
    const user = userEvent.setup();
    const { saved } = renderPage();
    const week = await screen.findByTestId('rg-limit-deposit-week');
    await user.type(within(week).getByRole('textbox'), '0,50');
    await user.click(within(week).getByRole('button', { name: 'Salvar' }));
    expect(within(week).getByRole('alert')).toHaveTextContent('O limite mínimo é R$ 1,00.');
    expect(saved).toEqual([]);
    await user.clear(within(week).getByRole('textbox'));
    await user.type(within(week).getByRole('textbox'), '250');
    await user.click(within(week).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByTestId('rg-notice')).toHaveTextContent('Limite salvo: vale a partir de agora.');
    expect(saved).toEqual([{ kind: 'deposit', period: 'week', amount: 25_000 }]);
  });

  it('self-exclusion: a confirmation with the consequences and the end date before anything is sent', async () => {
    const user = userEvent.setup();
    const { started } = renderPage();
    const section = await screen.findByTestId('rg-section-exclusion');
    expect(within(section).getByTestId('rg-exclusion-review')).toBeDisabled();
    await user.click(within(section).getByRole('radio', { name: '3 meses' }));
    await user.click(within(section).getByTestId('rg-exclusion-review'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar autoexclusão' });
    expect(within(dialog).getByTestId('rg-exclusion-until')).toHaveTextContent('3 meses · até 26 de fevereiro de 2027');
    expect(dialog).toHaveTextContent('Você sai da conta agora, em todos os aparelhos.');
    expect(dialog).toHaveTextContent('Um período fixo não pode ser encerrado antes do fim.');
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(started).toEqual([]);
    await user.click(within(section).getByRole('radio', { name: 'Tempo indeterminado' }));
    await user.click(within(section).getByTestId('rg-exclusion-review'));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByTestId('rg-exclusion-until')).toHaveTextContent('pode ser cancelada depois de 30 dias');
    await user.click(within(again).getByTestId('rg-exclusion-confirm-button'));
    await vi.waitFor(() => expect(started).toHaveLength(1));
  });

  it('speaks English', async () => {
    renderPage('en');
    expect(await screen.findByRole('heading', { name: 'Deposit limits' })).toBeVisible();
    expect(within(screen.getByTestId('rg-limit-loss-week')).getByTestId('rg-limit-amount')).toHaveTextContent(
      'No limit',
    );
  });
});
