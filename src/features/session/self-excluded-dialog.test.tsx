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
});
