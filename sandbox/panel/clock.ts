/**
 * The QA panel's clock block: moves the platform's `now` (sandbox/api/clock.ts) to a time in São Paulo,
 * so a cashback slot (12:01, 18:01, 23:59:59 local) or a release day can be reached, and puts it back. Writes pass
 * the panel's Origin/Host check (routes.ts) like every other panel form. A moved clock ages every session too: a
 * player signs in again after a jump past the idle limit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatInSaoPaulo } from '../../shared/sao-paulo';
import { parsePanelTime, type SandboxClock } from '../api/clock';
import { html, type Html } from './layout';

type Form = Record<string, string | string[] | undefined>;

const field = (body: Form | undefined, name: string) => {
  const value = body?.[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

const shown = (at: Date) => formatInSaoPaulo(at, 'pt-BR', { dateStyle: 'full', timeStyle: 'medium' });

export function renderClockSection(clock: SandboxClock | undefined): Html | '' {
  if (!clock) return '';
  const moved = clock.offsetMs !== 0;
  return html`<section id="clock">
    <h2>Relógio do sandbox</h2>
    <p data-testid="sandbox-clock-now">
      Agora na plataforma: <strong>${shown(clock.now())}</strong> (São Paulo)
      ${
        moved
          ? html`· <strong>movido</strong> ${String(Math.round(clock.offsetMs / 60_000))} min em relação à hora real`
          : html`· hora real`
      }
    </p>
    <form method="post" action="/sandbox/clock" data-testid="clock-form">
      <fieldset>
        <legend>Mover o relógio (cashback, dia de liberação)</legend>
        <label>Data e hora em São Paulo <input type="datetime-local" name="at" step="1" required /></label>
        <button>Mover</button>
      </fieldset>
    </form>
    <form method="post" action="/sandbox/clock/reset">
      <button ${moved ? '' : 'disabled'}>Voltar à hora real</button>
    </form>
  </section>`;
}

export interface ClockRouteHelpers {
  sameOrigin(request: FastifyRequest): boolean;
  back(reply: FastifyReply, anchor: string, text: string, error?: boolean): FastifyReply;
}

export function registerClockRoutes(app: FastifyInstance, clock: SandboxClock, h: ClockRouteHelpers): void {
  app.post<{ Body: Form }>('/sandbox/clock', async (request, reply) => {
    if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    const at = parsePanelTime(field(request.body, 'at'));
    if (!at) return h.back(reply, 'clock', 'Data e hora inválidas (AAAA-MM-DDTHH:MM, horário de São Paulo).', true);
    clock.set(at);
    return h.back(reply, 'clock', `Relógio movido para ${shown(clock.now())}.`);
  });
  app.post('/sandbox/clock/reset', async (request, reply) => {
    if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    clock.reset();
    return h.back(reply, 'clock', 'Relógio de volta à hora real.');
  });
}
