/**
 * The compliance view of the QA panel, read-only (GET):
 * - `/sandbox/compliance`: the reviewer's index: every machine's chart (docs/machines/) with what it guarantees and
 *   the tests that prove it (compliance-machines.ts), and the players, each linking to their timeline;
 * - `/sandbox/compliance/machines/:name`: a chart's Markdown (Mermaid source), as text;
 * - `/sandbox/compliance/rules`: the rule map of docs/compliance.md (each rule → its feature → the tests);
 * - `/sandbox/players/:id/compliance[?kind=]`: the player's timeline (compliance-timeline.ts), newest first,
 *   filterable by kind; `.csv` and `.json` export the same (filtered) timeline; the QA recordings attached to the
 *   player (compliance-recordings.ts: POST `…/recordings`, multipart) give each entry the app's machine states.
 * Every value goes through `html` (escaped); the CPF is only ever shown masked. An unknown player is a 404 page.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/types';
import { MACHINE_DOCS } from './compliance-machines';
import {
  COMPLIANCE_KINDS,
  KIND_LABEL,
  complianceCsv,
  compliancePlayer,
  complianceTimeline,
  exportEntry,
  formatSaoPaulo,
  formatUtc,
  isComplianceKind,
  listCompliancePlayers,
  type ComplianceEntry,
  type ComplianceKind,
  type MachineStateSource,
  type TimelinePlayer,
} from './compliance-timeline';
import { formatCentavos, Html, html, page } from './layout';
import { listRecordings, recordingMachineStates, registerRecordingRoutes } from './compliance-recordings';
import { parseRuleMap, plainCell, type Rule } from './rule-map';
import { regulatedRewardsSection } from './compliance-rewards';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'";
const ACTOR_LABEL = { player: 'jogador', panel: 'painel de QA', system: 'sistema' } as const;
const SOURCE_LABEL = { audit: 'auditoria', table: 'tabela', derived: 'calculado' } as const;

const STYLE = new Html(`<style>
  main { max-width: none; }
  .toolbar { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin: 0 0 12px; }
  .toolbar a.button { padding: 4px 10px; border: 1px solid var(--accent); border-radius: 4px; text-decoration: none; color: var(--accent); background: #fff; }
  .toolbar select { padding: 3px 6px; }
  dl.facts { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 4px 16px; margin: 0; font-size: 14px; }
  dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; }
  table.timeline td { white-space: normal; } table.timeline td.when { white-space: nowrap; }
  table.timeline td.money { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
  table.timeline tbody tr:nth-child(even) { background: #fafbfc; }
  .kind { display: inline-block; padding: 1px 6px; border-radius: 10px; font-size: 12px; background: #eef2f7; white-space: nowrap; }
  .kind-self_exclusion, .kind-login_refused { background: #fdecec; color: #7a1212; }
  .kind-limit { background: #fff4d6; color: #6a4b00; }
  .kind-document { background: #e9e4fb; color: #3d2a86; }
  .kind-pix_deposit { background: #e3f5ea; color: #0b5a2c; }
  .kind-withdrawal { background: #e7f3ff; color: #0b4a8b; }
  .arrow { color: var(--muted); }
  ul.states { list-style: none; margin: 0; padding: 0; font-size: 12px; } ul.states li { margin: 0 0 2px; }
  ul.states code { white-space: normal; overflow-wrap: anywhere; }
  ul.machines { padding-left: 18px; } ul.machines li { margin: 0 0 10px; } ul.machines p { margin: 2px 0; }
</style>`);

function send(reply: FastifyReply, title: string, body: Html, status = 200, notice?: { text: string; error: boolean }) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', CSP)
    .send(page(title, html`${STYLE}${body}`, notice));
}

function notFound(reply: FastifyReply, id: string) {
  return send(
    reply,
    'Sandbox · jogador não encontrado',
    html`<section>
      <h2>Jogador não encontrado</h2>
      <p>Não existe jogador com o id <code>${id}</code> nesta sandbox.</p>
      <p><a href="/sandbox/compliance">← Conformidade: todos os jogadores</a></p>
    </section>`,
    404,
  );
}

/** `pix: paid; session: signedIn` as one line per machine, the machine's name first (the CSV keeps the text). */
function machineStateCell(text: string | null) {
  if (!text) return '—';
  return html`<ul class="states">
    ${text.split('; ').map((part) => {
      const at = part.indexOf(': ');
      return at < 0
        ? html`<li>${part}</li>`
        : html`<li><strong>${part.slice(0, at)}</strong> <code>${part.slice(at + 2)}</code></li>`;
    })}
  </ul>`;
}

function recordingsSection(playerId: number, recordings: Awaited<ReturnType<typeof listRecordings>>) {
  return html`<section id="compliance-recordings">
    <h2>Gravações de QA anexadas</h2>
    <p class="muted">
      O arquivo que o gravador de QA do app baixa (Alt+Shift+R com <code>?record</code>). Só os estados das máquinas de
      conformidade (sessão, pix, saque, jogo responsável, autoexclusão, verificação) ficam guardados, com seus horários;
      o arquivo não. Uma gravação da sessão de outro jogador é recusada.
    </p>
    ${
      recordings.length === 0
        ? html`<p>Nenhuma gravação anexada.</p>`
        : html`<table>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Início (São Paulo)</th>
                <th scope="col">Build</th>
                <th scope="col">Domínio</th>
                <th scope="col">Estados</th>
                <th scope="col">Anexada</th>
                <th scope="col"><span class="muted">Ação</span></th>
              </tr>
            </thead>
            <tbody>
              ${recordings.map(
                (r) =>
                  html`<tr data-recording="${r.id}">
                    <td>${r.name}</td>
                    <td class="when">${formatSaoPaulo(r.started_at)}</td>
                    <td><code>${r.build}</code></td>
                    <td>${r.brand_domain}</td>
                    <td>${r.state_count}</td>
                    <td class="when">${formatSaoPaulo(r.uploaded_at)}</td>
                    <td>
                      <form method="post" action="/sandbox/players/${playerId}/recordings/${r.id}/delete">
                        <button>Remover</button>
                      </form>
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    <form class="toolbar" method="post" enctype="multipart/form-data" action="/sandbox/players/${playerId}/recordings">
      <label
        >Arquivo da gravação (.json) <input type="file" name="recording" accept="application/json,.json" required
      /></label>
      <button>Anexar gravação</button>
    </form>
  </section>`;
}

const stamp = (now: Date) => formatUtc(now).slice(0, 10).replaceAll('-', '');
const filename = (player: TimelinePlayer, kind: ComplianceKind | undefined, now: Date, ext: 'csv' | 'json') =>
  `compliance-player-${player.id}${kind ? `-${kind}` : ''}-${stamp(now)}.${ext}`;

const fullName = (p: TimelinePlayer) => `${p.first_name} ${p.last_name}`.trim();

function exclusionNow(p: TimelinePlayer, now: Date): string {
  if (!p.self_excluded_at || p.self_excluded_at > now) return 'não';
  if (p.self_excluded_until && p.self_excluded_until <= now) return 'não (prazo encerrado)';
  return p.self_excluded_until
    ? `sim, até ${formatSaoPaulo(p.self_excluded_until)}`
    : `sim, indeterminada desde ${formatSaoPaulo(p.self_excluded_at)}`;
}

const stateCell = (e: ComplianceEntry) =>
  e.before === null
    ? (e.after ?? '—')
    : html`${e.before} <span class="arrow" aria-label="para">→</span> ${e.after ?? '?'}`;

function timelineTable(entries: ComplianceEntry[]): Html {
  if (entries.length === 0) return html`<p class="muted">Nenhum registro.</p>`;
  return html`<table class="timeline">
    <thead>
      <tr>
        <th scope="col">Quando (São Paulo)</th>
        <th scope="col">UTC</th>
        <th scope="col">Tipo</th>
        <th scope="col">O que aconteceu</th>
        <th scope="col">Estado (antes → depois)</th>
        <th scope="col">Valor</th>
        <th scope="col">Quem</th>
        <th scope="col">Detalhe</th>
        <th scope="col">Estado da máquina no app</th>
      </tr>
    </thead>
    <tbody>
      ${entries.map(
        (e) =>
          html`<tr data-kind="${e.kind}" data-action="${e.action}">
            <td class="when">${formatSaoPaulo(e.at)}</td>
            <td class="when muted">${formatUtc(e.at)}</td>
            <td><span class="kind kind-${e.kind}">${KIND_LABEL[e.kind]}</span></td>
            <td>
              ${e.description}${e.reference ? html`<br /><span class="muted">${e.reference}</span>` : ''}<br /><code
                class="muted"
                >${e.action}</code
              >
            </td>
            <td>${stateCell(e)}</td>
            <td class="money">${e.amount === null ? '—' : formatCentavos(e.amount)}</td>
            <td>${e.actor ? ACTOR_LABEL[e.actor] : '—'}<br /><span class="muted">${SOURCE_LABEL[e.source]}</span></td>
            <td>${e.detail ?? '—'}</td>
            <td class="machines">${machineStateCell(e.machineState)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export interface ComplianceDeps {
  db: Db;
  now: () => Date;
  /** Where the recorded app machine states come from (default: the QA recordings attached to the player). */
  machineStates?: MachineStateSource;
  /** The repository root (docs/machines/ is read from it); the process's working directory by default. */
  root?: string;
}

export function registerComplianceRoutes(app: FastifyInstance, deps: ComplianceDeps): void {
  const { db } = deps;
  const machineStates = deps.machineStates ?? recordingMachineStates(db);
  registerRecordingRoutes(app, {
    db,
    now: deps.now,
    playerExists: async (id) => (await compliancePlayer(db, id)) !== null,
  });
  const root = deps.root ?? process.cwd();

  app.get('/sandbox/compliance', async (_request, reply) => {
    const now = deps.now();
    const players = await listCompliancePlayers(db);
    const key = MACHINE_DOCS.filter((m) => m.key);
    const rest = MACHINE_DOCS.filter((m) => !m.key);
    const rewards = await regulatedRewardsSection(db);
    const machineItem = (m: (typeof MACHINE_DOCS)[number]) =>
      html`<li id="machine-${m.name}">
        <a href="/sandbox/compliance/machines/${m.name}"><strong>${m.name}</strong></a>
        <span class="muted">· <code>${m.file}</code> · gráfico <code>docs/machines/${m.name}.md</code></span>
        <p>${m.guarantees}</p>
        <p class="muted">Provado por: ${m.tests.map((t, i) => html`${i > 0 ? ', ' : ''}<code>${t}</code>`)}</p>
      </li>`;
    return send(
      reply,
      'Sandbox · conformidade',
      html`<section id="compliance-players">
          <h2>Jogadores: linha do tempo de conformidade</h2>
          <p class="muted">
            Autoexclusão, limites, documentos, cada estado de depósito pix e de saque, e acessos recusados por
            autoexclusão. CPF sempre mascarado.
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Marca</th>
                <th scope="col">Nome</th>
                <th scope="col">CPF</th>
                <th scope="col">Autoexcluído agora</th>
                <th scope="col">Identidade</th>
                <th scope="col">Linha do tempo</th>
              </tr>
            </thead>
            <tbody>
              ${players.map(
                (p) =>
                  html`<tr>
                    <td>${p.id}</td>
                    <td>${p.brand_name}</td>
                    <td>${fullName(p)}</td>
                    <td>${p.cpf_masked ?? '—'}</td>
                    <td>${exclusionNow(p, now)}</td>
                    <td>${p.identity_verified_at ? 'verificada' : 'não verificada'}</td>
                    <td>
                      <a href="/sandbox/players/${p.id}/compliance">Abrir</a> ·
                      <a href="/sandbox/players/${p.id}/compliance.csv">CSV</a> ·
                      <a href="/sandbox/players/${p.id}/compliance.json">JSON</a>
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </section>
        <section id="compliance-rules">
          <h2>Regras da regulamentação brasileira</h2>
          <p>
            <a href="/sandbox/compliance/rules">Mapa de regras</a>: cada regra (fonte, artigo) → a funcionalidade → o
            teste que prova, de <code>docs/compliance.md</code>.
          </p>
        </section>
        ${rewards}
        <section id="compliance-machines">
          <h2>Máquinas de estado: o que cada uma garante e o teste que prova</h2>
          <p class="muted">
            Gráficos gerados de <code>machines/registry.ts</code> por <code>npm run machines:docs</code>
            (<code>docs/machines/</code>); a cobertura de cada aresta é verificada por
            <code>npm run machines:coverage -- --check</code>.
          </p>
          <h3>Principais para a conformidade</h3>
          <ul class="machines">
            ${key.map(machineItem)}
          </ul>
          <h3>Demais máquinas</h3>
          <ul class="machines">
            ${rest.map(machineItem)}
          </ul>
        </section>`,
    );
  });

  app.get('/sandbox/compliance/rules', async (_request, reply) => {
    const markdown = await readFile(join(root, 'docs', 'compliance.md'), 'utf8').catch(() => null);
    let rules: Rule[] | null = null;
    let problem: string | null = markdown === null ? 'docs/compliance.md não encontrado' : null;
    if (markdown !== null) {
      try {
        rules = parseRuleMap(markdown);
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
    }
    const multiline = (text: string) =>
      plainCell(text)
        .split('\n')
        .map((line, i) => html`${i > 0 ? html`<br />` : ''}${line}`);
    return send(
      reply,
      'Sandbox · mapa de regras',
      html`<section id="rule-map">
        <h2>Mapa de regras (docs/compliance.md)</h2>
        <p><a href="/sandbox/compliance">← Conformidade</a></p>
        ${problem === null ? '' : html`<p class="error">${problem}</p>`}
        <table>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Regra</th>
              <th scope="col">Fonte</th>
              <th scope="col">Funcionalidade</th>
              <th scope="col">Prova</th>
            </tr>
          </thead>
          <tbody>
            ${(rules ?? []).map(
              (r) =>
                html`<tr id="rule-${r.id}">
                  <td>${r.id}</td>
                  <td>${multiline(r.rule)}</td>
                  <td>${multiline(r.source)}</td>
                  <td>${multiline(r.feature)}</td>
                  <td>
                    ${
                      r.without === null
                        ? r.proofs.map((t, i) => html`${i > 0 ? html`<br />` : ''}<code>${t.file}</code> “${t.title}”`)
                        : html`<em>${r.without}</em>`
                    }
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>
      </section>`,
    );
  });

  app.get<{ Params: { name: string } }>('/sandbox/compliance/machines/:name', async (request, reply) => {
    const doc = MACHINE_DOCS.find((m) => m.name === request.params.name);
    if (!doc) {
      return send(
        reply,
        'Sandbox · máquina não encontrada',
        html`<section>
          <h2>Máquina não encontrada</h2>
          <p>Não há máquina <code>${request.params.name}</code> no registro.</p>
          <p><a href="/sandbox/compliance">← Conformidade</a></p>
        </section>`,
        404,
      );
    }
    // The name comes from the list above, never from the request: no path outside docs/machines/.
    const markdown = await readFile(join(root, 'docs', 'machines', `${doc.name}.md`), 'utf8').catch(() => null);
    return send(
      reply,
      `Sandbox · máquina ${doc.name}`,
      html`<section>
        <h2>${doc.name} <span class="muted">(${doc.file})</span></h2>
        <p><a href="/sandbox/compliance#machine-${doc.name}">← Conformidade</a></p>
        <p>${doc.guarantees}</p>
        <p class="muted">Provado por: ${doc.tests.join(', ')}</p>
        <p class="muted">
          Fonte Mermaid de <code>docs/machines/${doc.name}.md</code> (cole em mermaid.live ou veja no GitHub para o
          desenho).
        </p>
        ${
          markdown === null
            ? html`<p class="notice error">Gráfico ausente: rode <code>npm run machines:docs</code>.</p>`
            : html`<pre style="white-space: pre-wrap; font-size: 12px">${markdown}</pre>`
        }
      </section>`,
    );
  });

  const load = async (id: string, kindParam: unknown) => {
    if (!/^\d{1,15}$/.test(id)) return null;
    const player = await compliancePlayer(db, Number(id));
    if (!player) return null;
    const kind = isComplianceKind(kindParam) ? kindParam : undefined;
    const now = deps.now();
    const entries = await complianceTimeline(db, player, { now, kind, machineStates });
    return { player, kind, now, entries };
  };

  type TimelineRequest = { Params: { id: string }; Querystring: { kind?: string; notice?: string; error?: string } };

  app.get<TimelineRequest>('/sandbox/players/:id/compliance', async (request, reply) => {
    const loaded = await load(request.params.id, request.query.kind);
    if (!loaded) return notFound(reply, request.params.id);
    const { player, kind, now, entries } = loaded;
    const query = kind ? `?kind=${kind}` : '';
    const recordings = await listRecordings(db, player.id);
    const { notice, error } = request.query;
    const message =
      typeof error === 'string' && error
        ? { text: error.slice(0, 300), error: true }
        : typeof notice === 'string' && notice
          ? { text: notice.slice(0, 300), error: false }
          : undefined;
    return send(
      reply,
      `Sandbox · conformidade do jogador ${player.id}`,
      html`<section id="compliance-player">
          <h2>${fullName(player)} <span class="muted">· jogador ${player.id} · ${player.brand_name}</span></h2>
          <p>
            <a href="/sandbox/compliance">← Conformidade: todos os jogadores</a> ·
            <a href="/sandbox/players/${player.id}/audit">Auditoria bruta</a>
          </p>
          <dl class="facts">
            <dt>CPF</dt>
            <dd>${player.cpf_masked ?? '—'}</dd>
            <dt>Cadastro</dt>
            <dd>${formatSaoPaulo(player.created_at)} <span class="muted">(${formatUtc(player.created_at)})</span></dd>
            <dt>Autoexcluído agora</dt>
            <dd>${exclusionNow(player, now)}</dd>
            <dt>Identidade</dt>
            <dd>
              ${player.identity_verified_at ? `verificada em ${formatSaoPaulo(player.identity_verified_at)}` : 'não verificada'}
            </dd>
          </dl>
        </section>
        <section id="compliance-timeline">
          <h2>Linha do tempo (mais recente primeiro)</h2>
          <form class="toolbar" method="get" action="/sandbox/players/${player.id}/compliance">
            <label
              >Tipo
              <select name="kind">
                <option value="">Todos</option>
                ${COMPLIANCE_KINDS.map(
                  (k) => html`<option value="${k}" ${k === kind ? new Html('selected') : ''}>${KIND_LABEL[k]}</option>`,
                )}
              </select></label
            >
            <button>Filtrar</button>
            <span class="muted">${entries.length} registro(s)</span>
            <span>Exportar${kind ? ` (${KIND_LABEL[kind]})` : ''}:</span>
            <a class="button" href="/sandbox/players/${player.id}/compliance.csv${query}" download>CSV</a>
            <a class="button" href="/sandbox/players/${player.id}/compliance.json${query}" download>JSON</a>
          </form>
          ${timelineTable(entries)}
          <p class="muted">
            Horários em America/Sao_Paulo e UTC. Valores em R$ de centavos inteiros. “Estado da máquina no app” vem de
            uma gravação de QA anexada (abaixo): o último estado de cada máquina de conformidade até 5 minutos antes do
            registro; sem gravação, “—”. Origem: auditoria (audit_log), tabela (registro anterior à auditoria) ou
            calculado (fim de prazo).
          </p>
        </section>
        ${recordingsSection(player.id, recordings)}`,
      200,
      message,
    );
  });

  app.get<TimelineRequest>('/sandbox/players/:id/compliance.csv', async (request, reply) => {
    const loaded = await load(request.params.id, request.query.kind);
    if (!loaded) return reply.code(404).send({ message: 'Jogador não encontrado.' });
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="${filename(loaded.player, loaded.kind, loaded.now, 'csv')}"`,
      )
      .send(complianceCsv(loaded.entries));
  });

  app.get<TimelineRequest>('/sandbox/players/:id/compliance.json', async (request, reply) => {
    const loaded = await load(request.params.id, request.query.kind);
    if (!loaded) return reply.code(404).send({ message: 'Jogador não encontrado.' });
    const { player, kind, now, entries } = loaded;
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${filename(player, kind, now, 'json')}"`)
      .send({
        generated_at: now.toISOString(),
        time_zone: 'America/Sao_Paulo',
        filter: { kind: kind ?? null },
        player: {
          id: player.id,
          brand_id: player.brand_id,
          brand: player.brand_name,
          name: fullName(player),
          cpf_masked: player.cpf_masked,
        },
        entries: entries.map(exportEntry),
      });
  });
}
