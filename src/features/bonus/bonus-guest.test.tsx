import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { BonusGuest } from './bonus-page';

describe('/bonus for a guest', () => {
  it.each([
    ['pt-BR', ptBR, 'Bônus e recompensas', 'Entrar para ver meus bônus'],
    ['en', en, 'Bonuses and rewards', 'Sign in to see my bonuses'],
  ])(
    '%s: the page is titled and offers the sign-in, which it asks for when pressed',
    async (locale, messages, title, button) => {
      const onSignIn = vi.fn();
      render(
        <IntlProvider locale={locale} messages={messages}>
          <BonusGuest onSignIn={onSignIn} />
        </IntlProvider>,
      );
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: button }));
      expect(onSignIn).toHaveBeenCalledTimes(1);
    },
  );
});
