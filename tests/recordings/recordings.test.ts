import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machinesById } from '../../machines/machines-by-id';
import { pixMachine } from '../../machines/pix/pix.machine';
import { parseRecording, type Recording } from '../../src/lib/recording/schema';
import { formatReplayReport, replayRecording } from '../../src/lib/recording/replay';
import { redactText } from '../../src/lib/redact';

/**
 * Recordings as tests: every QA recording in this folder (made in the browser against the
 * sandbox by `npm run recordings:update`, e2e/recordings.spec.ts) is replayed against this build's machines; a change
 * that alters a recorded flow fails here with the divergence shown (which actor, at which event, recorded state
 * against replayed state). When the change is wanted, record the flows again and commit the new files.
 */
const folder = new URL('./', import.meta.url);
const files = readdirSync(folder).filter((f) => f.endsWith('.json'));

function load(file: string): Recording {
  const parsed = parseRecording(readFileSync(new URL(file, folder), 'utf8'));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
  return parsed.recording;
}

describe('recordings replayed against this build (tests/recordings)', () => {
  it('has the five recorded flows the issue names', () => {
    expect(files.sort()).toEqual(
      ['deposit-expired', 'deposit-paid', 'reconnect', 'self-excluded-login', 'withdrawal-cancelled'].map(
        (n) => `${n}.json`,
      ),
    );
  });

  it.each(files)('%s replays with no divergence', (file) => {
    const recording = load(file);
    const report = replayRecording(recording, machinesById());
    // Every actor of the flow was replayed from its start (nothing dropped, nothing skipped).
    expect(report.dropped).toBe(0);
    expect(report.actors.filter((a) => a.outcome === 'incomplete')).toEqual([]);
    expect(report.ok, formatReplayReport(report)).toBe(true);
  });

  it.each(files)('%s carries no personal data or secret (every text is already redacted)', (file) => {
    const text = readFileSync(new URL(file, folder), 'utf8');
    for (const secret of ['Senha@123', 'Segura#2024', 'Bearer ', '@sorteverde.test', '@exemplo.test']) {
      expect(text.includes(secret), `${file} has "${secret}"`).toBe(false);
    }
    // Every string (keys included) is a fixed point of the redaction: no CPF, e-mail, phone, token or pix key left.
    const leaks: string[] = [];
    JSON.parse(text, (key, value: unknown) => {
      if (redactText(key) !== key) leaks.push(key);
      if (typeof value === 'string' && redactText(value) !== value) leaks.push(value);
      return value;
    });
    expect(leaks).toEqual([]);
  });

  it('each flow has the machine it is about, taken through its recorded states', () => {
    const final = (file: string, path: string) => {
      const actor = replayRecording(load(file), machinesById(), { trace: true }).actors.find((a) => a.path === path);
      return actor?.trace?.at(-1)?.replayed?.value;
    };
    expect(final('deposit-paid.json', 'app/pix')).toBe('paid');
    expect(final('deposit-expired.json', 'app/pix')).toEqual({ expired: 'checked' });
    expect(final('withdrawal-cancelled.json', 'app/withdrawal')).toBe('settled');
    expect(JSON.stringify(final('self-excluded-login.json', 'app/session'))).toContain('selfExcluded');
    const connection = replayRecording(load('reconnect.json'), machinesById(), { trace: true }).actors.find(
      (a) => a.path === 'app/connection',
    );
    const states = connection?.trace?.map((s) => JSON.stringify(s.replayed?.value)) ?? [];
    // Connected, lost, connecting again after the back-off, connected.
    expect(states.at(-1)).toBe(JSON.stringify({ live: 'connected' }));
    expect(states.filter((s) => s === JSON.stringify({ live: 'connected' })).length).toBeGreaterThan(1);
    expect(connection?.trace?.map((s) => s.event)).toContain(
      'xstate.after.reconnectBackoff.realtimeConnection.live.connecting',
    );
  });

  it('a deliberately changed machine makes the replay report where it diverges', () => {
    // The pix machine no longer recognises its own payment: the live PaymentApproved leaves it waiting.
    const machines = machinesById();
    machines.set(pixMachine.id, pixMachine.provide({ guards: { isOurPayment: () => false } }));
    const report = replayRecording(load('deposit-paid.json'), machines);
    expect(report.ok).toBe(false);
    const pix = report.actors.find((a) => a.path === 'app/pix');
    expect(pix?.outcome).toBe('diverged');
    expect(pix?.divergence).toMatchObject({
      event: 'realtime.paymentApproved',
      recorded: { value: 'paid' },
      replayed: { value: { awaitingPayment: 'waiting' } },
    });
    // Only that actor diverged; the text names it, the event and both states.
    expect(report.actors.filter((a) => a.outcome !== 'same').map((a) => a.path)).toEqual(['app/pix']);
    const text = formatReplayReport(report);
    expect(text).toMatch(
      /FAIL\s+app\/pix\s+diverged at step \d+ \(entry \d+, \d+ ms\) after "realtime\.paymentApproved": recorded paid, replayed awaitingPayment\.waiting/,
    );
    // Every machine actor of the recording was replayed; only pix diverged.
    expect(report.actors.length).toBeGreaterThan(20);
    expect(text).toContain(`1 of ${report.actors.length} actors diverged.`);
  });
});
