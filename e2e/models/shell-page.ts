import { expect, type Page } from '@playwright/test';
import { sandboxPanelUrl } from './sandbox';

/** Page object of the app shell: preloader, header, brand colours. */
export class ShellPage {
  constructor(readonly page: Page) {}

  /** The app's origin for another brand domain (`azul.localhost`), on the port of the configured baseURL. */
  static origin(baseURL: string | undefined, host: string): string {
    const url = new URL(baseURL ?? 'http://localhost:4173');
    url.hostname = host;
    return url.origin;
  }

  get preloader() {
    return this.page.getByTestId('preloader');
  }

  async waitForSite(): Promise<void> {
    await expect(this.page.getByTestId('brand-logo')).toBeVisible();
    await expect(this.preloader).toHaveCount(0);
  }

  /** A computed colour of the page, as the player sees it. */
  async primaryButtonColour(): Promise<string> {
    return this.page.getByTestId('register').evaluate((el) => getComputedStyle(el).backgroundColor);
  }

  async rootVariable(name: string): Promise<string> {
    return this.page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
  }
}

/** The sandbox QA panel (http://127.0.0.1:8787/sandbox) of the stack the running test drives. */
export class SandboxPanel {
  static get url(): string {
    return sandboxPanelUrl();
  }

  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(SandboxPanel.url);
  }

  /** Toggles maintenance of a brand with the panel's own form. */
  async toggleMaintenance(brandId: number): Promise<void> {
    await this.page.locator(`form[action="/sandbox/brands/${brandId}/maintenance"] button`).click();
    await this.page.waitForLoadState('load');
  }
}
