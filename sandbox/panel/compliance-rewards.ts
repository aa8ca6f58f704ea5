/**
 * The compliance view's block on a regulated brand's rewards (QA panel `/sandbox/compliance#compliance-rewards`), for
 * a reviewer, never shown to a player: per regulated brand, what it withholds and the rule of each (the note the
 * home page once showed players: "Bônus não oferecidos pelas regras brasileiras de apostas"), and how its rewards
 * are paid.
 *
 * - No bonus tied to a deposit and no bonus credit to bet with: Portaria SPA/MF 1.231/2024 art. 42 (DOU de
 *   01/08/2024, pp. 76–78). Loyalty points in a wallet of their own: art. 43.
 * - No advance, anticipation or bonus for betting: Lei 14.790/2023 art. 29.
 * - No "win back your losses" (cashback of losses): the same Portaria's advertising rules.
 */
import type { Queryable } from '../db/types';
import { html } from './layout';

interface WithheldRow {
  brand: string;
  what: string;
  title: string;
  rule: 'deposit' | 'advance' | 'bonus' | 'cashback';
}

const RULE_TEXT: Record<WithheldRow['rule'], string> = {
  deposit:
    'Bônus vinculado a depósito não oferecido: Portaria SPA/MF 1.231/2024, art. 42 (DOU de 01/08/2024, pp. 76–78).',
  advance: 'Adiantamento de crédito ou bônus para apostar não oferecido: Lei 14.790/2023, art. 29.',
  bonus: 'Crédito de bônus ou giros grátis para apostar não oferecidos: Portaria SPA/MF 1.231/2024, art. 42.',
  cashback: 'Cashback de perdas ("recupere suas perdas") não oferecido: Portaria SPA/MF 1.231/2024, publicidade.',
};

/** What each regulated brand withholds (banners, coupons, promotions, cashback), with the rule of each. */
export async function regulatedWithheld(db: Queryable): Promise<WithheldRow[]> {
  const regulated = `coalesce((br.features->>'is_regulated')::boolean, false)`;
  const banners = await db.query<{
    brand: string;
    title: string;
    requires_deposit: boolean | null;
    kind: string | null;
    advance: boolean | null;
  }>(
    `SELECT br.name AS brand, b.title, c.requires_deposit, c.kind, c.advance
       FROM banners b JOIN brands br ON br.id = b.brand_id
       JOIN coupons c ON c.brand_id = b.brand_id AND b.link = '/bonus?coupon=' || c.code
      WHERE ${regulated} ORDER BY br.id, b.id`,
  );
  const coupons = await db.query<{
    brand: string;
    code: string;
    kind: string;
    requires_deposit: boolean;
    advance: boolean;
  }>(
    `SELECT br.name AS brand, c.code, c.kind, c.requires_deposit, c.advance
       FROM coupons c JOIN brands br ON br.id = c.brand_id WHERE ${regulated} AND c.active ORDER BY br.id, c.id`,
  );
  const promotions = await db.query<{ brand: string; slug: string; title: string; bonus_kind: 'deposit' | 'advance' }>(
    `SELECT br.name AS brand, p.slug, p.title, p.bonus_kind
       FROM promotions p JOIN brands br ON br.id = p.brand_id
      WHERE ${regulated} AND p.locale = 'pt' AND p.bonus_kind IS NOT NULL ORDER BY br.id, p.id`,
  );
  const cashback = await db.query<{ brand: string; on: boolean }>(
    `SELECT br.name AS brand, coalesce((br.features->>'cashback')::boolean, false) AS on FROM brands br
      WHERE ${regulated} ORDER BY br.id`,
  );
  const ruleOf = (c: { requires_deposit: boolean | null; kind: string | null; advance: boolean | null }) =>
    c.requires_deposit || c.kind === 'deposit_match' ? 'deposit' : c.advance ? 'advance' : 'bonus';
  return [
    ...banners.map((b) => ({ brand: b.brand, what: 'banner', title: b.title, rule: ruleOf(b) }) as WithheldRow),
    ...coupons.map((c) => ({ brand: c.brand, what: 'cupom', title: c.code, rule: ruleOf(c) }) as WithheldRow),
    ...promotions.map((p) => ({ brand: p.brand, what: 'promoção', title: p.title, rule: p.bonus_kind }) as WithheldRow),
    ...cashback.map(
      (c) =>
        ({
          brand: c.brand,
          what: 'cashback',
          title: c.on ? 'cashback semanal (chave ligada, recusado pela regra)' : 'cashback semanal',
          rule: 'cashback',
        }) as WithheldRow,
    ),
  ];
}

/** The block of /sandbox/compliance. */
export async function regulatedRewardsSection(db: Queryable) {
  const rows = await regulatedWithheld(db);
  return html`<section id="compliance-rewards">
    <h2>Marcas reguladas · Bônus não oferecidos pelas regras brasileiras de apostas</h2>
    <p class="muted">
      Para a revisão de conformidade; o jogador não vê esta nota. Numa marca regulada, missões, níveis e indicações
      pagam pontos de fidelidade num saldo à parte (Portaria SPA/MF 1.231/2024, art. 43), gastos só em caixas de
      prêmios, nunca em apostas nem em saques, e nunca convertidos em dinheiro ou bônus (invariante
      <code>points-apart</code>, <code>sandbox/money/invariant.ts</code>).
    </p>
    <table>
      <thead>
        <tr>
          <th scope="col">Marca</th>
          <th scope="col">O quê</th>
          <th scope="col">Item</th>
          <th scope="col">Regra</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (r) =>
            html`<tr data-rule="${r.rule}">
              <td>${r.brand}</td>
              <td>${r.what}</td>
              <td>${r.title}</td>
              <td>${RULE_TEXT[r.rule]}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}
