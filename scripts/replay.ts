/**
 * Replays a QA recording headlessly against the machines of this build and reports, per actor,
 * where the replayed states diverge from the recorded ones (src/lib/recording/replay.ts).
 *
 *   npm run replay -- recording.json            the report; exit 0 when nothing diverged, 1 when something did
 *   npm run replay -- recording.json --json     the report as JSON
 *   --only app/pix,session                       only these actor paths or machine ids
 *   --trace                                      every step of every actor (recorded and replayed state)
 *
 * A file that is not a valid recording (too large, truncated, hostile, another version) is refused before anything
 * in it is used: exit 2 with the reason.
 */
import { readFile, stat } from 'node:fs/promises';
import { parseRecording, RECORDING_MAX_FILE_BYTES } from '../src/lib/recording/schema';
import { formatReplayReport, formatStateValue, replayRecording } from '../src/lib/recording/replay';
import { machinesById } from '../machines/machines-by-id';

async function main(argv: string[]): Promise<number> {
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt >= 0 ? (argv[onlyAt + 1] ?? '').split(',').filter(Boolean) : undefined;
  const file = argv.find((a, i) => !a.startsWith('--') && (onlyAt < 0 || i !== onlyAt + 1));
  const json = argv.includes('--json');
  const trace = argv.includes('--trace');
  if (!file) {
    console.error('Usage: npm run replay -- <recording.json> [--json] [--trace] [--only app/pix,session]');
    return 2;
  }
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    console.error(`Cannot read ${file}.`);
    return 2;
  }
  if (size > RECORDING_MAX_FILE_BYTES) {
    console.error(`Refused: the recording is larger than ${Math.round(RECORDING_MAX_FILE_BYTES / 1024 / 1024)} MB.`);
    return 2;
  }
  const parsed = parseRecording(await readFile(file, 'utf8'));
  if (!parsed.ok) {
    console.error(`Refused (${parsed.error.code}): ${parsed.error.message}`);
    return 2;
  }
  const report = replayRecording(parsed.recording, machinesById(), { trace, ...(only ? { only } : {}) });
  if (json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(formatReplayReport(report, { currentBuild: process.env.VITE_BUILD_ID ?? 'this checkout' }));
    if (trace) {
      for (const actor of report.actors) {
        console.log(`\n${actor.path} (${actor.machine})`);
        for (const s of actor.trace ?? []) {
          const replayed = s.replayed ? formatStateValue(s.replayed.value) : '—';
          const recorded = formatStateValue(s.recorded.value);
          console.log(
            `  ${String(s.seq).padStart(6)}  ${s.event.padEnd(44)} ${recorded}${replayed === recorded ? '' : `  ≠ ${replayed}`}`,
          );
        }
      }
    }
  }
  return report.ok ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
