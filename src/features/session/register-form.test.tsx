import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderForms } from './forms.fixture';

describe('registration form', () => {
  it("validates on change with §5's texts: 'CPF inválido', 'As senhas não coincidem', full name", async () => {
    const user = userEvent.setup();
    renderForms();
    await user.type(await screen.findByLabelText('CPF'), '52998224724');
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-24');
    expect(await screen.findByTestId('register-cpf-error')).toHaveTextContent('CPF inválido');
    await user.type(screen.getByLabelText('Senha'), 'Senha@123');
    await user.type(screen.getByLabelText('Confirme a senha'), 'Senha@12');
    expect(await screen.findByTestId('register-confirmation-error')).toHaveTextContent('As senhas não coincidem');
    await user.type(screen.getByLabelText('Nome completo'), 'Ana');
    expect(await screen.findByTestId('register-name-error')).toHaveTextContent('Por favor, insira seu nome completo.');
    await user.type(screen.getByLabelText('Nome completo'), ' S');
    expect(await screen.findByTestId('register-name-error')).toHaveTextContent(
      'O sobrenome deve ter mais de três caracteres.',
    );
  });

  it('prefills the referral code and hands the values to the drop, never to the event', async () => {
    const user = userEvent.setup();
    const { drop, sendSession, checked } = renderForms();
    expect(await screen.findByLabelText('Código de indicação (opcional)')).toHaveValue('AMIGO1');
    await user.type(screen.getByLabelText('Nome completo'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana.souza@ex.com');
    await user.type(screen.getByLabelText('Telefone'), '11912345678');
    expect(screen.getByLabelText('Telefone')).toHaveValue('(11) 91234-5678');
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Data de nascimento'), '02011990');
    expect(screen.getByLabelText('Data de nascimento')).toHaveValue('02/01/1990');
    await user.type(screen.getByLabelText('Senha'), 'Senha@123');
    await user.type(screen.getByLabelText('Confirme a senha'), 'Senha@123');
    await user.click(screen.getByLabelText('Tenho 18 anos ou mais e aceito os termos e condições.'));
    await user.click(screen.getByLabelText('Não sou um robô'));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(sendSession).toHaveBeenCalledWith({ type: 'session.register' });
    expect(checked).toEqual(['52998224725']);
    expect(drop.take('register')).toMatchObject({
      name: 'Ana Souza',
      phone: '+5511912345678',
      cpf: '52998224725',
      captcha_token: 'local-ok',
      referral_code: 'AMIGO1',
      terms: true,
      birth_date: '1990-01-02',
    });
  });

  it('shows the server CPF check message (already registered) and refuses to submit', async () => {
    const user = userEvent.setup();
    const { sendSession, registration } = renderForms({}, 'pt', { checkCpf: async () => ({ result: 'taken' }) });
    await user.type(await screen.findByLabelText('CPF'), '52998224725');
    expect(await screen.findByTestId('register-cpf-error')).toHaveTextContent('Já existe uma conta com este CPF.');
    expect(registration.getSnapshot().context.cpfCheck).toEqual({
      result: 'taken',
      messageId: 'session.validation.cpf_taken',
    });
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(sendSession).not.toHaveBeenCalled();
    // Edited away: the check is forgotten, and the form's own rule speaks.
    await user.type(screen.getByLabelText('CPF'), '{Backspace}');
    expect(await screen.findByTestId('register-cpf-error')).toHaveTextContent('CPF inválido');
    expect(registration.getSnapshot().context.cpfCheck).toBeNull();
  });

  it('checks each valid CPF once (never an incomplete one), and offers a retry when the check could not be made', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { checked, registration } = renderForms({}, 'pt', {
      checkCpf: async () => {
        if (fail) throw new Error('503');
        return { result: 'valid' };
      },
    });
    await user.type(await screen.findByLabelText('CPF'), '5299822472');
    expect(checked).toEqual([]);
    await user.type(screen.getByLabelText('CPF'), '5');
    expect(await screen.findByTestId('register-cpf-check-failed')).toHaveTextContent(
      'Não foi possível verificar o CPF agora.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await vi.waitFor(() => expect(registration.getSnapshot().matches({ cpf: 'valid' })).toBe(true));
    expect(screen.queryByTestId('register-cpf-check-failed')).toBeNull();
    expect(checked).toEqual(['52998224725', '52998224725']);
    // The machine never holds the CPF.
    expect(JSON.stringify(registration.getSnapshot().context)).not.toContain('52998224725');
  });

  it("the phone takes the geo lookup's calling code: a non-Brazilian one is refused (§5)", async () => {
    const user = userEvent.setup();
    renderForms({}, 'pt', { geo: async () => ({ countryCode: 'PT', callingCode: '351' }) });
    expect(await screen.findByText('+351')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Telefone'), '11912345678');
    expect(await screen.findByTestId('register-phone-error')).toHaveTextContent('O telefone precisa ser do Brasil.');
  });

  it('in English', async () => {
    const user = userEvent.setup();
    renderForms({}, 'en');
    await user.type(await screen.findByLabelText('CPF'), '11111111111');
    expect(await screen.findByTestId('register-cpf-error')).toHaveTextContent('Invalid CPF');
  });
});

describe('registration form: the birth date', () => {
  it('pt: a text field showing DD/MM/AAAA with a numeric keyboard, never <input type=date>', async () => {
    renderForms();
    const field = await screen.findByLabelText('Data de nascimento');
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    expect(field).toHaveAttribute('autocomplete', 'bday');
  });

  it('en: the locale’s order, MM/DD/YYYY, and the date handed on as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const { drop } = renderForms({}, 'en');
    const field = await screen.findByLabelText('Date of birth');
    expect(field).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    await user.type(screen.getByLabelText('Full name'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana.souza@ex.com');
    await user.type(screen.getByLabelText('Phone'), '11912345678');
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(field, '12251990');
    expect(field).toHaveValue('12/25/1990');
    await user.type(screen.getByLabelText('Password'), 'Senha@123');
    await user.type(screen.getByLabelText('Confirm the password'), 'Senha@123');
    await user.click(screen.getByLabelText('I am 18 or over and accept the terms and conditions.'));
    await user.click(screen.getByLabelText('I am not a robot'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(drop.take('register')).toMatchObject({ birth_date: '1990-12-25' });
  });

  it('refuses a player under 18 and an impossible date with the catalog’s messages, in pt and en', async () => {
    const user = userEvent.setup();
    const young = new Date();
    young.setFullYear(young.getFullYear() - 17);
    const dd = String(young.getDate()).padStart(2, '0');
    const mm = String(young.getMonth() + 1).padStart(2, '0');
    renderForms();
    const field = await screen.findByLabelText('Data de nascimento');
    await user.type(field, `${dd}${mm}${young.getFullYear()}`);
    expect(await screen.findByTestId('register-birth-error')).toHaveTextContent(
      'Você precisa ter 18 anos ou mais para se cadastrar.',
    );
    await user.clear(field);
    await user.type(field, '31021990');
    expect(await screen.findByTestId('register-birth-error')).toHaveTextContent(
      'Informe uma data de nascimento válida.',
    );
  });

  it('refuses a player under 18 in English too', async () => {
    const user = userEvent.setup();
    const young = new Date();
    young.setFullYear(young.getFullYear() - 17);
    renderForms({}, 'en');
    const mm = String(young.getMonth() + 1).padStart(2, '0');
    const dd = String(young.getDate()).padStart(2, '0');
    await user.type(await screen.findByLabelText('Date of birth'), `${mm}${dd}${young.getFullYear()}`);
    expect(await screen.findByTestId('register-birth-error')).toHaveTextContent('You must be 18 or over to register.');
  });
});
