/**
 * The A/B benches' stacks: `scripts/start.ts --preview --fresh` of a checkout on its own ports, build folder and
 * data folder (app on `app`, API on app + 5000, realtime on app + 2000, provider on app + 5001).
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Resolves once the URL answers (3 minutes at most). */
export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 360; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`${url} did not answer`);
}

export function startCheckout(cwd: string, app: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--preview', '--fresh'], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      APP_PORT: String(app),
      SANDBOX_API_PORT: String(app + 5000),
      SANDBOX_REALTIME_PORT: String(app + 2000),
      SANDBOX_PROVIDER_PORT: String(app + 5001),
      APP_OUT_DIR: `dist-ab-${app}`,
      SANDBOX_DATA_DIR: `.sandbox-data/ab-${app}`,
    },
  });
}
