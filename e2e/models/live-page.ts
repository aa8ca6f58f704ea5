import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readSandboxConfig } from '../../sandbox/config';
import { createPublisher } from '../../sandbox/realtime/publisher';

/** The home page's live parts: the connection indicator and the "Apostas ao vivo" list. */
export class LivePage {
  constructor(readonly page: Page) {}

  get indicator() {
    return this.page.getByTestId('connection-indicator');
  }

  get liveBets() {
    return this.page.getByTestId('live-bets');
  }

  bet(transaction: string) {
    return this.page.locator(`[data-testid="live-bet"][data-transaction="${transaction}"]`);
  }

  async waitForConnected(timeout = 10_000): Promise<void> {
    await expect(this.indicator).toHaveAttribute('data-state', 'connected', { timeout });
    await expect(this.indicator).toBeHidden();
  }
}

/** The sandbox's realtime side as QA drives it: the panel's routes, and the server's HTTP API (read only). */
export class RealtimeSandbox {
  readonly config = readSandboxConfig();
  readonly panelUrl = `http://127.0.0.1:${this.config.apiPort}/sandbox`;
  private readonly sdk = createPublisher({ ...this.config.pusher, host: '127.0.0.1', port: this.config.realtimePort });

  constructor(readonly request: APIRequestContext) {}

  /** Subscriptions the realtime server counts on a channel (0 when it is down or nobody listens). */
  async subscriptionCount(channel: string): Promise<number> {
    try {
      const res = await this.sdk.get({ path: `/channels/${channel}`, params: { info: 'subscription_count' } });
      const body = (await res.json()) as { subscription_count?: number };
      return body.subscription_count ?? 0;
    } catch {
      return 0;
    }
  }

  /** POSTs a panel form (as its own page would) and returns the notice or error it redirects with. */
  async post(
    path: string,
    form: Record<string, string> = {},
  ): Promise<{ notice: string | null; error: string | null }> {
    // The panel takes writes from its own page only: same-origin Origin, its own Host.
    const res = await this.request.post(`${this.panelUrl}${path}`, {
      form,
      headers: { origin: new URL(this.panelUrl).origin },
      maxRedirects: 0,
    });
    expect(res.status(), `${path} answers with a redirect`).toBe(303);
    const query = new URL(res.headers().location ?? '', this.panelUrl).searchParams;
    return { notice: query.get('notice'), error: query.get('error') };
  }

  publishBet(casinoId: number, transaction: string, amount = '5.00', win = '12.50') {
    return this.post(`/brands/${casinoId}/bets`, { amount, win, transaction });
  }

  stopServer() {
    return this.post('/realtime/stop');
  }

  startServer() {
    return this.post('/realtime/start');
  }
}
