import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../sandbox/seed-data/players';
import { XSS_PAYLOADS } from '../tests/xss-payloads';
import { LivePage, RealtimeSandbox } from './models/live-page';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { markProfileChosen, newCpf } from './models/players';
import { ShellPage } from './models/shell-page';

/**
 * The global chat `chatglobal`: day labels in both languages, sending as a player, a pinned
 * message, reconnecting without duplicates, a guest asked to sign in, and the XSS corpus executing nothing.
 * House messages (backdated for the day labels, pinned) are posted with the QA panel's own forms.
 */
const BRANDS = {
  verde: { id: 1, host: 'localhost', email: 'ana@sorteverde.test', name: 'Ana' },
  azul: { id: 2, host: 'azul.localhost', email: 'diego@azulbet.test', name: 'Diego' },
} as const;
type Brand = (typeof BRANDS)[keyof typeof BRANDS];

const run = Date.now().toString(36);

/** A real 4×4 PNG (the platform checks the bytes, not the name). */
const PNG_4x4 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGOQXxwDRwzEcQDNMxHhPx9D+AAAAABJRU5ErkJggg==',
  'base64',
);

async function signIn(page: Page, baseURL: string | undefined, brand: Brand): Promise<void> {
  const res = await page.request.post(`${baseURL}/api/auth/login`, {
    headers: { 'X-Brand-Domain': brand.host },
    data: { email: brand.email, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript(
    ([t, h]) => {
      if (window.location.hostname === h) window.localStorage.setItem('auth', t);
    },
    [token, brand.host] as const,
  );
}

/** Records any payload that runs (`window.__xss(n)`, `alert`) and fails the test on any dialog. */
async function watchForXss(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const ran: unknown[] = [];
    Object.defineProperty(window, '__xssRan', { value: ran });
    (window as unknown as { __xss: (n: unknown) => void }).__xss = (n) => ran.push(n);
    window.localStorage.setItem('ageVerified', 'true');
  });
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
}

/**
 * Every message a test of this file had the platform store (house messages, players' through the API and through
 * the composer), deleted through the QA panel once the test ends, passed or not. Left in the rooms, a run's
 * messages would push the next run's older ones (the day labels' "yesterday") out of the newest 50 the chat loads
 * when the suite runs again against the same sandbox.
 */
const stored: Array<Promise<string | null>> = [];

test.beforeEach(({ page }) => {
  page.on('response', (response) => {
    if (response.request().method() !== 'POST' || !response.url().endsWith('/api/chat/messages')) return;
    if (response.status() !== 201) return;
    stored.push(
      response.json().then(
        (body: { data: { id: number | string } }) => String(body.data.id),
        () => null,
      ),
    );
  });
});

test.afterEach(async ({ request }) => {
  const sandbox = new RealtimeSandbox(request);
  const ids = new Set((await Promise.all(stored.splice(0))).filter((id): id is string => id !== null));
  for (const id of ids) {
    const result = await sandbox.post(`/chat/${id}/delete`, {});
    // A test may have deleted its message itself (the moderation test).
    if (result.error !== null) expect(result.error).toBe('Mensagem não encontrada.');
  }
});

async function houseSays(sandbox: RealtimeSandbox, brand: Brand, fields: Record<string, string>) {
  const result = await sandbox.post(`/brands/${brand.id}/chat`, fields);
  expect(result.error, JSON.stringify(result)).toBeNull();
  const id = /Mensagem (\d+) postada/.exec(result.notice ?? '')?.[1];
  expect(id, result.notice ?? '').toBeDefined();
  stored.push(Promise.resolve(id!));
  return result;
}

async function openChat(page: Page) {
  // The header's button on a desktop, the bottom bar's on a phone.
  await page.locator('[data-testid^="chat-open"]:visible').first().click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-state', /ready|sending/);
  return panel;
}

/** Ana on Sorte Verde's home page, live, with the chat open and joined to the brand's public channel. */
async function openLiveChatAsAna(page: Page, baseURL: string | undefined, sandbox: RealtimeSandbox) {
  await signIn(page, baseURL, BRANDS.verde);
  await page.goto('/');
  await new ShellPage(page).waitForSite();
  await new LivePage(page).waitForConnected();
  const panel = await openChat(page);
  await expect
    .poll(() => sandbox.subscriptionCount(`universal-public.${BRANDS.verde.id}`), { message: 'chat joined' })
    .toBeGreaterThanOrEqual(1);
  return panel;
}

let chatters = 0;
/** A player of the test's own, named for the chat, registered on the brand through the API; returns their token. */
async function newChatter(page: Page, baseURL: string | undefined, host: string, name: string, surname: string) {
  chatters += 1;
  const stamp = `${Date.now()}${chatters}`;
  const res = await page.request.post(`${baseURL}/api/auth/register`, {
    headers: { 'X-Brand-Domain': host },
    data: {
      name,
      surname,
      email: `c${stamp}@x.test`,
      phone: `11 9${stamp.slice(-8)}`,
      cpf: newCpf(),
      password: 'Segura#2024',
      password_confirmation: 'Segura#2024',
      birth_date: '1990-01-15',
      terms: true,
      captcha_token: 'sandbox-captcha-ok',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { token, data } = (await res.json()) as { token: string; data: { id: number } };
  // Sorte Verde is regulated: without the profile chosen, its modal would cover the chat at sign-in.
  if (host === 'localhost') await markProfileChosen(page, data.id);
  return token;
}

/** A player says something through the API (as their own app would). Node resolves no *.localhost name. */
async function playerSays(page: Page, baseURL: string | undefined, host: string, token: string, text: string) {
  const res = await page.request.post(`${baseURL}/api/chat/messages`, {
    headers: { 'X-Brand-Domain': host, authorization: `Bearer ${token}` },
    data: { text },
  });
  expect(res.status(), await res.text()).toBe(201);
  stored.push(Promise.resolve(String(((await res.json()) as { data: { id: number } }).data.id)));
}

const messageWith = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

test.describe('global chat', () => {
  test.describe.configure({ mode: 'serial' });

  test(`pt: day labels Hoje, Ontem and a date; a guest reads and is asked to sign in ${PREVIEW_ONLY}`, async ({
    page,
    request,
  }) => {
    const sandbox = new RealtimeSandbox(request);
    await houseSays(sandbox, BRANDS.verde, { text: `três dias ${run}`, minutes_ago: String(3 * 24 * 60) });
    await houseSays(sandbox, BRANDS.verde, { text: `ontem ${run}`, minutes_ago: String(24 * 60 + 5) });
    await houseSays(sandbox, BRANDS.verde, { text: `hoje ${run}` });
    await watchForXss(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await new ShellPage(page).waitForSite();
    const panel = await openChat(page);
    const days = panel.getByTestId('chat-day');
    await expect(days.filter({ hasText: 'Hoje' })).toHaveCount(1);
    await expect(days.filter({ hasText: 'Ontem' })).toHaveCount(1);
    await expect(days.filter({ hasText: /^\d{2}\/\d{2}\/\d{4}$/ }).first()).toBeVisible();
    await expect(messageWith(page, `hoje ${run}`)).toHaveCount(1);
    // A guest reads, and is asked to sign in to write.
    await expect(panel.getByTestId('chat-composer')).toHaveCount(0);
    await expect(panel.getByTestId('chat-guest')).toContainText('Entre na sua conta para conversar');
    await panel.getByTestId('chat-sign-in').click();
    await expect(
      page
        .getByRole('dialog')
        .filter({ hasText: /Entrar|E-mail/ })
        .first(),
    ).toBeVisible();
  });

  test('en: Today and Yesterday on the other brand; a player sends and sees their message marked once', async ({
    page,
    request,
    baseURL,
  }) => {
    const sandbox = new RealtimeSandbox(request);
    await houseSays(sandbox, BRANDS.azul, { text: `yesterday ${run}`, minutes_ago: String(24 * 60 + 5) });
    await houseSays(sandbox, BRANDS.azul, { text: `today ${run}` });
    await watchForXss(page);
    await signIn(page, baseURL, BRANDS.azul);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${ShellPage.origin(baseURL, BRANDS.azul.host)}/en`);
    await new ShellPage(page).waitForSite();
    await new LivePage(page).waitForConnected();
    const panel = await openChat(page);
    await expect(panel.getByTestId('chat-day').filter({ hasText: 'Today' })).toHaveCount(1);
    await expect(panel.getByTestId('chat-day').filter({ hasText: 'Yesterday' })).toHaveCount(1);
    await expect(panel.getByTestId('chat-your-wagered')).toContainText('You have wagered');

    const text = `Good luck everyone ${run}`;
    await panel.getByTestId('chat-input').fill(text);
    await panel.getByTestId('chat-input').press('Enter');
    const mine = messageWith(page, text);
    await expect(mine).toHaveCount(1);
    await expect(mine).toHaveAttribute('data-own', 'true');
    await expect(mine).toContainText('You');
    await expect(panel.getByTestId('chat-input')).toHaveValue('');
    // The same message heard back on the public channel is not shown twice: a channel delivers in order, so once a
    // later message is shown, the echo of ours has been heard too.
    const later = `later ${run}`;
    await houseSays(sandbox, BRANDS.azul, { text: later });
    await expect(messageWith(page, later)).toHaveCount(1);
    await expect(mine).toHaveCount(1);

    // A link is refused with the platform's reason; the text stays to be edited.
    await panel.getByTestId('chat-input').fill('see ganhe.com');
    await panel.getByTestId('chat-send').click();
    await expect(panel.getByTestId('chat-send-failed')).toContainText('Links não são permitidos');
    await expect(panel.getByTestId('chat-input')).toHaveValue('see ganhe.com');
  });

  test('pt: a pinned message arrives live and stays on top; the player sends as themselves', async ({
    page,
    request,
    baseURL,
  }) => {
    const sandbox = new RealtimeSandbox(request);
    await watchForXss(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    const panel = await openLiveChatAsAna(page, baseURL, sandbox);

    const rules = `Regras do chat ${run}: respeito sempre`;
    await houseSays(sandbox, BRANDS.verde, { text: rules, name: 'Suporte', pin_minutes: '60' });
    const pinned = panel.getByTestId('chat-pinned');
    await expect(pinned).toContainText(rules);
    await expect(pinned).toContainText('Fixada');

    const text = `Bora pro tigrinho ${run}`;
    await panel.getByTestId('chat-input').fill(text);
    await panel.getByTestId('chat-send').click();
    const mine = messageWith(page, text);
    await expect(mine).toHaveCount(1);
    await expect(mine).toHaveAttribute('data-own', 'true');
    await expect(mine.getByTestId('chat-name')).toHaveText(BRANDS.verde.name);
    // Still pinned on top after a reload.
    await page.reload();
    await new ShellPage(page).waitForSite();
    await openChat(page);
    await expect(page.getByTestId('chat-pinned')).toContainText(rules);
  });

  test('pt: a player attaches an image and sends it; the platform serves it; an SVG is refused with §8’s text', async ({
    page,
    baseURL,
  }) => {
    await watchForXss(page);
    const token = await newChatter(page, baseURL, 'localhost', 'Iara', 'Fotos');
    await page.addInitScript((t) => window.localStorage.setItem('auth', t), token);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await new ShellPage(page).waitForSite();
    const panel = await openChat(page);

    // A file of a type the platform does not take never leaves the browser.
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/chat/attachments')) uploads += 1;
    });
    await panel.getByTestId('chat-file').setInputFiles({
      name: 'desenho.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss(1)"/>'),
    });
    await expect(panel.getByTestId('chat-attach-failed')).toContainText('Tipo de arquivo não suportado.');
    expect(uploads).toBe(0);
    await panel.getByTestId('chat-attach-failed').getByRole('button', { name: 'Dispensar' }).click();

    await panel.getByTestId('chat-file').setInputFiles({ name: 'ficha.png', mimeType: 'image/png', buffer: PNG_4x4 });
    const preview = panel.getByTestId('chat-attachment').getByRole('img', { name: 'Imagem anexada' });
    await expect(preview).toHaveAttribute('src', /^\/api\/uploads\/chat\/[a-z0-9]+\.png$/);
    expect(uploads).toBe(1);
    const uploadedSrc = (await preview.getAttribute('src')) ?? '';
    const text = `Olha minha ficha ${run}`;
    await panel.getByTestId('chat-input').fill(text);
    await panel.getByTestId('chat-send').click();
    const mine = messageWith(page, text);
    await expect(mine).toHaveAttribute('data-own', 'true');
    const image = mine.getByRole('img', { name: 'Imagem enviada por Iara' });
    await expect(image).toHaveAttribute('src', uploadedSrc);
    // The platform serves the bytes it took: the image is decoded at its real size.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(4);
    await expect(panel.getByTestId('chat-attachments')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xssRan: unknown[] }).__xssRan)).toEqual([]);
  });

  test('pt: a message the QA panel deletes leaves an open chat at once', async ({ page, request, baseURL }) => {
    const sandbox = new RealtimeSandbox(request);
    const panel = await openLiveChatAsAna(page, baseURL, sandbox);
    const abusive = `mensagem a moderar ${run}`;
    await houseSays(sandbox, BRANDS.verde, { text: abusive, name: 'Teste' });
    const row = messageWith(page, abusive);
    await expect(row).toHaveCount(1);
    const id = await row.getAttribute('data-message-id');
    const deleted = await sandbox.post(`/chat/${id}/delete`, {});
    expect(deleted.error, JSON.stringify(deleted)).toBeNull();
    await expect(row).toHaveCount(0);
    await expect(panel).toHaveAttribute('data-state', 'ready');
  });

  test('pt: messages said while the connection is down arrive once it is back, without duplicates', async ({
    page,
    request,
    baseURL,
  }) => {
    const sandbox = new RealtimeSandbox(request);
    const live = new LivePage(page);
    await watchForXss(page);
    await signIn(page, baseURL, BRANDS.verde);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await new ShellPage(page).waitForSite();
    await live.waitForConnected();
    const panel = await openChat(page);
    const before = `antes ${run}`;
    await houseSays(sandbox, BRANDS.verde, { text: before });
    await expect(messageWith(page, before)).toHaveCount(1);

    expect((await sandbox.stopServer()).notice).toBe('Servidor realtime parado.');
    try {
      await expect(panel.getByTestId('chat-reconnecting')).toBeVisible();
      const missed = `enquanto offline ${run}`;
      await houseSays(sandbox, BRANDS.verde, { text: missed });
      // Stored by the platform, but with the realtime server down it cannot reach the page until the catch-up.
      await expect(messageWith(page, missed)).toHaveCount(0);
    } finally {
      expect((await sandbox.startServer()).notice).toContain('Servidor realtime iniciado');
    }
    await live.waitForConnected(10_000);
    await expect(panel.getByTestId('chat-reconnecting')).toHaveCount(0);
    await expect(messageWith(page, `enquanto offline ${run}`)).toHaveCount(1);
    const after = `depois ${run}`;
    await houseSays(sandbox, BRANDS.verde, { text: after });
    await expect(messageWith(page, after)).toHaveCount(1);
    await expect(messageWith(page, before)).toHaveCount(1);
    const ids = await panel
      .getByTestId('chat-message')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-message-id')));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test(`the XSS corpus (${XSS_PAYLOADS.length} payloads as texts and names) executes nothing`, async ({
    page,
    request,
    baseURL,
  }) => {
    // Sixty-odd panel posts, each published live: more than the default minute on a loaded machine.
    test.setTimeout(240_000);
    const sandbox = new RealtimeSandbox(request);
    await watchForXss(page);
    await signIn(page, baseURL, BRANDS.azul);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${ShellPage.origin(baseURL, BRANDS.azul.host)}/`);
    await new ShellPage(page).waitForSite();
    await new LivePage(page).waitForConnected();
    const panel = await openChat(page);
    // A few through the player's own composer (the platform's rules refuse links, so some are answered 422) ...
    for (const payload of XSS_PAYLOADS.slice(0, 4)) {
      await panel.getByTestId('chat-input').fill(payload);
      await panel.getByTestId('chat-input').press('Enter');
      await expect(panel).toHaveAttribute('data-state', /ready|sendFailed/);
      if ((await panel.getAttribute('data-state')) === 'sendFailed')
        await panel.getByTestId('chat-send-failed').getByRole('button').nth(1).click();
    }
    // ... and every one as a house message's text and author's name, arriving live (deleted once the test ends).
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      await houseSays(sandbox, BRANDS.azul, {
        text: payload,
        name: XSS_PAYLOADS[(i + 7) % XSS_PAYLOADS.length]!.slice(0, 60),
      });
    }
    const last = XSS_PAYLOADS.at(-1)!;
    await expect(panel.getByTestId('chat-text').filter({ hasText: last })).not.toHaveCount(0);
    // Reloaded: the same messages from GET.
    await page.reload();
    await new ShellPage(page).waitForSite();
    const again = await openChat(page);
    await expect(again.getByTestId('chat-text').filter({ hasText: last })).not.toHaveCount(0);
    await again.getByTestId('chat-messages').hover();
    // Nothing ran, and nothing can run later: no element anywhere on the page carries an inline handler (an image's
    // onerror, an animation's onbegin, a focus handler) or a javascript: address, so no handler or timer is left to
    // fire after this check (which used to wait a second for them instead).
    expect(await page.evaluate(() => (window as unknown as { __xssRan: unknown[] }).__xssRan)).toEqual([]);
    const armed = await page.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes]
          .filter((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value))
          .map((a) => `<${element.localName} ${a.name}="${a.value.slice(0, 60)}">`),
      ),
    );
    expect(armed).toEqual([]);
    const injected = await again
      .getByTestId('chat-messages')
      .evaluate(
        (list) => list.querySelectorAll('script, iframe, object, embed, svg, img, video, audio, form, a, style').length,
      );
    expect(injected).toBe(0);
  });
});

test.describe('global chat screenshots', () => {
  const SIZES = [
    [390, 844],
    [1440, 900],
  ] as const;
  for (const brand of [BRANDS.verde, BRANDS.azul]) {
    for (const lang of ['pt', 'en'] as const) {
      test(`${brand.host} ${lang}: the chat panel at 390×844 and 1440×900 ${SCREENSHOTS}`, async ({
        page,
        request,
        baseURL,
      }) => {
        const sandbox = new RealtimeSandbox(request);
        if (lang === 'pt') {
          await houseSays(sandbox, brand, { text: `Bem-vindos ao chat! Respeito sempre. ${run}`, pin_minutes: '30' });
          await houseSays(sandbox, brand, { text: 'Quem tá no Fortune Tiger hoje?', minutes_ago: '1450' });
          const rafa = await newChatter(page, baseURL, brand.host, 'Rafael', 'Souza');
          const ju = await newChatter(page, baseURL, brand.host, 'Júlia', 'Martins');
          await playerSays(page, baseURL, brand.host, rafa, 'Acabei de pegar 150x no Gates of Olympus!!');
          await playerSays(page, baseURL, brand.host, ju, 'Boa!! Alguém indica um jogo de cartas?');
          await playerSays(page, baseURL, brand.host, rafa, 'Testa o Blackjack ao vivo, mesa boa hoje');
        }
        await watchForXss(page);
        await signIn(page, baseURL, brand);
        for (const [width, height] of SIZES) {
          await page.setViewportSize({ width, height });
          await page.goto(`${ShellPage.origin(baseURL, brand.host)}${lang === 'en' ? '/en' : '/'}`);
          await new ShellPage(page).waitForSite();
          const panel = await openChat(page);
          if (width === 390 && lang === 'pt') {
            await panel.getByTestId('chat-input').fill(`Partiu forrar! ${run.slice(-3)}`);
            await panel.getByTestId('chat-input').press('Enter');
            await expect(panel).toHaveAttribute('data-state', /ready|sendFailed/);
          }
          const name = `chat-${brand.host}-${lang}-${width}x${height}.png`;
          await page.screenshot({ path: test.info().outputPath(name), animations: 'disabled' });
          if (process.env.CHAT_SHOTS_DIR) await page.screenshot({ path: `${process.env.CHAT_SHOTS_DIR}/${name}` });
        }
      });
    }
  }
});
