import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ptBR from '../../i18n/pt-BR.json';
import { SelfExcludedDialog } from './self-excluded-dialog';

describe('self-excluded dialog', () => {
  it('shows both dates in the locale and links to responsible gaming and gov.br', () => {
    render(
      <IntlProvider locale="pt-BR" messages={ptBR} timeZone="America/Sao_Paulo">
        <MemoryRouter>
          <SelfExcludedDialog
            selfExclusion={{ startAt: '2026-01-10T15:00:00.000Z', endAt: '2026-07-09T15:00:00.000Z' }}
            responsibleGamingHref="/responsible-gaming"
            onClose={() => {}}
          />
        </MemoryRouter>
      </IntlProvider>,
    );
    expect(screen.getByTestId('self-excluded-start')).toHaveTextContent('10 de janeiro de 2026');
    expect(screen.getByTestId('self-excluded-end')).toHaveTextContent('9 de julho de 2026');
    expect(screen.getByRole('link', { name: 'Jogo responsável' })).toHaveAttribute('href', '/responsible-gaming');
    expect(screen.getByRole('link', { name: /gov\.br/ })).toHaveAttribute(
      'href',
      'https://www.gov.br/autoexclusaoapostas',
    );
  });

  it('an indefinite exclusion says from when it may end and offers to end it; a fixed one does not', async () => {
    const ends: number[] = [];
    const { rerender } = render(
      <IntlProvider locale="pt-BR" messages={ptBR} timeZone="America/Sao_Paulo">
        <MemoryRouter>
          <SelfExcludedDialog
            selfExclusion={{
              startAt: '2026-01-10T15:00:00.000Z',
              endAt: null,
              removableAt: '2026-02-09T15:00:00.000Z',
              ending: false,
            }}
            failure={{ status: 403, messages: [{ text: 'Ainda não é possível.' }], fields: {} }}
            responsibleGamingHref="/responsible-gaming"
            onClose={() => {}}
            onEnd={() => ends.push(1)}
          />
        </MemoryRouter>
      </IntlProvider>,
    );
    expect(screen.getByTestId('self-exclusion-removal')).toHaveTextContent('a partir de 9 de fevereiro de 2026');
    expect(screen.getByTestId('self-exclusion-failure')).toHaveTextContent('Ainda não é possível.');
    screen.getByTestId('self-exclusion-end').click();
    expect(ends).toEqual([1]);
    rerender(
      <IntlProvider locale="pt-BR" messages={ptBR} timeZone="America/Sao_Paulo">
        <MemoryRouter>
          <SelfExcludedDialog
            selfExclusion={{ startAt: '2026-01-10T15:00:00.000Z', endAt: '2026-07-09T15:00:00.000Z' }}
            responsibleGamingHref="/responsible-gaming"
            onClose={() => {}}
          />
        </MemoryRouter>
      </IntlProvider>,
    );
    expect(screen.queryByTestId('self-exclusion-end')).toBeNull();
  });

  it('once ended, says so and offers to sign in', () => {
    const signIns: number[] = [];
    render(
      <IntlProvider locale="pt-BR" messages={ptBR}>
        <MemoryRouter>
          <SelfExcludedDialog
            selfExclusion={null}
            ended
            responsibleGamingHref="/responsible-gaming"
            onClose={() => {}}
            onSignIn={() => signIns.push(1)}
          />
        </MemoryRouter>
      </IntlProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Autoexclusão encerrada' })).toBeVisible();
    screen.getByTestId('self-exclusion-ended-sign-in').click();
    expect(signIns).toEqual([1]);
  });
});
