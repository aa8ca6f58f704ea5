/**
 * Each brand's promotions (/promotions), in Portuguese and English, original texts. Sorte Verde is regulated: its
 * Friday reload (a deposit bonus) is seeded so the rule has something to withhold, and is never listed nor served
 * there; it offers no cashback of losses ("win back your losses" is a banned claim: Portaria SPA/MF 1.231/2024) and
 * its missions, ranking and referrals pay loyalty points, never cash (art. 43; Lei 14.790/2023 art. 29). Azul Bet
 * (not regulated) advertises its welcome deposit bonus and its weekly cashback.
 */
export type PromotionTheme = 'welcome' | 'cashback' | 'spins' | 'tournament' | 'referral' | 'missions';

export interface SeedPromotionText {
  title: string;
  summary: string;
  badge: string;
  html: string;
}

export interface SeedPromotion {
  slug: string;
  theme: PromotionTheme;
  bonusKind: 'deposit' | 'advance' | null;
  ctaPath: string | null;
  /** Days from the seed's time to the end, or null (ongoing). */
  endsInDays: number | null;
  pt: SeedPromotionText;
  en: SeedPromotionText;
}

const CASHBACK: SeedPromotion = {
  slug: 'cashback-semanal',
  theme: 'cashback',
  bonusKind: null,
  ctaPath: '/bonus',
  endsInDays: null,
  pt: {
    title: 'Cashback toda semana',
    summary: 'Parte do que você perdeu nos jogos de cassino volta para o seu saldo, em três liberações por dia.',
    badge: 'Cassino',
    html: `<h2>Como funciona</h2>
<p>Toda semana calculamos as suas perdas líquidas nos jogos de cassino. Uma parte delas vira cashback e fica
disponível na página <strong>Bônus</strong>, liberada às 12:01, às 18:01 e às 23:59:59 (horário de Brasília).</p>
<ul><li>Sem código: o cashback aparece sozinho.</li><li>Cada liberação pode ser resgatada uma vez.</li>
<li>O valor entra direto no saldo, sem rollover.</li></ul>
<h3>Regras</h3>
<p>Valem apenas apostas com dinheiro real. Jogos de demonstração não contam. Jogue com responsabilidade.</p>`,
  },
  en: {
    title: 'Cashback every week',
    summary: 'Part of what you lost on casino games comes back to your balance, released three times a day.',
    badge: 'Casino',
    html: `<h2>How it works</h2>
<p>Every week we work out your net losses on casino games. A share of them becomes cashback, available on the
<strong>Bonus</strong> page, released at 12:01, 18:01 and 23:59:59 (Brasília time).</p>
<ul><li>No code needed: the cashback shows up by itself.</li><li>Each release can be claimed once.</li>
<li>The amount goes straight to your balance, with no wagering.</li></ul>
<h3>Rules</h3>
<p>Only real-money bets count. Demo games do not. Play responsibly.</p>`,
  },
};

const REFER: SeedPromotion = {
  slug: 'indique-um-amigo',
  theme: 'referral',
  bonusKind: null,
  ctaPath: '/refers',
  endsInDays: null,
  pt: {
    title: 'Indique um amigo',
    summary: 'Compartilhe o seu link e ganhe R$ 10,00 por cada amigo que se cadastrar.',
    badge: 'Todos',
    html: `<h2>Traga a sua turma</h2>
<p>Na página <strong>Indique e ganhe</strong> você encontra o seu link pessoal. Quando um amigo maior de 18 anos se
cadastra por ele, você recebe R$ 10,00 no saldo.</p>
<ol><li>Copie ou compartilhe o seu link.</li><li>O amigo conclui o cadastro.</li><li>O crédito cai na hora.</li></ol>
<p>Cada amigo conta uma vez. Contas duplicadas não são creditadas.</p>`,
  },
  en: {
    title: 'Refer a friend',
    summary: 'Share your link and earn R$ 10.00 for every friend who signs up.',
    badge: 'Everyone',
    html: `<h2>Bring your crew</h2>
<p>Your personal link is on the <strong>Refer and earn</strong> page. When a friend aged 18 or over signs up
through it, you get R$ 10.00 in your balance.</p>
<ol><li>Copy or share your link.</li><li>Your friend completes the sign-up.</li><li>The credit lands at once.</li></ol>
<p>Each friend counts once. Duplicate accounts are not credited.</p>`,
  },
};

/** A regulated brand's loyalty points: earned on missions, levels and referrals, spent on prize boxes only. */
const LOYALTY_POINTS: SeedPromotion = {
  slug: 'pontos-de-fidelidade',
  theme: 'missions',
  bonusKind: null,
  ctaPath: '/rewards',
  endsInDays: null,
  pt: {
    title: 'Pontos de fidelidade',
    summary: 'Missões, níveis e indicações rendem pontos de fidelidade, que você troca por caixas de prêmios.',
    badge: 'Todos',
    html: `<h2>Como funciona</h2>
<p>Ao concluir uma missão, subir de nível ou indicar um amigo você recebe pontos de fidelidade, num saldo separado
do seu dinheiro.</p>
<ul><li>Os pontos podem ser trocados por caixas de prêmios.</li><li>Pontos não viram dinheiro nem bônus, não
servem para apostar e não podem ser sacados.</li></ul>
<p>Jogue com responsabilidade.</p>`,
  },
  en: {
    title: 'Loyalty points',
    summary: 'Missions, levels and referrals earn loyalty points, which you exchange for prize boxes.',
    badge: 'Everyone',
    html: `<h2>How it works</h2>
<p>Completing a mission, reaching a level or referring a friend earns you loyalty points, in a balance kept apart
from your money.</p>
<ul><li>Points can be exchanged for prize boxes.</li><li>Points never become money or a bonus, cannot be used to
bet and cannot be withdrawn.</li></ul>
<p>Play responsibly.</p>`,
  },
};

/** Refer a friend on a regulated brand: loyalty points, never cash (Lei 14.790/2023 art. 29). */
const REFER_POINTS: SeedPromotion = {
  slug: 'indique-um-amigo',
  theme: 'referral',
  bonusKind: null,
  ctaPath: '/refers',
  endsInDays: null,
  pt: {
    title: 'Indique um amigo',
    summary: 'Compartilhe o seu link e ganhe 1.000 pontos de fidelidade por cada amigo que se cadastrar.',
    badge: 'Todos',
    html: `<h2>Traga a sua turma</h2>
<p>Na página <strong>Indique e ganhe</strong> você encontra o seu link pessoal. Quando um amigo maior de 18 anos se
cadastra por ele, você recebe 1.000 pontos de fidelidade.</p>
<ol><li>Copie ou compartilhe o seu link.</li><li>O amigo conclui o cadastro.</li><li>Os pontos caem na hora.</li></ol>
<p>Pontos não viram dinheiro: troque-os por caixas de prêmios. Cada amigo conta uma vez.</p>`,
  },
  en: {
    title: 'Refer a friend',
    summary: 'Share your link and earn 1,000 loyalty points for every friend who signs up.',
    badge: 'Everyone',
    html: `<h2>Bring your crew</h2>
<p>Your personal link is on the <strong>Refer and earn</strong> page. When a friend aged 18 or over signs up
through it, you get 1,000 loyalty points.</p>
<ol><li>Copy or share your link.</li><li>Your friend completes the sign-up.</li><li>The points land at once.</li></ol>
<p>Points never become money: exchange them for prize boxes. Each friend counts once.</p>`,
  },
};

const SORTE_VERDE: SeedPromotion[] = [
  LOYALTY_POINTS,
  {
    slug: 'corrida-verde',
    theme: 'tournament',
    bonusKind: null,
    ctaPath: '/ranking',
    endsInDays: 10,
    pt: {
      title: 'Corrida Verde',
      summary: 'Suba no ranking do mês nos slots: os 50 primeiros recebem pontos de fidelidade.',
      badge: 'Torneio',
      html: `<h2>Quem joga, sobe</h2>
<p>Cada real apostado nos slots participantes vale um ponto no ranking. Os 50 primeiros no fim do mês recebem
pontos de fidelidade (nunca dinheiro), para trocar por caixas de prêmios.</p>
<table><thead><tr><th>Posição</th><th>Pontos de fidelidade</th></tr></thead>
<tbody><tr><td>1º</td><td>20.000</td></tr><tr><td>2º a 10º</td><td>3.000</td></tr>
<tr><td>11º a 50º</td><td>500</td></tr></tbody></table>`,
    },
    en: {
      title: 'Green Race',
      summary: 'Climb the monthly ranking on slots: the top 50 get loyalty points.',
      badge: 'Tournament',
      html: `<h2>Play to climb</h2>
<p>Every real wagered on the featured slots is one ranking point. The top 50 at the end of the month get loyalty
points (never money), to exchange for prize boxes.</p>
<table><thead><tr><th>Place</th><th>Loyalty points</th></tr></thead>
<tbody><tr><td>1st</td><td>20,000</td></tr><tr><td>2nd to 10th</td><td>3,000</td></tr>
<tr><td>11th to 50th</td><td>500</td></tr></tbody></table>`,
    },
  },
  REFER_POINTS,
  {
    // A deposit bonus: seeded so the regulated rule withholds it (never listed nor served on Sorte Verde).
    slug: 'recarga-de-sexta',
    theme: 'welcome',
    bonusKind: 'deposit',
    ctaPath: null,
    endsInDays: 3,
    pt: {
      title: 'Recarga de sexta',
      summary: '50% do seu depósito de sexta-feira em bônus.',
      badge: 'Depósito',
      html: '<p>50% do depósito em bônus, até R$ 100,00.</p>',
    },
    en: {
      title: 'Friday reload',
      summary: '50% of your Friday deposit as a bonus.',
      badge: 'Deposit',
      html: '<p>50% of the deposit as a bonus, up to R$ 100.00.</p>',
    },
  },
];

const AZUL_BET: SeedPromotion[] = [
  {
    slug: 'boas-vindas',
    theme: 'welcome',
    bonusKind: 'deposit',
    ctaPath: '/bonus',
    endsInDays: null,
    pt: {
      title: 'Bônus de boas-vindas',
      summary: '100% no primeiro depósito, até R$ 500,00, com o cupom BEMVINDO100.',
      badge: 'Novos jogadores',
      html: `<h2>Comece em dobro</h2>
<p>Faça o seu primeiro depósito com o cupom <strong>BEMVINDO100</strong> e receba o mesmo valor em bônus, até
R$ 500,00.</p>
<ul><li>Depósito mínimo de R$ 20,00.</li><li>O bônus vale por 30 dias.</li>
<li>Apenas um bônus de boas-vindas por pessoa.</li></ul>`,
    },
    en: {
      title: 'Welcome bonus',
      summary: '100% on your first deposit, up to R$ 500.00, with the coupon BEMVINDO100.',
      badge: 'New players',
      html: `<h2>Start doubled</h2>
<p>Make your first deposit with the coupon <strong>BEMVINDO100</strong> and get the same amount as a bonus, up to
R$ 500.00.</p>
<ul><li>Minimum deposit R$ 20.00.</li><li>The bonus lasts 30 days.</li>
<li>One welcome bonus per person.</li></ul>`,
    },
  },
  {
    slug: 'giros-de-sexta',
    theme: 'spins',
    bonusKind: null,
    ctaPath: '/bonus',
    endsInDays: 4,
    pt: {
      title: 'Giros de sexta',
      summary: 'Toda sexta, 10 giros grátis nos slots em destaque com o cupom GIROS10.',
      badge: 'Cassino',
      html: `<h2>Sexta com giro</h2>
<p>Use o cupom <strong>GIROS10</strong> na página Bônus e ganhe 10 giros grátis nos slots em destaque.</p>
<p>Os giros valem até domingo às 23:59.</p>`,
    },
    en: {
      title: 'Friday spins',
      summary: 'Every Friday, 10 free spins on the featured slots with the coupon GIROS10.',
      badge: 'Casino',
      html: `<h2>Spin into the weekend</h2>
<p>Use the coupon <strong>GIROS10</strong> on the Bonus page and get 10 free spins on the featured slots.</p>
<p>The spins last until Sunday at 23:59.</p>`,
    },
  },
  CASHBACK,
  REFER,
];

export const SEED_PROMOTIONS: Record<number, SeedPromotion[]> = { 1: SORTE_VERDE, 2: AZUL_BET };
