import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../sandbox/seed-data/players';
import { sandboxPanelUrl } from './sandbox';
import { ShellPage } from './shell-page';

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
  /** The CPF registered (digits): the player's own pix key. */
  cpf: string;
  id: number;
}

/**
 * A player of the test's own (R$ 0,00), registered through the platform's API (on the default brand unless
 * `brandHost` names another; registered with `referralCode` when given), so what the
 * test does (sign in, deposit, self-exclude) never touches the seeded demo players other specs count on.
 */
export async function registerPlayer(
  page: Page,
  baseURL: string | undefined,
  brandHost?: string,
  referralCode?: string,
  profilePending = false,
): Promise<NewPlayer> {
  serial += 1;
  const stamp = `${Date.now()}${serial}`;
  const email = `p${stamp}@exemplo.test`;
  const password = 'Segura#2024';
  const cpf = newCpf();
  const res = await page.request.post(`${baseURL}/api/auth/register`, {
    // Another brand's player registers on that brand's domain, as the app of that host would.
    ...(brandHost ? { headers: { 'X-Brand-Domain': brandHost } } : {}),
    data: {
      name: 'Teste',
      surname: 'Guarda',
      email,
      phone: `11 9${stamp.slice(-8)}`,
      cpf,
      password,
      password_confirmation: password,
      birth_date: '1990-01-15',
      terms: true,
      captcha_token: 'sandbox-captcha-ok',
      ...(referralCode ? { referral_code: referralCode } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { token, data } = (await res.json()) as { token: string; data: { id: number } };
  if (!brandHost && !profilePending) await markProfileChosen(page, data.id);
  return { email, password, token, cpf, id: data.id };
}

/**
 * The default brand is regulated: the player is taken as having chosen the gender and limits of Portaria SPA/MF
 * 2.579/2025 earlier (no limit in force), so a spec about something else can deposit and stake, and no profile
 * modal covers the page it is about (the QA panel's setting).
 */
export async function markProfileChosen(page: Page, playerId: number): Promise<void> {
  const panel = sandboxPanelUrl();
  const chosen = await page.request.post(`${panel}/players/${playerId}/regulated-profile`, {
    headers: { origin: new URL(panel).origin },
    form: { state: 'chosen' },
    maxRedirects: 0,
  });
  expect(chosen.status()).toBe(303);
}

/**
 * A new player with R$ 100,00 deposited by pix (paid by the sandbox bank), signed in on the page: real rounds
 * move their money, not a demo player's whose balance other specs read.
 */
export async function fundedPlayer(page: Page, baseURL: string | undefined): Promise<NewPlayer> {
  const player = await registerPlayer(page, baseURL);
  const { token } = player;
  const pix = await page.request.post(`${baseURL}/api/main-gateway/qrcode-pix`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { amount: 10_000 },
  });
  expect(pix.status()).toBe(201);
  const { data } = (await pix.json()) as { data: { id: number } };
  const panel = sandboxPanelUrl();
  const paid = await page.request.post(`${panel}/bank/deposits/${data.id}/pay`, {
    headers: { origin: new URL(panel).origin }, // the panel takes writes from its own page only
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await page.addInitScript((t) => window.localStorage.setItem('auth', t), token);
  return player;
}

/**
 * A demo player (seeded, `DEMO_PASSWORD`) signed in through the API on the brand served at `host`; the page gets the
 * token on that host only. Returns the token.
 */
export async function signInDemo(
  page: Page,
  baseURL: string | undefined,
  host: string,
  email: string,
): Promise<string> {
  const res = await page.request.post(`${baseURL}/api/auth/login`, {
    headers: { 'X-Brand-Domain': host },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript(
    ([t, h]) => {
      if (window.location.hostname === h) window.localStorage.setItem('auth', t);
    },
    [token, host] as const,
  );
  return token;
}

/**
 * Opens `path` as a player of the test's own (their token stored once, on the tab's first load, with the age gate
 * answered) and waits for the site: what a returning player sees.
 */
export async function openAsPlayer(page: Page, player: NewPlayer, path: string): Promise<void> {
  await page.addInitScript((t) => {
    window.localStorage.setItem('ageVerified', 'true');
    if (window.sessionStorage.getItem('e2e-token-stored')) return;
    window.sessionStorage.setItem('e2e-token-stored', '1');
    window.localStorage.setItem('auth', t);
  }, player.token);
  await page.goto(path);
  await new ShellPage(page).waitForSite();
}
