/**
 * The ledger is the only writer of balances: no other file of the sandbox changes `wallets.balance` or
 * `wallets.bonus_balance` (a movement without its ledger row is then impossible by construction, not by care).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../', import.meta.url).pathname;
const WRITER = 'money/ledger.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'public' ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$|\.fixture\.ts$/.test(name) ? [path] : [];
  });
}

describe('the ledger is the only writer of balances', () => {
  it('no sandbox source but sandbox/money/ledger.ts updates a wallet balance', () => {
    const writes = /UPDATE\s+wallets\b[^;`]*?\bSET\b[^;`]*?\b(balance|bonus_balance)\s*=/i;
    const offenders = sources(ROOT)
      .filter((file) => relative(ROOT, file) !== WRITER)
      .filter((file) => writes.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('the check itself sees a balance write (in the ledger)', () => {
    expect(/UPDATE wallets SET balance = balance \+ \$2/.test(readFileSync(join(ROOT, WRITER), 'utf8'))).toBe(true);
  });
});
