import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { RECORDING_FORMAT, RECORDING_VERSION } from '../src/lib/recording/format';
import { parseFields } from '../sandbox/pix/brcode';
import { PREVIEW_ONLY, reviewShot } from './models/modes';
import { registerPlayer } from './models/players';
import { sandboxPanelUrl } from './models/sandbox';

/**
 * The offline inspection page (qa/inspector.html): `?inspect=local` opens it from the app in place
 * of the hosted Stately inspector; it lists the app's actors, draws the chosen machine's chart (ELK) with its current
 * state highlighted, live, and loads a QA recording to step through it.
 */

/** axe's serious and critical violations of WCAG 2.1 A and AA on the page (as e2e/a11y.spec.ts scans the app). */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/** The chart's state node `id` is the actor's current state (or one of its active parents). */
function stateNode(inspector: Page, id: string) {
  return inspector.locator(`[data-testid="qa-chart"] [data-state-id="${id}"]`);
}

test.describe(`offline inspection page ${PREVIEW_ONLY}`, () => {
  test('?inspect=local opens it; the session and pix machines are drawn and pix moves through a paid deposit', async ({
    page,
    context,
    baseURL,
  }) => {
    const player = await registerPlayer(page, baseURL);
    await page.addInitScript((t) => {
      window.localStorage.setItem('ageVerified', 'true');
      window.localStorage.setItem('auth', t);
    }, player.token);
    // The player's page never loads the inspection page's code (it only opens its window).
    const playerRequests: string[] = [];
    page.on('request', (r) => playerRequests.push(new URL(r.url()).pathname));
    const opened = context.waitForEvent('page');
    await page.goto('/account/wallet?tab=deposit&inspect=local');
    const inspector = await opened;
    await inspector.setViewportSize({ width: 1440, height: 900 });
    await expect(inspector).toHaveURL(/\/qa\/inspector\.html$/);
    await expect(inspector.getByRole('heading', { level: 1, name: 'Inspetor offline' })).toBeVisible();
    await expect(inspector.getByTestId('qa-status')).toContainText('Ao vivo');

    // The session machine: listed under its systemId, drawn, signed in.
    const session = inspector.locator('[data-testid="qa-actor"][data-system-id="session"]');
    await expect(session).toBeVisible();
    await session.click();
    await expect(inspector.locator('[data-testid="qa-chart"][data-machine-id="session"]')).toBeVisible();
    await expect(inspector.locator('[data-testid="qa-chart"] [data-leaf="true"]').first()).toBeVisible();
    await reviewShot(inspector, { path: test.info().outputPath('qa-inspector-session-1440.png') });

    // A deposit: the pix machine is drawn and waits for the payment.
    await expect(page.getByTestId('deposit-form')).toBeVisible();
    await page.getByTestId('deposit-amount').fill('25');
    await page.getByTestId('deposit-submit').click();
    await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-state', 'awaitingPayment.waiting');
    const pix = inspector.locator('[data-testid="qa-actor"][data-machine-id="pix"]');
    await pix.click();
    await expect(inspector.locator('[data-testid="qa-chart"][data-machine-id="pix"]')).toBeVisible();
    await expect(stateNode(inspector, 'pix.awaitingPayment')).toHaveAttribute('data-active', 'true');
    await expect(stateNode(inspector, 'pix.awaitingPayment.waiting')).toHaveAttribute('data-leaf', 'true');
    await expect(stateNode(inspector, 'pix.paid')).toHaveAttribute('data-active', 'false');
    await expect(inspector.getByTestId('qa-chart-state')).toHaveText('awaitingPayment.waiting');

    // The sandbox bank pays it (as its panel's "Pagar" does): the chart moves to paid.
    const code = await page.getByTestId('deposit-code').inputValue();
    const txid = parseFields(parseFields(code).get('62') ?? '').get('05') ?? '';
    const panel = sandboxPanelUrl();
    const html = await (await page.request.get(panel)).text();
    const id = new RegExp(`<tr id="pix-(\\d+)" data-txid="${txid}"`).exec(html)?.[1];
    expect(id, 'the deposit is in the bank').toBeTruthy();
    const paid = await page.request.post(`${panel}/bank/deposits/${id}/pay`, {
      headers: { origin: new URL(panel).origin },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    await expect(page.getByTestId('deposit-paid')).toHaveAttribute('data-state', 'paid');
    await expect(stateNode(inspector, 'pix.paid')).toHaveAttribute('data-leaf', 'true');
    await expect(stateNode(inspector, 'pix.awaitingPayment')).toHaveAttribute('data-active', 'false');

    // The log has the payment event, sent to pix; filtered by pix it still has it.
    const log = inspector.getByTestId('qa-log');
    await expect(log.locator('[data-type="realtime.paymentApproved"]').first()).toBeVisible();
    const pixSession = await pix.getAttribute('data-session-id');
    await inspector.getByTestId('qa-log-filter').selectOption(pixSession ?? '');
    await expect(log.locator('[data-type="realtime.paymentApproved"]').first()).toBeVisible();
    await expect(log.locator('[data-type^="session."]')).toHaveCount(0);

    await reviewShot(inspector, { path: test.info().outputPath('qa-inspector-live-1440.png') });
    expect(await seriousViolations(inspector)).toEqual([]);
    expect(playerRequests.filter((p) => p.startsWith('/assets/qa/') || p.startsWith('/qa/'))).toEqual([]);
  });

  test('loads a recording and steps through it forwards and back; a bad file is refused with its reason', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/qa/inspector.html?lang=en');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('heading', { level: 1, name: 'Offline inspector' })).toBeVisible();
    await expect(page.getByTestId('qa-status')).toContainText('Not opened by the app');

    await page.getByTestId('qa-load').setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format": "casino-qa-recording", "version": 1, "__proto__": {}}'),
    });
    await expect(page.getByTestId('qa-refused')).toContainText('forbidden key');

    await page.getByTestId('qa-load').setInputFiles({
      name: 'deposit.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(depositRecording())),
    });
    await expect(page.getByTestId('qa-refused')).toHaveCount(0);
    await expect(page.getByTestId('qa-status')).toContainText('Recording “deposit”: 5 entries');
    const position = page.getByTestId('qa-step-position');
    await expect(position).toHaveText('Step 0 of 5');
    await expect(page.getByTestId('qa-actor')).toHaveCount(0);

    await page.getByTestId('qa-step-next').click(); // the pix actor is created (choosing)
    await expect(position).toHaveText('Step 1 of 5');
    await expect(page.locator('[data-testid="qa-chart"][data-machine-id="pix"]')).toBeVisible();
    await expect(stateNode(page, 'pix.choosing')).toHaveAttribute('data-leaf', 'true');

    await page.keyboard.press('End');
    await expect(position).toHaveText('Step 5 of 5');
    await expect(stateNode(page, 'pix.awaitingPayment.waiting')).toHaveAttribute('data-leaf', 'true');
    await expect(page.getByTestId('qa-log-entry')).toHaveCount(2);
    await reviewShot(page, { path: test.info().outputPath('qa-inspector-recording-1440.png') });
    // A QA tool is a page like any other: no serious or critical axe violation, with a chart, a log and the controls.
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft'); // before the code arrived: generating, one event so far
    await expect(position).toHaveText('Step 3 of 5');
    await expect(stateNode(page, 'pix.generating')).toHaveAttribute('data-leaf', 'true');
    await expect(stateNode(page, 'pix.awaitingPayment')).toHaveAttribute('data-active', 'false');
    await expect(page.getByTestId('qa-log-entry')).toHaveCount(1);

    await page.getByTestId('qa-step-slider').fill('1');
    await expect(position).toHaveText('Step 1 of 5');
    await expect(stateNode(page, 'pix.choosing')).toHaveAttribute('data-leaf', 'true');
    await expect(page.getByTestId('qa-log-entry')).toHaveCount(0);
    // The built page under the app's Content-Security-Policy: nothing refused, nothing thrown.
    expect(errors).toEqual([]);
  });
});

/** A small QA recording: a pix actor created, asked for a code, the code arrived. */
function depositRecording() {
  const actor = { sessionId: 'x:7', id: 'pix', systemId: 'pix', parent: 'x:0', machine: 'pix' };
  const snapshot = (value: unknown) => ({ status: 'active', value });
  return {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    name: 'deposit',
    build: 'e2e',
    brand: { domain: 'localhost', name: null },
    locale: 'en',
    startedAt: '2026-11-27T12:00:00.000Z',
    dropped: 0,
    events: [
      { seq: 0, t: 0, kind: 'actor', actor, source: null, event: null, snapshot: snapshot('choosing') },
      {
        seq: 1,
        t: 120,
        kind: 'event',
        actor,
        source: null,
        event: { type: 'pix.submit' },
        snapshot: null,
      },
      { seq: 2, t: 121, kind: 'snapshot', actor, source: null, event: null, snapshot: snapshot('generating') },
      {
        seq: 3,
        t: 480,
        kind: 'event',
        actor,
        source: 'x:8',
        event: { type: 'xstate.done.actor.createPix' },
        snapshot: null,
      },
      {
        seq: 4,
        t: 481,
        kind: 'snapshot',
        actor,
        source: null,
        event: null,
        snapshot: snapshot({ awaitingPayment: 'waiting' }),
      },
    ],
  };
}
