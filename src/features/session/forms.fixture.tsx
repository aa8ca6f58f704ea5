/** Test harness of the sign-in forms (not part of the app): renders a form with its machines and a fresh drop. */
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { registrationMachine } from '../../../machines/registration/registration.machine';
import type { CpfCheckOutput, GeoResult } from '../../../machines/registration/registration.types';
import type { SessionViewModel } from '../../../machines/session/session.connect';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { createSecretDrop, type SecretDrop } from '../../lib/secret-drop';
import type { SessionFormsProps } from './form-props';
import SessionForms from './session-forms';

export const guest: SessionViewModel = {
  status: 'guest',
  signedIn: false,
  checkDone: true,
  busy: false,
  user: null,
  balance: null,
  bonusBalance: null,
  failure: null,
  selfExclusion: null,
  selfExclusionEnded: false,
  chatContact: null,
  impediment: null,
  secondFactor: null,
  regulatedProfile: null,
};

export interface HarnessOptions {
  /** The server check's answer for the CPF the form put in the drop (default: free). */
  checkCpf?: (cpf: string) => Promise<CpfCheckOutput>;
  geo?: () => Promise<GeoResult>;
}

/** The registration machine as src/app provides it, with the given answers; it reads the CPF from the drop. */
export function startRegistration(drop: SecretDrop, options: HarnessOptions = {}) {
  const checked: string[] = [];
  const machine = registrationMachine.provide({
    actors: {
      geo: fromPromise<GeoResult>(() => (options.geo ?? (async () => ({ countryCode: 'BR', callingCode: '55' })))()),
      checkCpf: fromPromise<CpfCheckOutput>(async () => {
        const cpf = drop.take('cpf')?.cpf ?? '';
        checked.push(cpf);
        return (options.checkCpf ?? (async () => ({ result: 'valid' as const })))(cpf);
      }),
    },
  });
  return { registration: createActor(machine).start(), checked };
}

export function renderForms(
  over: Partial<SessionFormsProps> = {},
  locale: 'pt' | 'en' = 'pt',
  options: HarnessOptions = {},
) {
  const drop = createSecretDrop();
  const sendSession = vi.fn();
  const sendModal = vi.fn();
  const { registration, checked } = startRegistration(drop, options);
  const props: SessionFormsProps = {
    tab: 'register',
    brand: {
      loginBy: ['email', 'cpf'],
      registerCpf: true,
      registerPhone: true,
      turnstileSiteKey: null,
      googleClientId: null,
      chatId: null,
    },
    locale,
    session: guest,
    recovery: { step: 'email', busy: false, canResend: false, resendIn: 0, resending: false, failure: null, email: '' },
    registration,
    drop,
    forms: { referralCode: () => 'AMIGO1', localCaptchaToken: 'local-ok' },
    sendSession,
    sendModal,
    ...over,
  };
  const ui = (p: SessionFormsProps) => (
    <IntlProvider locale={locale === 'pt' ? 'pt-BR' : 'en-US'} messages={locale === 'pt' ? ptBR : en}>
      <MemoryRouter>
        <SessionForms {...p} />
      </MemoryRouter>
    </IntlProvider>
  );
  const view = render(ui(props));
  return {
    drop,
    sendSession,
    sendModal,
    props,
    registration,
    checked,
    rerender: (next: Partial<SessionFormsProps>) => view.rerender(ui({ ...props, ...next })),
  };
}
