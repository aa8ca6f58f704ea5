/**
 * QA recordings attached to a player ("with the machine state the app was in when it happened
 * where a recording exists").
 *
 * A reviewer attaches a recording (the file the app's QA recorder downloads, shared/recording/schema.ts) on the
 * player's compliance page. It is validated like everywhere else (size before reading, hostile keys, shape) and only
 * what the timeline needs is kept: the states of the compliance machines (session, pix, withdrawal, responsible
 * gaming, self-exclusion, verification…) with their times. The file itself is not stored. A recording made by
 * another signed-in player (the session's `user.id`) is refused; a guest's recording (a refused sign-in) is accepted.
 *
 * `recordingMachineStates(db)` is the timeline's `MachineStateSource`: each entry shows the latest state of each
 * of those machines recorded at or shortly before it (compliance-timeline.ts `machineStateAt`).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db, Queryable } from '../db/types';
import {
  parseRecording,
  RECORDING_MAX_FILE_BYTES,
  type Recording,
  type RecordingErrorCode,
} from '../../shared/recording/schema';
import { formatStateValue } from '../../shared/recording/state-value';
import type { MachineStateSource, RecordedMachineState } from './compliance-timeline';

/** The machines whose states a compliance reviewer reads, by machine id → registry name (machines/registry.ts). */
export const COMPLIANCE_MACHINES: Readonly<Record<string, string>> = {
  session: 'session',
  pix: 'pix',
  withdrawal: 'withdrawal',
  responsibleGaming: 'responsible-gaming',
  selfExclusion: 'self-exclusion',
  realityCheck: 'reality-check',
  playTime: 'play-time',
  verification: 'verification',
  document: 'document',
};

/** The compliance machines' states, in order, one per change (times on the recording's clock). */
export function statesOfRecording(recording: Recording): RecordedMachineState[] {
  const start = Date.parse(recording.startedAt);
  const last = new Map<string, string>();
  const out: RecordedMachineState[] = [];
  for (const entry of recording.events) {
    if (entry.kind !== 'snapshot' || !entry.snapshot || entry.actor.machine === null) continue;
    const machine = COMPLIANCE_MACHINES[entry.actor.machine];
    if (!machine || entry.snapshot.status === 'stopped') continue;
    const state = formatStateValue(entry.snapshot.value ?? null);
    if (last.get(entry.actor.sessionId) === state) continue;
    last.set(entry.actor.sessionId, state);
    out.push({ at: new Date(start + entry.t), machine, state });
  }
  return out;
}

/** The signed-in players the recording's session saw (its context's `user.id`); none for a guest's recording. */
export function playersOfRecording(recording: Recording): number[] {
  const ids = new Set<number>();
  for (const entry of recording.events) {
    if (entry.actor.machine !== 'session' || !entry.snapshot) continue;
    const context = entry.snapshot.context as { user?: { id?: unknown } | null } | undefined;
    const id = context?.user?.id;
    if (typeof id === 'number' && Number.isSafeInteger(id)) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

interface RecordingRow {
  id: number;
  name: string;
  build: string;
  brand_domain: string;
  started_at: Date;
  uploaded_at: Date;
  state_count: number;
  states: Array<{ at: string; machine: string; state: string }>;
}

export type AttachedRecording = Omit<RecordingRow, 'states'>;

export async function listRecordings(db: Queryable, playerId: number): Promise<AttachedRecording[]> {
  const rows = await db.query<AttachedRecording>(
    `SELECT id, name, build, brand_domain, started_at, uploaded_at, state_count
       FROM qa_recordings WHERE user_id = $1 ORDER BY started_at DESC, id DESC`,
    [playerId],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), state_count: Number(r.state_count) }));
}

/** The timeline's source: every state of every recording attached to the player. */
export function recordingMachineStates(db: Queryable): MachineStateSource {
  return async (playerId) => {
    const rows = await db.query<Pick<RecordingRow, 'states'>>('SELECT states FROM qa_recordings WHERE user_id = $1', [
      playerId,
    ]);
    return rows.flatMap((r) => r.states.map((s) => ({ at: new Date(s.at), machine: s.machine, state: s.state })));
  };
}

/** Why a file was refused, in the panel's language (the schema's own messages are English, for the replay CLI). */
const REFUSED: Record<RecordingErrorCode, string> = {
  too_large: `o arquivo passa de ${Math.round(RECORDING_MAX_FILE_BYTES / 1024 / 1024)} MB.`,
  empty: 'o arquivo está vazio.',
  truncated: 'o arquivo está cortado (JSON incompleto).',
  malformed: 'o arquivo não é um JSON válido.',
  hostile: 'o arquivo tem uma chave proibida (__proto__, constructor ou prototype) e não foi lido.',
  version: 'esta versão de gravação não é aceita.',
  invalid: 'o arquivo não é uma gravação de QA deste app.',
  unreadable: 'o arquivo não pôde ser lido.',
};

export type AttachResult = { ok: true; id: number; states: number } | { ok: false; message: string };

/** Validates a recording's text and attaches what the timeline needs to the player. */
export async function attachRecording(db: Queryable, playerId: number, text: string, now: Date): Promise<AttachResult> {
  const parsed = parseRecording(text);
  if (!parsed.ok) return { ok: false, message: `Gravação recusada: ${REFUSED[parsed.error.code]}` };
  const { recording } = parsed;
  const players = playersOfRecording(recording);
  if (players.length > 0 && !players.includes(playerId)) {
    return {
      ok: false,
      message: `Gravação recusada: ela é da sessão do jogador ${players.join(', ')}, não do jogador ${playerId}.`,
    };
  }
  const states = statesOfRecording(recording);
  if (states.length === 0) {
    return { ok: false, message: 'Gravação recusada: nenhuma máquina de conformidade (sessão, pix, saque…) nela.' };
  }
  const rows = await db.query<{ id: number }>(
    `INSERT INTO qa_recordings (user_id, name, build, brand_domain, started_at, uploaded_at, state_count, states)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) RETURNING id`,
    [
      playerId,
      recording.name,
      recording.build,
      recording.brand.domain,
      recording.startedAt,
      now.toISOString(),
      states.length,
      JSON.stringify(states.map((s) => ({ ...s, at: s.at.toISOString() }))),
    ],
  );
  return { ok: true, id: Number(rows[0]?.id), states: states.length };
}

/** POST /sandbox/players/:id/recordings (multipart, field `recording`) and …/recordings/:rid/delete. */
export function registerRecordingRoutes(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date; playerExists(id: number): Promise<boolean> },
): void {
  const back = (reply: FastifyReply, id: number | string, text: string, error: boolean) =>
    reply.redirect(
      `/sandbox/players/${id}/compliance?${error ? 'error' : 'notice'}=${encodeURIComponent(text)}#compliance-recordings`,
      303,
    );

  app.post<{ Params: { id: string } }>('/sandbox/players/:id/recordings', async (request, reply) => {
    const { id } = request.params;
    if (!/^\d{1,15}$/.test(id) || !(await deps.playerExists(Number(id)))) {
      return reply.code(404).send({ message: 'Jogador não encontrado.', errors: { id: ['Jogador não encontrado.'] } });
    }
    let text: string | null = null;
    let tooLarge = false;
    try {
      if (!request.isMultipart()) throw new Error('not multipart');
      const file = await request.file({ limits: { fileSize: RECORDING_MAX_FILE_BYTES, files: 1, fields: 0 } });
      if (file) {
        const bytes = await file.toBuffer();
        tooLarge = file.file.truncated;
        text = bytes.toString('utf8');
      }
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      tooLarge = code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT';
      if (!tooLarge) return back(reply, id, 'Gravação recusada: envie o arquivo JSON da gravação.', true);
    }
    if (tooLarge) return back(reply, id, `Gravação recusada: ${REFUSED.too_large}`, true);
    if (text === null || text === '') return back(reply, id, 'Gravação recusada: nenhum arquivo enviado.', true);
    const result = await attachRecording(deps.db, Number(id), text, deps.now());
    if (!result.ok) return back(reply, id, result.message, true);
    return back(reply, id, `Gravação anexada: ${result.states} estados de máquina na linha do tempo.`, false);
  });

  app.post<{ Params: { id: string; rid: string } }>(
    '/sandbox/players/:id/recordings/:rid/delete',
    async (request, reply) => {
      const { id, rid } = request.params;
      if (!/^\d{1,15}$/.test(id) || !/^\d{1,15}$/.test(rid)) {
        return reply.code(404).send({ message: 'Gravação não encontrada.', errors: { id: ['Não encontrada.'] } });
      }
      const rows = await deps.db.query('DELETE FROM qa_recordings WHERE id = $1 AND user_id = $2 RETURNING id', [
        Number(rid),
        Number(id),
      ]);
      if (rows.length === 0) return back(reply, id, 'Gravação não encontrada.', true);
      return back(reply, id, 'Gravação removida da linha do tempo.', false);
    },
  );
}
