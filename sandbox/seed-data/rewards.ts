/**
 * Rewards seeds: each brand's coupons and missions. Sorte Verde is regulated (`is_regulated`): its
 * deposit-linked and advance coupons are seeded on purpose, so the sandbox can show it refuses them (Lei 14.790
 * art. 29; the deposit-bonus rule). Azul Bet is not regulated and offers them.
 */
export interface SeedCoupon {
  code: string;
  title: string;
  description: string;
  kind: 'free_spins' | 'cash' | 'deposit_match';
  value: number | null;
  percent: number | null;
  minDeposit: number;
  requiresDeposit: boolean;
  advance: boolean;
  /** Days from the seed's `now` (negative: already expired); null: never. */
  expiresInDays: number | null;
  /** The rules of its bonus (sandbox/money/coupons.ts): a first deposit only, once per player, the rollover. */
  firstDepositOnly?: boolean;
  oncePerPlayer?: boolean;
  wageringMultiple?: number;
  /** How long the bonus it grants lasts, in days (30 unless given). */
  bonusDays?: number;
}

export interface SeedMission {
  slug: string;
  title: string;
  description: string;
  goalKind: 'bet_total' | 'rounds';
  goal: number;
  rewardKind: 'cash' | 'free_spins' | 'points';
  reward: number;
  /** Shown only to players it is assigned to (the QA panel assigns it). */
  assignedOnly: boolean;
  /** The game types its rounds count on (sandbox/api/rewards.ts GAME_TYPES); absent: every casino game. */
  gameTypes?: readonly ('slot' | 'crash' | 'table' | 'live' | 'sports')[];
}

const COMMON_COUPONS: SeedCoupon[] = [
  {
    code: 'GIROS10',
    title: '10 giros grátis',
    description: '10 giros grátis em slots selecionados.',
    kind: 'free_spins',
    value: 10,
    percent: null,
    minDeposit: 0,
    requiresDeposit: false,
    advance: false,
    expiresInDays: 30,
  },
  {
    code: 'BEMVINDO100',
    title: '100% no primeiro depósito',
    description: 'Dobra o primeiro depósito até R$ 500,00, em bônus com rollover de 10× em 30 dias.',
    kind: 'deposit_match',
    value: 50_000,
    percent: 100,
    minDeposit: 2_000,
    requiresDeposit: true,
    advance: false,
    expiresInDays: 30,
    firstDepositOnly: true,
    oncePerPlayer: true,
    wageringMultiple: 10,
    bonusDays: 30,
  },
  {
    code: 'ADIANTA20',
    title: 'R$ 20,00 para começar',
    description: 'R$ 20,00 de crédito antes da primeira aposta.',
    kind: 'cash',
    value: 2_000,
    percent: null,
    minDeposit: 0,
    requiresDeposit: false,
    advance: true,
    expiresInDays: 30,
  },
  {
    code: 'VENCIDO5',
    title: 'R$ 5,00 (expirado)',
    description: 'Um cupom que já expirou.',
    kind: 'cash',
    value: 500,
    percent: null,
    minDeposit: 0,
    requiresDeposit: false,
    advance: false,
    expiresInDays: -1,
  },
];

export const SEED_COUPONS: Record<number, SeedCoupon[]> = {
  1: COMMON_COUPONS,
  2: [
    ...COMMON_COUPONS,
    {
      code: 'AZUL50',
      title: '50% de recarga',
      description: '50% do depósito até R$ 200,00, em bônus com rollover de 8× em 15 dias; vale em cada recarga.',
      kind: 'deposit_match',
      value: 20_000,
      percent: 50,
      minDeposit: 5_000,
      requiresDeposit: true,
      advance: false,
      expiresInDays: null,
      firstDepositOnly: false,
      oncePerPlayer: false,
      wageringMultiple: 8,
      bonusDays: 15,
    },
  ],
};

const COMMON_MISSIONS: SeedMission[] = [
  {
    slug: 'aposte-50',
    title: 'Aposte R$ 50,00',
    description: 'Some R$ 50,00 em apostas no cassino e ganhe R$ 5,00.',
    goalKind: 'bet_total',
    goal: 5_000,
    rewardKind: 'cash',
    reward: 500,
    assignedOnly: false,
  },
  {
    slug: 'dez-rodadas',
    title: 'Jogue 10 rodadas',
    description: 'Jogue 10 rodadas em qualquer slot e ganhe 5 giros grátis.',
    goalKind: 'rounds',
    goal: 10,
    rewardKind: 'free_spins',
    reward: 5,
    assignedOnly: false,
    gameTypes: ['slot'],
  },
  {
    slug: 'missao-especial',
    title: 'Missão especial',
    description: 'Aposte R$ 20,00 e ganhe R$ 3,00 (atribuída pelo painel).',
    goalKind: 'bet_total',
    goal: 2_000,
    rewardKind: 'cash',
    reward: 300,
    assignedOnly: true,
  },
];

/**
 * A regulated brand's missions pay loyalty points, never cash or free spins (Portaria SPA/MF 1.231/2024 arts. 42–43;
 * Lei 14.790/2023 art. 29): R$ 1,00 of the unregulated reward is 100 points, a free spin 50 (money/points.ts).
 */
const REGULATED_MISSIONS: SeedMission[] = [
  {
    ...COMMON_MISSIONS[0]!,
    description: 'Some R$ 50,00 em apostas no cassino e ganhe 500 pontos de fidelidade.',
    rewardKind: 'points',
    reward: 500,
  },
  {
    ...COMMON_MISSIONS[1]!,
    description: 'Jogue 10 rodadas em qualquer slot e ganhe 250 pontos de fidelidade.',
    rewardKind: 'points',
    reward: 250,
  },
  {
    ...COMMON_MISSIONS[2]!,
    description: 'Aposte R$ 20,00 e ganhe 300 pontos de fidelidade (atribuída pelo painel).',
    rewardKind: 'points',
    reward: 300,
  },
];

export const SEED_MISSIONS: Record<number, SeedMission[]> = { 1: REGULATED_MISSIONS, 2: COMMON_MISSIONS };
