import { expect, type Page } from '@playwright/test';

let serial = 0;

/** A valid CPF, different on every call. */
export function newCpf(): string {
  serial += 1;
  const base = String((Date.now() % 1_000_000_000) + serial * 7919)
    .padStart(9, '0')
    .slice(-9);
  const digits = base.split('').map(Number);
  const check = (ds: number[]) => {
    const sum = ds.reduce((acc, d, i) => acc + d * (ds.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  return digits.join('');
}

export interface NewPlayer {
  email: string;
  password: string;
  token: string;
}

/**
 * A player of the test's own (R$ 0,00), registered through the platform's API (on the default brand unless
 * `brandHost` names another), so what the
 * test does (sign in, deposit, self-exclude) never touches the seeded demo players other specs count on.
 */
export async function registerPlayer(page: Page, baseURL: string | undefined, brandHost?: string): Promise<NewPlayer> {
  serial += 1;
  const stamp = `${Date.now()}${serial}`;
  const email = `p${stamp}@exemplo.test`;
  const password = 'Segura#2024';
  const res = await page.request.post(`${baseURL}/api/auth/register`, {
    // Another brand's player registers on that brand's domain, as the app of that host would.
    ...(brandHost ? { headers: { 'X-Brand-Domain': brandHost } } : {}),
    data: {
      name: 'Teste',
      surname: 'Guarda',
      email,
      phone: `11 9${stamp.slice(-8)}`,
      cpf: newCpf(),
      password,
      password_confirmation: password,
      birth_date: '1990-01-15',
      terms: true,
      captcha_token: 'sandbox-captcha-ok',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  return { email, password, token };
}
