import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { ShellPage } from './models/shell-page';

/** Texts per locale (pt: §5's exact Portuguese). */
const TEXT = {
  pt: {
    prefix: '',
    invalidCpf: 'CPF inválido',
    mismatch: 'As senhas não coincidem',
    tab: { login: 'Entrar', register: 'Cadastrar', recovery: 'Recuperar senha' },
    fullName: 'Nome completo',
    email: 'E-mail',
    phone: 'Telefone',
    cpf: 'CPF',
    birth: 'Data de nascimento',
    password: 'Senha',
    confirmation: 'Confirme a senha',
    terms: 'Tenho 18 anos ou mais e aceito os termos e condições.',
    captcha: 'Não sou um robô',
    submitRegister: 'Criar conta',
    loginId: 'E-mail',
    submitLogin: 'Entrar',
    logout: 'Sair',
    selfExcludedTitle: 'Conta em autoexclusão',
    dateLocale: 'pt-BR',
  },
  en: {
    prefix: '/en',
    invalidCpf: 'Invalid CPF',
    mismatch: 'The passwords do not match',
    tab: { login: 'Sign in', register: 'Register', recovery: 'Recover password' },
    fullName: 'Full name',
    email: 'E-mail',
    phone: 'Phone',
    cpf: 'CPF',
    birth: 'Date of birth',
    password: 'Password',
    confirmation: 'Confirm the password',
    terms: 'I am 18 or over and accept the terms and conditions.',
    captcha: 'I am not a robot',
    submitRegister: 'Create account',
    loginId: 'E-mail',
    submitLogin: 'Sign in',
    logout: 'Sign out',
    selfExcludedTitle: 'Account self-excluded',
    dateLocale: 'en-US',
  },
} as const;
type Lang = keyof typeof TEXT;

function randomCpf(): string {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (new Set(base).size === 1) base[0] = (base[0]! + 1) % 10;
  const dv = (ds: number[]) => {
    const r = ds.reduce((acc, x, i) => acc + x * (ds.length + 1 - i), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(base);
  return [...base, d1, dv([...base, d1])].join('');
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const randomMobile = () => `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function skipAgeGate(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
}

async function open(page: Page, baseURL: string | undefined, host: string, path: string) {
  await page.goto(`${ShellPage.origin(baseURL, host)}${path}`);
  await new ShellPage(page).waitForSite();
}

const modal = (page: Page) => page.getByTestId('login-modal');

async function fillRegistration(
  page: Page,
  t: (typeof TEXT)[Lang],
  values: { cpf: string; password: string; confirmation: string; email?: string },
) {
  const m = modal(page);
  await m.getByLabel(t.fullName).fill('Teste Jogador');
  await m.getByLabel(t.email, { exact: true }).fill(values.email ?? `p${unique()}@azul.test`);
  await m.getByLabel(t.phone).fill(randomMobile());
  await m.getByLabel(t.cpf, { exact: true }).fill(values.cpf);
  await m.getByLabel(t.birth).fill('1990-05-17');
  await m.getByLabel(t.password, { exact: true }).fill(values.password);
  await m.getByLabel(t.confirmation).fill(values.confirmation);
  await m.getByLabel(t.terms).check();
  await m.getByLabel(t.captcha).check();
}

for (const lang of ['pt', 'en'] as const) {
  const t = TEXT[lang];

  // The dev mode repeats these in Portuguese only (the English texts come from the same catalogue either way).
  test.describe(`session, ${lang}`, { tag: lang === 'en' ? PREVIEW_ONLY : [] }, () => {
    test.beforeEach(async ({ page }) => {
      await skipAgeGate(page);
    });

    test('a new player registers with a valid CPF, lands signed in, stays signed in on reload, logs out', async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await open(page, baseURL, 'azul.localhost', `${t.prefix}/register`);
      await expect(modal(page)).toBeVisible();
      await fillRegistration(page, t, { cpf: randomCpf(), password: 'Senha@123', confirmation: 'Senha@123' });
      await expect(modal(page).getByText(t.invalidCpf)).toHaveCount(0);
      await modal(page).getByRole('button', { name: t.submitRegister }).click();
      await expect(page.getByTestId('account')).toBeVisible();
      await expect(modal(page)).toHaveCount(0);
      await expect(page.getByTestId('balance')).toContainText('0,00'.replace(',', lang === 'pt' ? ',' : '.'));
      // The token is stored under `auth`, never in the URL.
      expect(page.url()).not.toMatch(/token|auth=/i);

      await page.reload();
      await new ShellPage(page).waitForSite();
      await expect(page.getByTestId('account')).toBeVisible();

      // Sign-out. The server's answer is held until the test has looked: meanwhile the player is still shown, busy,
      // with the token stored (it authorises /auth/logout). The guest header is the product's signal that the token
      // is gone: it shows only once it was forgotten, so reading storage right after it is never early.
      let answerLogout!: () => void;
      const logoutHeld = new Promise<void>((resolve) => (answerLogout = resolve));
      await page.route('**/api/auth/logout', async (route) => {
        await logoutHeld;
        await route.continue();
      });
      await page.getByTestId('account-menu').click();
      await page.getByRole('button', { name: t.logout }).click();
      await expect(page.getByTestId('logout')).toBeDisabled();
      await expect(page.getByTestId('account')).toBeVisible();
      await expect(page.getByTestId('sign-in')).toHaveCount(0);
      expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeTruthy();
      answerLogout();
      await expect(page.getByTestId('sign-in')).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
      await expect(page.getByTestId('account')).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${t.prefix || ''}/?$`));
      await page.reload();
      await new ShellPage(page).waitForSite();
      await expect(page.getByTestId('sign-in')).toBeVisible();
    });

    test(`an invalid CPF shows '${t.invalidCpf}' and mismatched passwords '${t.mismatch}'`, async ({
      page,
      baseURL,
    }) => {
      await open(page, baseURL, 'azul.localhost', `${t.prefix}/register`);
      await fillRegistration(page, t, { cpf: '529.982.247-24', password: 'Senha@123', confirmation: 'Senha@124' });
      await expect(page.getByTestId('register-cpf-error')).toHaveText(t.invalidCpf);
      await expect(page.getByTestId('register-confirmation-error')).toHaveText(t.mismatch);
      await expect(modal(page).getByLabel(t.cpf, { exact: true })).toHaveValue('529.982.247-24');
      await modal(page).getByRole('button', { name: t.submitRegister }).click();
      await expect(page.getByTestId('account')).toHaveCount(0);
    });

    test('the seeded self-excluded player is refused, with both dates shown', async ({ page, baseURL }) => {
      await open(page, baseURL, 'localhost', `${t.prefix}/login`);
      await modal(page).getByLabel(t.loginId, { exact: true }).fill('carla@sorteverde.test');
      await modal(page).getByLabel(t.password, { exact: true }).fill('Senha@123');
      await page.getByTestId('login-submit').click();
      const dialog = page.getByTestId('self-excluded');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading', { name: t.selfExcludedTitle })).toBeVisible();
      // Seed: from 10 days before the seed until 180 days after it; both dates in the locale's long format.
      const longDate = (offsetDays: number) =>
        new Intl.DateTimeFormat(t.dateLocale, { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(
          new Date(Date.now() + offsetDays * 86_400_000),
        );
      await expect(page.getByTestId('self-excluded-start')).toHaveText(/\d{4}/);
      await expect(page.getByTestId('self-excluded-end')).toHaveText(/\d{4}/);
      const start = await page.getByTestId('self-excluded-start').textContent();
      const end = await page.getByTestId('self-excluded-end').textContent();
      expect([longDate(-10), longDate(-11), longDate(-9)]).toContain(start);
      expect([longDate(180), longDate(179), longDate(181)]).toContain(end);
      await expect(dialog.getByRole('link', { name: /gov\.br/ })).toHaveAttribute(
        'href',
        'https://www.gov.br/autoexclusaoapostas',
      );
      await expect(dialog.getByRole('link').first()).toHaveAttribute('href', `${t.prefix}/responsible-gaming`);
      await expect(page.getByTestId('account')).toHaveCount(0);
      expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    });

    test('a token the sandbox revoked leads to guest on reload', async ({ page, baseURL }) => {
      await open(page, baseURL, 'localhost', `${t.prefix}/login`);
      await modal(page).getByLabel(t.loginId, { exact: true }).fill('ana@sorteverde.test');
      await modal(page).getByLabel(t.password, { exact: true }).fill('Senha@123');
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('account')).toBeVisible();
      // Her balance, whatever other specs' runs have made of it (R$ 250,00 on a fresh sandbox).
      await expect(page.getByTestId('balance')).toContainText(/R\$\s?\d/);
      // Another context (a second device, the QA panel) revokes this token.
      const token = await page.evaluate(() => window.localStorage.getItem('auth'));
      expect(token).toBeTruthy();
      const revoked = await page.request.get(`${ShellPage.origin(baseURL, 'localhost')}/api/auth/logout`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(revoked.status()).toBe(200);
      await page.reload();
      await new ShellPage(page).waitForSite();
      await expect(page.getByTestId('sign-in')).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    });

    test('/login, /register and /recover-pass open the right tab', async ({ page, baseURL }) => {
      for (const [path, tab] of [
        ['/login', 'login'],
        ['/register', 'register'],
        ['/recover-pass', 'recovery'],
      ] as const) {
        await open(page, baseURL, 'localhost', `${t.prefix}${path}`);
        await expect(modal(page)).toBeVisible();
        await expect(modal(page).getByRole('heading', { name: t.tab[tab] })).toBeVisible();
        await expect(page.getByTestId(`login-tab-${tab}`)).toHaveAttribute('aria-pressed', 'true');
      }
    });
  });
}

test('age gate: confirming 18+ stores ageVerified and opens registration 2 s later', async ({ page, baseURL }) => {
  // The age gate's 2 s pass on the page's clock (installed, it runs in real time until told to jump).
  await page.clock.install();
  await open(page, baseURL, 'localhost', '/');
  await expect(page.getByTestId('age-gate')).toBeVisible();
  await expect(page.getByTestId('age-gate-region')).toHaveAttribute('data-state', 'asking');
  await page.getByTestId('age-gate-confirm').click();
  expect(await page.evaluate(() => window.localStorage.getItem('ageVerified'))).toBe('true');
  await page.clock.runFor(2000);
  await expect(page.getByTestId('age-gate')).toHaveCount(0);
  await expect(page.getByTestId('age-gate-region')).toHaveAttribute('data-state', 'done');
  await expect(modal(page)).toBeVisible();
  await expect(page.getByTestId('login-tab-register')).toHaveAttribute('aria-pressed', 'true');
});

/** §2.3's registration modal must not take over a modal in use, nor follow a self-exclusion refusal. */
test.describe('age gate on /login', () => {
  const pt = TEXT.pt;

  test('the login form the player is typing in stays: no switch to registration 2 s later', async ({
    page,
    baseURL,
  }) => {
    await page.clock.install();
    await open(page, baseURL, 'localhost', '/login');
    await expect(modal(page)).toBeVisible();
    await page.getByTestId('age-gate-confirm').click();
    await modal(page).getByLabel(pt.loginId, { exact: true }).fill('ana@sorteverde.test');
    // The 2 s pass while the player is typing, on the page's clock; then the product's signal that the decision
    // has been taken.
    await page.clock.runFor(2000);
    await expect(page.getByTestId('age-gate-region')).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('login-tab-login')).toHaveAttribute('aria-pressed', 'true');
    await expect(modal(page).getByTestId('login-form')).toBeVisible();
    await expect(modal(page).getByTestId('register-form')).toHaveCount(0);
    await expect(modal(page).getByLabel(pt.loginId, { exact: true })).toHaveValue('ana@sorteverde.test');
    // The player finishes and signs in, undisturbed.
    await modal(page).getByLabel(pt.password, { exact: true }).fill('Senha@123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('account')).toBeVisible();
  });

  test('a self-excluded player refused right after the 18+ answer gets no registration form over the refusal', async ({
    page,
    baseURL,
  }) => {
    await page.clock.install();
    await open(page, baseURL, 'localhost', '/login');
    await page.getByTestId('age-gate-confirm').click();
    await modal(page).getByLabel(pt.loginId, { exact: true }).fill('carla@sorteverde.test');
    await modal(page).getByLabel(pt.password, { exact: true }).fill('Senha@123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('self-excluded')).toBeVisible();
    await page.clock.runFor(2000); // the rest of the age gate's 2 s, on the page's clock
    await expect(page.getByTestId('age-gate-region')).toHaveAttribute('data-state', 'done');
    await expect(modal(page)).toHaveCount(0);
    await expect(page.getByTestId('self-excluded')).toBeVisible();
    await expect(page.getByTestId('register-form')).toHaveCount(0);
  });
});

/** The identity hand-over never asks for a channel the current identity may not join. */
test('sign-in and sign-out: every private channel is asked for by its owner, no 403 from /broadcasting/auth', async ({
  page,
  baseURL,
}) => {
  await skipAgeGate(page);
  const asked: Array<{ channel: string; as: 'player' | 'guest'; status: number }> = [];
  page.on('response', (response) => {
    if (!response.url().includes('/broadcasting/auth')) return;
    const request = response.request();
    const channel = new URLSearchParams(request.postData() ?? '').get('channel_name') ?? '';
    asked.push({ channel, as: request.headers().authorization ? 'player' : 'guest', status: response.status() });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const joined = (channel: string) => asked.filter((a) => a.channel === channel && a.status === 200).length;

  await open(page, baseURL, 'localhost', '/login');
  const guestChannel = `private-universal.${await page.evaluate(() => window.localStorage.getItem('guest_id'))}`;
  await expect.poll(() => joined(guestChannel), { message: 'the guest joined its channel' }).toBe(1);

  const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await modal(page).getByLabel(TEXT.pt.loginId, { exact: true }).fill('ana@sorteverde.test');
  await modal(page).getByLabel(TEXT.pt.password, { exact: true }).fill('Senha@123');
  await page.getByTestId('login-submit').click();
  const userId = ((await (await login).json()) as { data: { id: number } }).data.id;
  await expect(page.getByTestId('account')).toBeVisible();
  await expect
    .poll(() => joined(`private-universal.${userId}`), { message: 'the player joined the user channel' })
    .toBe(1);

  await page.getByTestId('account-menu').click();
  await page.getByRole('button', { name: TEXT.pt.logout }).click();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await expect.poll(() => joined(guestChannel), { message: 'the guest joined its channel again' }).toBe(2);

  expect(asked.filter((a) => a.status !== 200)).toEqual([]);
  for (const a of asked.filter((x) => x.channel.startsWith('private-'))) {
    expect(a.as, a.channel).toBe(a.channel === guestChannel ? 'guest' : 'player');
  }
  expect(consoleErrors.filter((text) => /403|broadcasting/i.test(text))).toEqual([]);
});

// One test per size and language (two page loads each), so the dev server's slower loads fit a test's time.
for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  for (const lang of ['pt', 'en'] as const) {
    test(`screenshots of the modal at ${width}×${height}, ${lang}`, { tag: SCREENSHOTS }, async ({ page, baseURL }) => {
      await skipAgeGate(page);
      await page.setViewportSize({ width, height });
      await open(page, baseURL, 'azul.localhost', `${TEXT[lang].prefix}/register`);
      await expect(modal(page).getByTestId('register-form')).toBeVisible();
      await modal(page).getByLabel(TEXT[lang].cpf, { exact: true }).fill('52998224724');
      await modal(page).getByLabel(TEXT[lang].confirmation).fill('x');
      await page.screenshot({ path: test.info().outputPath(`session-register-${lang}-${width}x${height}.png`) });
      await open(page, baseURL, 'azul.localhost', `${TEXT[lang].prefix}/login`);
      await expect(modal(page).getByTestId('login-form')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`session-login-${lang}-${width}x${height}.png`) });
    });
  }
}
