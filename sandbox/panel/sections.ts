import type { Queryable } from '../db/types';
import { FEATURE_SWITCHES, LIMIT_FIELDS, listBrands } from '../api/brands';
import { activeSelfExclusion, type PlayerRow } from '../api/players';
import { centavosToInput, formatCentavos, formatDateTime, html, onOff, type Html } from './layout';
import { ledgerSection } from './ledger';

/** A block of the QA panel. Later slices add theirs to PANEL_SECTIONS. */
export interface PanelSection {
  id: string;
  title: string;
  render(db: Queryable, now: Date): Promise<Html>;
}

const LIMIT_LABELS: Record<(typeof LIMIT_FIELDS)[number], string> = {
  min_deposit: 'Depósito mínimo',
  max_deposit: 'Depósito máximo',
  min_withdrawal: 'Saque mínimo',
  max_withdrawal: 'Saque máximo',
};

const brandsSection: PanelSection = {
  id: 'brands',
  title: 'Marcas',
  async render(db) {
    const brands = await listBrands(db);
    return html`${brands.map(
      (brand) =>
        html` <h3 id="brand-${brand.id}">
            ${brand.name} <span class="muted">casino_id ${brand.id} · ${brand.domains.join(', ')}</span>
          </h3>
          <div>
            Manutenção (site-config 402): ${onOff(brand.maintenance, 'ligada', 'desligada', false)}
            <form class="inline" method="post" action="/sandbox/brands/${brand.id}/maintenance">
              <button class="secondary">${brand.maintenance ? 'Desligar manutenção' : 'Ligar manutenção'}</button>
            </form>
            · Ativa: ${onOff(brand.active, 'sim', 'não (active: false)')}
            <form class="inline" method="post" action="/sandbox/brands/${brand.id}/active">
              <button class="secondary">${brand.active ? 'Desativar' : 'Ativar'}</button>
            </form>
          </div>
          <form method="post" action="/sandbox/brands/${brand.id}/settings">
            <fieldset>
              <legend>Limites (R$)</legend>
              ${LIMIT_FIELDS.map(
                (field) =>
                  html`<label
                    >${LIMIT_LABELS[field]}
                    <input
                      class="money"
                      type="text"
                      inputmode="decimal"
                      name="${field}"
                      value="${centavosToInput(brand[field])}"
                      required
                  /></label>`,
              )}
            </fieldset>
            <fieldset>
              <legend>Funcionalidades</legend>
              ${FEATURE_SWITCHES.map(
                (name) =>
                  html`<label
                    ><input type="checkbox" name="${name}" value="on" ${brand.features[name] ? html`checked` : ''} />
                    ${name}</label
                  >`,
              )}
            </fieldset>
            <button>Salvar limites e funcionalidades</button>
          </form>
          <form method="post" action="/sandbox/brands/${brand.id}/redirects">
            <fieldset>
              <legend>Redirecionamentos (§2.3)</legend>
              <label
                >Um por linha: <code>/caminho destino</code> (destino: um caminho, ou uma URL absoluta de uma origem
                permitida)
                <textarea name="redirects" rows="3" cols="70">
${(brand.settings.redirects ?? []).map((r) => `${r.from} ${r.to}`).join('\n')}</textarea>
              </label>
              <label
                >Outras origens permitidas, uma por linha
                <textarea name="redirect_origins" rows="2" cols="70">
${(brand.settings.redirect_origins ?? []).join('\n')}</textarea>
              </label>
            </fieldset>
            <button>Salvar redirecionamentos</button>
          </form>
          <form method="post" action="/sandbox/brands/${brand.id}/integrations">
            <fieldset>
              <legend>Tag manager e snippet (§2.3)</legend>
              <label
                >gtmId <input type="text" name="gtmId" value="${brand.settings.gtmId ?? ''}" placeholder="GTM-XXXX"
              /></label>
              <label
                >gtmSource
                <input
                  type="text"
                  name="gtmSource"
                  value="${brand.settings.gtmSource ?? ''}"
                  placeholder="https://www.googletagmanager.com"
              /></label>
              <label
                >html (sanitizado pelo app)
                <textarea name="html" rows="2" cols="70">${brand.settings.html ?? ''}</textarea>
              </label>
            </fieldset>
            <button>Salvar tag manager e snippet</button>
          </form>`,
    )}`;
  },
};

type PanelPlayer = Pick<
  PlayerRow,
  | 'id'
  | 'brand_id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'balance'
  | 'deposit_count'
  | 'self_excluded_at'
  | 'self_excluded_until'
> & { brand_name: string; active_sessions: number };

const playersSection: PanelSection = {
  id: 'players',
  title: 'Jogadores',
  async render(db, now) {
    const players = await db.query<PanelPlayer>(
      `SELECT u.id, u.brand_id, b.name AS brand_name, u.first_name, u.last_name, u.email, u.phone, u.self_excluded_at,
              u.self_excluded_until, w.balance, w.deposit_count,
              (SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id AND s.revoked_at IS NULL) AS active_sessions
         FROM users u JOIN wallets w ON w.user_id = u.id JOIN brands b ON b.id = u.brand_id
        ORDER BY u.brand_id, u.id LIMIT 200`,
    );
    return html`<table>
      <thead>
        <tr>
          <th>Id</th>
          <th>Marca</th>
          <th>Nome / e-mail / telefone</th>
          <th>Saldo</th>
          <th>Sessões</th>
          <th>Autoexclusão</th>
          <th>Senha</th>
        </tr>
      </thead>
      <tbody>
        ${players.map((p) => {
          const period = activeSelfExclusion(p, now);
          return html`<tr id="player-${p.id}">
            <td>${p.id}</td>
            <td>${p.brand_name}</td>
            <td>
              ${p.first_name} ${p.last_name}<br /><span class="muted">${p.email}<br />${p.phone ?? ''}</span>
            </td>
            <td>${formatCentavos(p.balance)}<br /><span class="muted">${p.deposit_count} depósito(s)</span></td>
            <td>
              ${p.active_sessions}<br /><a href="/sandbox/players/${p.id}/audit">Auditoria</a><br /><a
                href="/sandbox/players/${p.id}/compliance"
                >Conformidade</a
              ><br /><a href="/sandbox/players/${p.id}/outbox">Mensagens</a><br /><a
                href="/sandbox/players/${p.id}/boxes"
                >Caixas</a
              >
            </td>
            <td>
              ${period ? html`<span class="off">de ${formatDateTime(period.start)} até ${period.end ? formatDateTime(period.end) : 'indeterminado'}</span>` : html`<span class="muted">não</span>`}
              <form class="inline" method="post" action="/sandbox/players/${p.id}/self-exclusion">
                <input type="date" name="until" aria-label="Autoexcluído até" required />
                <button class="secondary">Autoexcluir até</button>
              </form>
              <form class="inline" method="post" action="/sandbox/players/${p.id}/self-exclusion/indefinite">
                <input type="date" name="since" aria-label="Indeterminada desde" required />
                <button class="secondary">Indeterminada desde</button>
              </form>
              ${period ? html`<form class="inline" method="post" action="/sandbox/players/${p.id}/self-exclusion/remove"><button class="secondary">Remover</button></form>` : ''}
            </td>
            <td>
              <form class="inline" method="post" action="/sandbox/players/${p.id}/password">
                <input
                  type="text"
                  name="password"
                  aria-label="Nova senha"
                  minlength="8"
                  required
                  placeholder="nova senha"
                />
                <button class="secondary">Redefinir</button>
              </form>
            </td>
          </tr>`;
        })}
      </tbody>
    </table>`;
  },
};

const outboxSection: PanelSection = {
  id: 'outbox',
  title: 'Mensagens enviadas (códigos de recuperação e verificação)',
  async render(db, now) {
    const messages = await db.query<{
      id: number;
      brand_name: string;
      channel: string;
      recipient: string;
      subject: string;
      body: string;
      created_at: Date;
      pending: boolean;
    }>(
      `SELECT o.id, b.name AS brand_name, o.channel, o.recipient, o.subject, o.body, o.created_at,
              EXISTS (SELECT 1 FROM verification_codes c WHERE c.user_id = o.user_id AND c.created_at = o.created_at
                        AND c.used_at IS NULL AND c.expires_at > $1) AS pending
         FROM outbox o JOIN brands b ON b.id = o.brand_id ORDER BY o.id DESC LIMIT 30`,
      [now],
    );
    if (messages.length === 0) return html`<p class="muted">Nenhuma mensagem ainda.</p>`;
    return html`<table>
      <thead>
        <tr>
          <th>Quando</th>
          <th>Marca</th>
          <th>Para</th>
          <th>Assunto</th>
          <th>Mensagem</th>
          <th>Código</th>
        </tr>
      </thead>
      <tbody>
        ${messages.map(
          (m) =>
            html`<tr>
              <td>${formatDateTime(m.created_at)}</td>
              <td>${m.brand_name}</td>
              <td>${m.channel}: ${m.recipient}</td>
              <td>${m.subject}</td>
              <td>${m.body}</td>
              <td>${m.pending ? onOff(true, 'pendente') : html`<span class="muted">usado ou expirado</span>`}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
  },
};

export const PANEL_SECTIONS: PanelSection[] = [brandsSection, playersSection, outboxSection, ledgerSection];
