import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { guest, renderForms } from './forms.fixture';

describe('login form', () => {
  it('logs in by e-mail or CPF as the brand requires, the CPF sent as digits', async () => {
    const user = userEvent.setup();
    const { drop, sendSession } = renderForms({ tab: 'login' });
    await user.type(await screen.findByLabelText('E-mail ou CPF'), '529.982.247-25');
    await user.type(screen.getByLabelText('Senha'), 'Senha@123');
    await user.click(screen.getByTestId('login-submit'));
    expect(sendSession).toHaveBeenCalledWith({ type: 'session.login' });
    expect(drop.take('login')).toEqual({ identifier: { field: 'cpf', value: '52998224725' }, password: 'Senha@123' });
  });

  it('shows the server refusal under the field', async () => {
    renderForms({
      tab: 'login',
      session: {
        ...guest,
        failure: {
          status: 422,
          messages: [{ text: 'Credenciais inválidas.' }],
          fields: { email: ['Credenciais inválidas.'] },
        },
      },
    });
    expect(await screen.findByTestId('login-identifier-error')).toHaveTextContent('Credenciais inválidas.');
  });

  it('shows the addiction and loss warning (18+) at every login (Portaria 1.231 art. 4)', async () => {
    renderForms({ tab: 'login' });
    expect(await screen.findByTestId('rg-warning')).toHaveTextContent(
      '+18 · Apostar pode causar dependência e perda de dinheiro.',
    );
  });

  it('shows a refused sign-in with its reason (a used-up daily play-time limit)', async () => {
    renderForms({
      tab: 'login',
      session: {
        ...guest,
        failure: {
          status: 403,
          messages: [{ text: 'Você atingiu seu limite de tempo de jogo de hoje.' }],
          fields: { login: ['Você atingiu seu limite de tempo de jogo de hoje.'] },
        },
      },
    });
    expect(await screen.findByText('Você atingiu seu limite de tempo de jogo de hoje.')).toBeVisible();
  });
});
