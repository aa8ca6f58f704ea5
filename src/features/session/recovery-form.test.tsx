import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderForms } from './forms.fixture';

const step = (s: 'email' | 'code' | 'password' | 'done', email = '') => ({
  step: s,
  busy: false,
  canResend: false,
  resendIn: 20,
  resending: false,
  failure: null,
  email,
});

describe('recovery form', () => {
  it('sends the e-mail to the login modal (its context), prefilled when the player comes back to change it', async () => {
    const user = userEvent.setup();
    const { sendModal, drop, rerender } = renderForms({ tab: 'recovery', recovery: step('email') });
    await user.type(await screen.findByLabelText('E-mail'), ' ana@ex.com ');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(sendModal).toHaveBeenCalledWith({ type: 'recovery.submitEmail', email: 'ana@ex.com' });
    expect(drop.take('recovery')).toBeUndefined();
    rerender({ recovery: step('code', 'ana@ex.com') });
    expect(await screen.findByText(/ana@ex\.com/)).toBeInTheDocument();
  });

  it('sends the code to the login modal, and the new password only through the drop', async () => {
    const user = userEvent.setup();
    const { sendModal, drop, rerender } = renderForms({ tab: 'recovery', recovery: step('code', 'ana@ex.com') });
    await user.type(await screen.findByLabelText('Código de 6 dígitos'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(sendModal).toHaveBeenCalledWith({ type: 'recovery.submitCode', code: '123456' });
    rerender({ recovery: step('password', 'ana@ex.com') });
    await user.type(await screen.findByLabelText('Nova senha'), 'Senha@123');
    await user.type(screen.getByLabelText('Confirme a senha'), 'Senha@12');
    expect(await screen.findByTestId('recovery-confirmation-error')).toHaveTextContent('As senhas não coincidem');
    await user.type(screen.getByLabelText('Confirme a senha'), '3');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(sendModal).toHaveBeenLastCalledWith({ type: 'recovery.submitPassword' });
    expect(drop.take('recovery')).toEqual({ password: 'Senha@123', password_confirmation: 'Senha@123' });
  });
  it('shows the seconds left before the code may be sent again, then the resend button', () => {
    const { rerender } = renderForms({ tab: 'recovery', recovery: { ...step('code', 'ana@ex.com'), resendIn: 7 } });
    expect(screen.getByTestId('recovery-resend')).toHaveTextContent('Reenviar código (aguarde 7 s)');
    expect(screen.getByTestId('recovery-resend')).toBeDisabled();
    rerender({ recovery: { ...step('code', 'ana@ex.com'), canResend: true, resendIn: 0 } });
    expect(screen.getByTestId('recovery-resend')).toHaveTextContent('Reenviar código');
    expect(screen.getByTestId('recovery-resend')).toBeEnabled();
  });
});
