import { centavosToText, formatBRL } from '../../shared/money';
import { escapeHtml } from '../html';
import { formatInSaoPaulo } from '../../shared/sao-paulo';

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  const render = (value: unknown): string =>
    value instanceof Html ? value.value : Array.isArray(value) ? value.map(render).join('') : escapeHtml(value);
  return new Html(strings.reduce((out, text, i) => out + text + (i < values.length ? render(values[i]) : ''), ''));
}

/** Integer centavos as R$ (pt-BR). */
export const formatCentavos = (centavos: number) => formatBRL('pt-BR', centavos);
/** Integer centavos as a reais input value (1050 → "10.50"). */
export const centavosToInput = (centavos: number) => centavosToText(centavos, '.');
export const formatDateTime = (date: Date | null) =>
  date ? formatInSaoPaulo(date, 'pt-BR', { dateStyle: 'short', timeStyle: 'short' }) : '—';

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; --line: #d9dee5; --muted: #5b6573; --accent: #0b6bcb; }
  body { margin: 0; background: #f5f7fa; color: #1d2530; }
  header { background: #1d2530; color: #fff; padding: 12px 24px; display: flex; gap: 24px; align-items: baseline; }
  header h1 { font-size: 18px; margin: 0; }
  header nav a { color: #cfe3ff; margin-right: 16px; }
  main { padding: 16px 24px 48px; max-width: 1280px; }
  section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px; margin: 16px 0; }
  h2 { font-size: 16px; margin: 0 0 12px; }
  h3 { font-size: 14px; margin: 16px 0 8px; }
  table { border-collapse: collapse; width: 100%; font-size: 13px; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { color: var(--muted); font-weight: 600; }
  form.inline { display: inline-flex; gap: 6px; align-items: center; margin: 2px 0; }
  fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; }
  label { font-size: 13px; margin-right: 12px; white-space: nowrap; }
  input[type=text], input[type=date], input[type=password] { padding: 4px 6px; border: 1px solid var(--line); border-radius: 4px; }
  input.money { width: 90px; }
  button { padding: 4px 10px; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 4px; cursor: pointer; }
  button.secondary { background: #fff; color: var(--accent); }
  .on { color: #0a7a3d; font-weight: 600; } .off { color: #a61b1b; font-weight: 600; }
  .notice { padding: 8px 12px; border-radius: 6px; background: #e7f3ff; border: 1px solid #b6d8ff; }
  .notice.error { background: #fdecec; border-color: #f5b5b5; }
  .muted { color: var(--muted); } code { font-size: 12px; }
`;

export function page(title: string, body: Html, notice?: { text: string; error: boolean }): string {
  return html`<!doctype html>
    <html lang="pt-BR">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          ${new Html(STYLE)}
        </style>
      </head>
      <body>
        <header>
          <h1>${title}</h1>
          <nav>
            <a href="/sandbox#realtime">Tempo real</a><a href="/sandbox#chat">Chat</a><a href="/sandbox#bank">Banco</a
            ><a href="/sandbox#games">Jogos</a><a href="/sandbox#brands">Marcas</a
            ><a href="/sandbox#players">Jogadores</a><a href="/sandbox#outbox">Mensagens enviadas</a
            ><a href="/sandbox#ledger">Livro-razão</a><a href="/sandbox/documents">Documentos</a
            ><a href="/sandbox/compliance">Conformidade</a>
          </nav>
        </header>
        <main>
          ${notice ? html`<p class="notice ${notice.error ? 'error' : ''}" role="status">${notice.text}</p>` : ''}
          ${body}
        </main>
      </body>
    </html>`.value;
}

/** A state label; `onIsGood` false colours "on" as the alarming state (maintenance). */
export const onOff = (on: boolean, yes = 'ligado', no = 'desligado', onIsGood = true) =>
  html`<span class="${on === onIsGood ? 'on' : 'off'}">${on ? yes : no}</span>`;
