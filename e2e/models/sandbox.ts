import { test } from '@playwright/test';

/**
 * The sandbox platform of the stack the running test drives: each Playwright project (preview, dev) has a stack
 * of its own, and playwright.config.ts names its ports in the project's metadata. Call it inside a test or hook.
 */
export function sandboxApiOrigin(): string {
  const metadata = test.info().project.metadata as { sandboxApiPort?: number };
  return `http://127.0.0.1:${metadata.sandboxApiPort ?? process.env.SANDBOX_API_PORT ?? 8787}`;
}

/** The QA control panel of that stack. */
export function sandboxPanelUrl(): string {
  return `${sandboxApiOrigin()}/sandbox`;
}
