import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { SessionViewModel } from '../../../machines/session/session.connect';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { createSecretDrop } from '../../lib/secret-drop';
import { SelfExcludedDialog } from './self-excluded-dialog';
import SessionForms, { type SessionFormsProps } from './session-forms';

const guest: SessionViewModel = {
  status: 'guest',
  signedIn: false,
  checkDone: true,
  busy: false,
  user: null,
  balance: null,
  failure: null,
  selfExclusion: null,
  chatContact: null,
};

function renderForms(over: Partial<SessionFormsProps> = {}, locale: 'pt' | 'en' = 'pt') {
  const drop = createSecretDrop();
  const sendSession = vi.fn();
  const props: SessionFormsProps = {
    tab: 'register',
    brand: { loginBy: ['email', 'cpf'], registerCpf: true, registerPhone: true, turnstileSiteKey: null, googleClientId: null, chatId: null },
    locale,
    session: guest,
    recovery: { step: 'email', busy: false, canResend: false, resending: false, failure: null },
    drop,
    forms: {
      validateCpf: vi.fn(async () => null),
      geo: async () => ({ countryCode: 'BR', callingCode: '55' }),
      referralCode: () => 'AMIGO1',
      localCaptchaToken: 'local-ok',
    },
    sendSession,
    sendModal: vi.fn(),
    ...over,
  };
  render(
    <IntlProvider locale={locale === 'pt' ? 'pt-BR' : 'en-US'} messages={locale === 'pt' ? ptBR : en}>
      <MemoryRouter>
        <SessionForms {...props} />
      </MemoryRouter>
    </IntlProvider>,
  );
  return { drop, sendSession, props };
}

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
    expect(await screen.findByTestId('register-name-error')).toHaveTextContent('O sobrenome deve ter mais de três caracteres.');
  });

  it('prefills the referral code and hands the values to the drop, never to the event', async () => {
    const user = userEvent.setup();
    const { drop, sendSession, props } = renderForms();
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
    expect(props.forms.validateCpf).toHaveBeenCalledWith('52998224725');
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

  it('shows the server CPF check message (already registered)', async () => {
    const user = userEvent.setup();
    renderForms({
      forms: {
        validateCpf: async () => 'Este CPF já está cadastrado.',
        geo: async () => ({ countryCode: 'BR', callingCode: '55' }),
        referralCode: () => null,
        localCaptchaToken: 'local-ok',
      },
    });
    await user.type(await screen.findByLabelText('CPF'), '52998224725');
    expect(await screen.findByTestId('register-cpf-error')).toHaveTextContent('Este CPF já está cadastrado.');
  });

  it('in English', async () => {
    const user = userEvent.setup();
    renderForms({}, 'en');
    await user.type(await screen.findByLabelText('CPF'), '11111111111');
    expect(await screen.findByTestId('register-cpf-error')).toHaveTextContent('Invalid CPF');
  });
});

describe('registration form: the birth date (issue 10)', () => {
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
    expect(await screen.findByTestId('register-birth-error')).toHaveTextContent('Você precisa ter 18 anos ou mais para se cadastrar.');
    await user.clear(field);
    await user.type(field, '31021990');
    expect(await screen.findByTestId('register-birth-error')).toHaveTextContent('Informe uma data de nascimento válida.');
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
      session: { ...guest, failure: { status: 422, messages: [{ text: 'Credenciais inválidas.' }], fields: { email: ['Credenciais inválidas.'] } } },
    });
    expect(await screen.findByTestId('login-identifier-error')).toHaveTextContent('Credenciais inválidas.');
  });
});

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
    expect(screen.getByRole('link', { name: /gov\.br/ })).toHaveAttribute('href', 'https://www.gov.br/autoexclusaoapostas');
  });
});
