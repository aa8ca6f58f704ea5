/**
 * The national list checks' scheduled job (IN SPA/MF 22/2025: every 15 days; IN SPA/MF 31/2025: the refund after
 * the 2 days to withdraw). It reads the platform's time from the sandbox's movable clock (sandbox/api/clock.ts), so
 * a tester moves the clock in the QA panel and runs the job (panel block "SIGAP"), or waits for its tick.
 */
import type { Db } from '../db/types';
import type { Publisher } from '../realtime/control';
import { SIGAP_PERIODIC_MS, SIGAP_WITHDRAW_MS } from '../../shared/sigap';
import { checkPlayer } from './checks';
import { closeImpededAccount, type Closure } from './refund';

export interface SigapJobResult {
  checked: number[];
  closed: Closure[];
}

/** One run: the 15-day checks that are due, then the refunds of impeded players whose 2 days are over. */
export async function runSigapJobs(
  deps: { db: Db; publisher?: Publisher | undefined },
  now: Date,
): Promise<SigapJobResult> {
  const due = await deps.db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN brands b ON b.id = u.brand_id
      WHERE coalesce((b.features->>'is_regulated')::boolean, false) AND u.cpf IS NOT NULL AND u.sigap_closed_at IS NULL
        AND (u.sigap_checked_at IS NULL OR u.sigap_checked_at <= $1)
      ORDER BY u.id`,
    [new Date(now.getTime() - SIGAP_PERIODIC_MS)],
  );
  const checked: number[] = [];
  for (const { id } of due) if (await checkPlayer(deps, id, 'periodic', now)) checked.push(id);
  const ending = await deps.db.query<{ id: number }>(
    `SELECT id FROM users WHERE sigap_impeded_at IS NOT NULL AND sigap_closed_at IS NULL AND sigap_impeded_at <= $1
      ORDER BY id`,
    [new Date(now.getTime() - SIGAP_WITHDRAW_MS)],
  );
  const closed: Closure[] = [];
  for (const { id } of ending) {
    const closure = await closeImpededAccount(deps, id, now);
    if (closure) closed.push(closure);
  }
  return { checked, closed };
}

/** Runs the job every `everyMs` (default a minute) until stopped; one run at a time; a failed run waits for the next. */
export function startSigapScheduler(
  deps: { db: Db; publisher?: Publisher | undefined },
  now: () => Date,
  everyMs = 60_000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runSigapJobs(deps, now())
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
