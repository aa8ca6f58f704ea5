import { mkdirSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createTestSubscriber, type TestSubscriber } from '../sandbox/push/decrypt';
import type { StandInMessage } from '../sandbox/push/stand-in';
import { registerPlayer, signInDemo } from './models/players';
import { SCREENSHOTS } from './models/modes';
import { sandboxApiOrigin } from './models/sandbox';
import { ShellPage } from './models/shell-page';

// Runs with the app's service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * Web push: the permission flow in Chromium, the subscription reaching the sandbox, the sandbox's
 * sending with web-push, and the service worker's push and click handlers.
 *
 * What Chromium can and cannot do here: Playwright grants the notifications permission (context.grantPermissions),
 * and the service worker, Notification and registration.showNotification/getNotifications work headless. But a real
 * PushManager.subscribe registers with Chromium's push service (Firebase Cloud Messaging), unreachable offline, so
 * no real endpoint can be had. The test therefore stands in for that one call: PushManager.subscribe answers a
 * subscription whose endpoint is the sandbox's local push-service stand-in and whose keys were made in Node (as a
 * browser makes them), so the app's POST, the sandbox's web-push encryption and VAPID signature, and the delivery
 * are all real and checked (the test decrypts what arrived). The push event itself is then handed to the worker
 * with CDP's ServiceWorker.deliverPushMessage (the DevTools "Push" button), and the notification click is
 * dispatched inside the worker (a real click on a system notification cannot be driven).
 */
const ANA = 'ana@sorteverde.test';
const SHOTS = 'test-results/shots-push';

/** A demo player signed in on `host`, past the age gate. */
async function signIn(page: Page, baseURL: string | undefined, host: string, email: string): Promise<string> {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  return signInDemo(page, baseURL, host, email);
}

/**
 * A player of the test's own, signed in on every load: a subscription one test leaves behind (a failed run never
 * signs out) cannot change what another test's sending counts.
 */
async function signInOwnPlayer(page: Page, baseURL: string | undefined): Promise<string> {
  const { token } = await registerPlayer(page, baseURL);
  await page.addInitScript((t) => {
    window.localStorage.setItem('ageVerified', 'true');
    window.localStorage.setItem('auth', t);
  }, token);
  return token;
}

/** PushManager.subscribe answers a subscription on the sandbox's stand-in with keys made in Node (see above). */
async function standInSubscription(context: BrowserContext, endpoint: string, subscriber: TestSubscriber) {
  await context.addInitScript(
    ({ endpoint: url, p256dh, auth }) => {
      let current: PushSubscription | null = null;
      const make = (key: ArrayBuffer) =>
        ({
          endpoint: url,
          expirationTime: null,
          options: { applicationServerKey: key, userVisibleOnly: true },
          toJSON: () => ({ endpoint: url, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
          getKey: () => null,
        }) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array(key as Uint8Array);
        current = make(bytes.slice().buffer);
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
    },
    { endpoint, p256dh: subscriber.p256dh, auth: subscriber.auth },
  );
}

const prompt = (page: Page) => page.getByTestId('push-prompt');

test.describe('web push', () => {
  test('granted: the offer subscribes, the sandbox sends with web-push, the worker shows the push and opens its page; signing out ends it', async ({
    page,
    context,
    baseURL,
  }) => {
    const channel = `e2e-${Date.now()}`;
    const endpoint = `${sandboxApiOrigin()}/push-stand-in/${channel}`;
    const subscriber = createTestSubscriber();
    await standInSubscription(context, endpoint, subscriber);
    const token = await signInOwnPlayer(page, baseURL);
    await page.goto('/');
    await new ShellPage(page).waitForSite();

    // The offer shows after the 1 s check; the player accepts, Chromium's permission is granted by Playwright.
    await expect(prompt(page)).toBeVisible();
    await expect(prompt(page)).toContainText('Ative as notificações');
    await context.grantPermissions(['notifications'], { origin: new URL(baseURL ?? '').origin });
    await prompt(page).getByRole('button', { name: 'Ativar notificações' }).click();
    await expect(page.getByText('Notificações push inscritas com sucesso!')).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('pushPermission'))) ?? 'null')).toMatchObject({
      permission: 'granted',
    });

    // The QA panel sends to the player's subscription: it arrives at the stand-in, encrypted and VAPID-signed.
    const me = await page.request.get(`${baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    const userId = ((await me.json()) as { data?: { id: number } }).data?.id;
    expect(userId).toBeGreaterThan(0);
    const send = await page.request.post(`${sandboxApiOrigin()}/sandbox/push/send`, {
      headers: { origin: sandboxApiOrigin() },
      form: { user_id: String(userId), title: 'Giro grátis', body: 'Seu bônus chegou', url: '/casino/games' },
      maxRedirects: 0,
    });
    expect(send.status()).toBe(303);
    expect(new URL(send.headers().location ?? '', 'http://x').searchParams.get('notice')).toContain(
      'Push enviado a 1 de 1',
    );
    const arrived = (await (await page.request.get(endpoint)).json()) as { messages: StandInMessage[] };
    expect(arrived.messages).toHaveLength(1);
    const message = arrived.messages[0]!;
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(message.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
    const payload = subscriber.decrypt(Buffer.from(message.body, 'base64'));
    expect(JSON.parse(payload)).toEqual({ title: 'Giro grátis', body: 'Seu bônus chegou', url: '/casino/games' });

    // The push reaches the service worker (CDP, as Chromium's push service would hand it): it shows the notification.
    const cdp = await context.newCDPSession(page);
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    const origin = new URL(page.url()).origin;
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${origin}/`)).toBeTruthy();
    const registrationId = registrations.find((r) => r.scopeURL === `${origin}/`)!.registrationId;
    // A push is handed to the registration's active worker, and CDP drops (silently) one that finds no worker ready
    // for it. `serviceWorker.ready` resolves as soon as a worker is *activating* (its activate handler, which claims
    // the clients, may still be running); CI once delivered in that window and no notification came. Deliver once
    // the active worker has finished activating.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
      .toBe('activated');
    // Nothing reads the notifications while the push is being shown. Chromium's getNotifications() keeps a stored
    // notification only if the platform already reports it on display or it was written after the read began, and
    // deletes every other one from its database (content/browser/notifications/platform_notification_context_impl.cc,
    // DoReadAllNotificationDataForServiceWorkerRegistration). A read that begins after the worker wrote the
    // notification but before it is on display loses it for good: every later read lists nothing. This test used to
    // poll getNotifications() every few ms from the delivery on, and CI once read in that window ("[]" for 10 s).
    // So the worker's showNotification is watched, and the notifications are read once, after it has resolved (the
    // app itself never reads them: the only read is the click's, below).
    await expect.poll(() => context.serviceWorkers().some((w) => w.url().startsWith(origin))).toBe(true);
    const worker = context.serviceWorkers().find((w) => w.url().startsWith(origin))!;
    await worker.evaluate(() => {
      const scope = self as unknown as ServiceWorkerGlobalScope & { e2ePushShown?: Promise<void> };
      const registration = scope.registration;
      const show = registration.showNotification.bind(registration);
      scope.e2ePushShown = new Promise<void>((resolve, reject) => {
        registration.showNotification = (title, options) => {
          const shown = show(title, options);
          shown.then(resolve, reject);
          return shown;
        };
      });
    });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: payload });
    await worker.evaluate(() => (self as unknown as { e2ePushShown: Promise<void> }).e2ePushShown);
    const shown = await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        data: n.data as unknown,
      })),
    );
    expect(shown).toEqual([{ title: 'Giro grátis', body: 'Seu bônus chegou', data: { url: '/casino/games' } }]);

    // A click on it brings the open tab to its page (in-app navigation) and closes the notification.
    await worker.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
    });
    await expect(page).toHaveURL(/\/casino\/games$/);
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length))
      .toBe(0);

    // Signing out ends the subscription with the session: this browser gets none of Ana's pushes any more.
    await page.getByTestId('account-menu').click();
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByTestId('sign-in')).toBeVisible();
    const after = await page.request.post(`${sandboxApiOrigin()}/sandbox/push/send`, {
      headers: { origin: sandboxApiOrigin() },
      form: { user_id: String(userId), title: 'Depois de sair', body: 'Não deve chegar', url: '/' },
      maxRedirects: 0,
    });
    expect(new URL(after.headers().location ?? '', 'http://x').searchParams.get('error')).toBe(
      `O jogador ${userId} não tem inscrições de push.`,
    );
    expect(((await (await page.request.get(endpoint)).json()) as { messages: StandInMessage[] }).messages).toHaveLength(
      1,
    );
  });

  test('the notification centre turns push off on this browser (it stays off after a reload) and on again', async ({
    page,
    context,
    baseURL,
  }) => {
    const channel = `e2e-off-${Date.now()}`;
    const endpoint = `${sandboxApiOrigin()}/push-stand-in/${channel}`;
    await standInSubscription(context, endpoint, createTestSubscriber());
    // Granted before the page loads: the flow subscribes silently at start.
    await context.grantPermissions(['notifications'], { origin: new URL(baseURL ?? '').origin });
    const token = await signInOwnPlayer(page, baseURL);
    const me = await page.request.get(`${baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    const userId = String(((await me.json()) as { data: { id: number } }).data.id);
    const sendPush = async () => {
      const res = await page.request.post(`${sandboxApiOrigin()}/sandbox/push/send`, {
        headers: { origin: sandboxApiOrigin() },
        form: { user_id: userId, title: 'Teste', body: 'Olá', url: '/' },
        maxRedirects: 0,
      });
      return new URL(res.headers().location ?? '', 'http://x').searchParams;
    };
    const openSwitch = async () => {
      await page.getByTestId('notifications-bell').click();
      return page.getByTestId('push-switch');
    };

    await page.goto('/');
    await new ShellPage(page).waitForSite();
    let toggle = await openSwitch();
    await expect(toggle).toHaveAttribute('data-state', 'on');
    await expect(toggle).toContainText('Notificações no navegador');
    await expect(toggle).toContainText('Ativadas');
    expect((await sendPush()).get('notice')).toContain('Push enviado a 1 de 1');

    await toggle.getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText('Notificações push desativadas neste navegador.')).toBeVisible();
    await expect(toggle).toHaveAttribute('data-state', 'off');
    expect((await sendPush()).get('error')).toBe(`O jogador ${userId} não tem inscrições de push.`);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('pushPermission'))) ?? 'null')).toMatchObject({
      permission: 'granted',
      optedOut: true,
    });

    // The browser still grants the permission, but the player's "off" holds: no silent subscription at start.
    await page.reload();
    await new ShellPage(page).waitForSite();
    toggle = await openSwitch();
    await expect(toggle).toHaveAttribute('data-state', 'off');
    expect((await sendPush()).get('error')).toBe(`O jogador ${userId} não tem inscrições de push.`);

    await toggle.getByRole('button', { name: 'Ativar' }).click();
    await expect(page.getByText('Notificações push inscritas com sucesso!')).toBeVisible();
    await expect(toggle).toHaveAttribute('data-state', 'on');
    expect((await sendPush()).get('notice')).toContain('Push enviado a 1 de 1');
  });

  test('denied: the browser refuses, §8 says so, the choice is stored and the offer held back', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, baseURL, 'localhost', ANA);
    await page.goto('/');
    await new ShellPage(page).waitForSite();
    await expect(prompt(page)).toBeVisible();
    // Headless Chromium answers a permission request nobody granted with "denied".
    await prompt(page).getByRole('button', { name: 'Ativar notificações' }).click();
    await expect(page.getByText('Não foi possível obter permissão para notificações.')).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('pushPermission'))) ?? 'null') as {
      permission: string;
      deniedAt: number;
    };
    expect(stored.permission).toBe('denied');
    expect(Date.now() - stored.deniedAt).toBeLessThan(60_000);
    // The flow checks 1 s after it starts (§9): run the page's clock past it rather than wait in real time.
    await page.clock.install();
    await page.reload();
    await new ShellPage(page).waitForSite();
    await page.clock.runFor(1500);
    await expect(prompt(page)).toHaveCount(0);
  });

  test('closing the offer holds it back a day (stored); a guest is never offered', async ({ page, baseURL }) => {
    await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
    await page.clock.install();
    await page.goto('/');
    await new ShellPage(page).waitForSite();
    await page.clock.runFor(1500); // past the flow's 1 s check (§9), on the page's clock
    await expect(prompt(page)).toHaveCount(0);

    await signIn(page, baseURL, 'localhost', ANA);
    await page.goto('/en');
    await new ShellPage(page).waitForSite();
    await expect(prompt(page)).toContainText('Turn on notifications');
    await prompt(page).getByRole('button', { name: 'Close' }).click();
    await expect(prompt(page)).toHaveCount(0);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('pushPermission'))) ?? 'null') as {
      dismissedAt: number;
    };
    expect(Date.now() - stored.dismissedAt).toBeLessThan(60_000);
    await page.reload();
    await new ShellPage(page).waitForSite();
    await page.clock.runFor(1500);
    await expect(prompt(page)).toHaveCount(0);
  });

  test(`the offer on a phone and a desktop, both brands, both languages ${SCREENSHOTS}`, async ({ page, baseURL }) => {
    mkdirSync(SHOTS, { recursive: true });
    const brands = [
      { host: 'localhost', email: ANA },
      { host: 'azul.localhost', email: 'diego@azulbet.test' },
    ];
    for (const brand of brands) {
      await signIn(page, baseURL, brand.host, brand.email);
      for (const lang of ['pt', 'en'] as const) {
        for (const [width, height] of [
          [390, 844],
          [1440, 900],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.goto(`${ShellPage.origin(baseURL, brand.host)}${lang === 'en' ? '/en' : '/'}`);
          await new ShellPage(page).waitForSite();
          await expect(prompt(page)).toBeVisible();
          await page.screenshot({ path: `${SHOTS}/${brand.host}-${lang}-${width}.png` });
        }
      }
    }
  });
});
