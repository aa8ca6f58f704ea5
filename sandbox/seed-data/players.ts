import { completeCpf } from '../../shared/cpf';
import type { Address } from '../../shared/personal-data';

const DAY = 86_400_000;

export interface SeedNotification {
  type: string;
  title: string;
  message: string;
  ageDays: number;
  read?: boolean;
  pinnedDays?: number;
}

/**
 * One move of a player's money history, `daysAgo` days before the seed's `now` (a deposit paid by pix, or a
 * casino round: a stake and what it paid back). Dated before the current calendar month, so no limit period
 * of counts it. The history is what backs the counts: the paid deposits are `depositCount`, the
 * stakes add up to `totalBet`, and deposits − stakes + wins is `balance` (never below 0 along the way).
 */
export type SeedMoney =
  { daysAgo: number; deposit: number } | { daysAgo: number; game: string; bet: number; win: number };

export interface SeedPlayer {
  brandId: number;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string | null;
  cpf: string | null;
  birthDate: string;
  language: 'pt' | 'en';
  referralCode: string;
  /** Integer centavos. */
  balance: number;
  depositCount: number;
  /** Integer centavos wagered so far (drives the ranking level). */
  totalBet: number;
  emailVerified: boolean;
  /**
   * Verified before the sandbox existed: every document type approved (seeded without a file),
   * so a brand with `kyc` on pays their withdrawals.
   */
  documentsVerified?: boolean;
  /** [start, end] relative to now in days; end null = indefinite. */
  selfExcluded?: [number, number | null];
  recentGames: string[];
  notifications: SeedNotification[];
  /** Oldest first; empty for a player who never deposited. */
  history: SeedMoney[];
  /** The address on file (read-only once the identity is verified: `documentsVerified`). */
  address?: Address;
  /**
   * Registered before the regulated sign-up asked for the gender and limits (Portaria SPA/MF 2.579/2025): on a
   * regulated brand they are asked at the next sign-in, and stakes and deposits wait for them. Every other demo
   * player is seeded as having chosen them (gender "undisclosed"; limits they chose then are not seeded).
   */
  profilePending?: true;
}

/** Shared password of every demo player (8+ characters with letters and a symbol). */
export const DEMO_PASSWORD = 'Senha@123';

export const DEMO_PLAYERS: SeedPlayer[] = [
  {
    brandId: 1,
    firstName: 'Ana',
    lastName: 'Souza',
    email: 'ana@sorteverde.test',
    password: DEMO_PASSWORD,
    phone: '+5511987654321',
    cpf: completeCpf('123456789'),
    birthDate: '1990-05-14',
    language: 'pt',
    referralCode: 'ANASORTE',
    balance: 25_000,
    depositCount: 3,
    totalBet: 1_250_000,
    emailVerified: true,
    documentsVerified: true,
    recentGames: ['foguete-2x', 'frutas-da-sorte', 'roleta-ao-vivo', 'mega-pesca', 'carnaval-spins'],
    notifications: [
      {
        type: 'deposit',
        title: 'Depósito aprovado',
        message: 'Seu depósito de R$ 100,00 foi aprovado.',
        ageDays: 2,
        read: true,
      },
      {
        type: 'bonus',
        title: 'Bônus liberado',
        message: 'Você ganhou 20 giros grátis em Frutas da Sorte.',
        ageDays: 1,
      },
      { type: 'ranking', title: 'Novo nível', message: 'Parabéns! Você chegou ao nível Ouro.', ageDays: 0 },
    ],
    history: [
      { daysAgo: 58, deposit: 30_000 },
      { daysAgo: 57, game: 'frutas-da-sorte', bet: 20_000, win: 45_000 },
      { daysAgo: 56, game: 'foguete-2x', bet: 50_000, win: 0 },
      { daysAgo: 50, deposit: 60_000 },
      { daysAgo: 49, game: 'roleta-ao-vivo', bet: 60_000, win: 150_000 },
      { daysAgo: 48, game: 'mega-pesca', bet: 150_000, win: 300_000 },
      { daysAgo: 46, game: 'foguete-2x', bet: 300_000, win: 420_000 },
      { daysAgo: 44, game: 'carnaval-spins', bet: 400_000, win: 250_000 },
      { daysAgo: 41, game: 'frutas-da-sorte', bet: 200_000, win: 0 },
      { daysAgo: 38, deposit: 10_000 },
      { daysAgo: 37, game: 'roleta-ao-vivo', bet: 70_000, win: 10_000 },
    ],
    address: {
      postal_code: '01310100',
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'Apto 12',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
  },
  {
    brandId: 1,
    firstName: 'Bruno',
    lastName: 'Lima',
    email: 'bruno@sorteverde.test',
    password: DEMO_PASSWORD,
    phone: '+5521991234567',
    cpf: null,
    birthDate: '2000-11-02',
    language: 'en',
    referralCode: 'BRUNOSORTE',
    balance: 0,
    depositCount: 0,
    totalBet: 0,
    emailVerified: false,
    recentGames: [],
    notifications: [],
    history: [],
  },
  {
    brandId: 1,
    firstName: 'Carla',
    lastName: 'Mendes',
    email: 'carla@sorteverde.test',
    password: DEMO_PASSWORD,
    phone: '+5531988887777',
    cpf: null,
    birthDate: '1985-03-30',
    language: 'pt',
    referralCode: 'CARLASORTE',
    balance: 4_550,
    depositCount: 2,
    totalBet: 180_000,
    emailVerified: true,
    selfExcluded: [-10, 180],
    recentGames: ['aviaozinho'],
    notifications: [],
    history: [
      { daysAgo: 55, deposit: 50_000 },
      { daysAgo: 54, game: 'aviaozinho', bet: 40_000, win: 90_000 },
      { daysAgo: 52, game: 'aviaozinho', bet: 100_000, win: 34_550 },
      { daysAgo: 45, deposit: 10_000 },
      { daysAgo: 44, game: 'aviaozinho', bet: 40_000, win: 0 },
    ],
  },
  {
    brandId: 1,
    firstName: 'Fábio',
    lastName: 'Nunes',
    email: 'fabio@sorteverde.test',
    password: DEMO_PASSWORD,
    phone: '+5541997776666',
    cpf: completeCpf('321654987'),
    birthDate: '1992-08-21',
    language: 'pt',
    referralCode: 'FABIOSORTE',
    balance: 0,
    depositCount: 0,
    totalBet: 0,
    emailVerified: true,
    profilePending: true,
    recentGames: [],
    notifications: [],
    history: [],
  },
  {
    brandId: 2,
    firstName: 'Diego',
    lastName: 'Rocha',
    email: 'diego@azulbet.test',
    password: DEMO_PASSWORD,
    phone: '+5521998765432',
    cpf: '52998224725',
    birthDate: '1995-08-21',
    language: 'pt',
    referralCode: 'DIEGOAZUL',
    balance: 100_000,
    depositCount: 1,
    totalBet: 300_000,
    emailVerified: true,
    documentsVerified: true,
    recentGames: ['blackjack-copacabana', 'bacara-rio'],
    notifications: [
      {
        type: 'deposit',
        title: 'Primeiro depósito',
        message: 'Seu primeiro depósito foi aprovado. Boa sorte!',
        ageDays: 3,
      },
    ],
    history: [
      { daysAgo: 50, deposit: 100_000 },
      { daysAgo: 49, game: 'blackjack-copacabana', bet: 50_000, win: 100_000 },
      { daysAgo: 47, game: 'bacara-rio', bet: 100_000, win: 0 },
      { daysAgo: 40, game: 'blackjack-copacabana', bet: 50_000, win: 100_000 },
      { daysAgo: 36, game: 'bacara-rio', bet: 100_000, win: 100_000 },
    ],
    address: {
      postal_code: '22041001',
      street: 'Rua Barata Ribeiro',
      number: '250',
      complement: '',
      district: 'Copacabana',
      city: 'Rio de Janeiro',
      state: 'RJ',
    },
  },
  {
    brandId: 2,
    firstName: 'Elisa',
    lastName: 'Prado',
    email: 'elisa@azulbet.test',
    password: DEMO_PASSWORD,
    phone: null,
    cpf: completeCpf('987654321'),
    birthDate: '1979-01-09',
    language: 'pt',
    referralCode: 'ELISAAZUL',
    balance: 0,
    depositCount: 0,
    totalBet: 0,
    emailVerified: false,
    selfExcluded: [-30, null],
    recentGames: [],
    notifications: [],
    history: [],
  },
];

export const GLOBAL_NOTIFICATIONS: Record<number, SeedNotification[]> = {
  1: [
    {
      type: 'platform',
      title: 'Bem-vindo ao Sorte Verde',
      message: 'Confira as promoções da semana.',
      ageDays: 5,
      pinnedDays: 7,
    },
    {
      type: 'platform',
      title: 'Jogue com responsabilidade',
      message: 'Defina limites de depósito no seu perfil.',
      ageDays: 1,
    },
  ],
  2: [{ type: 'platform', title: 'Novidade na Azul Bet', message: 'Apostas ao vivo no Brasileirão.', ageDays: 2 }],
};

export const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY);
