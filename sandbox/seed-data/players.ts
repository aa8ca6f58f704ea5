import { completeCpf } from '../../shared/cpf';

const DAY = 86_400_000;

export interface SeedNotification {
  type: string;
  title: string;
  message: string;
  ageDays: number;
  read?: boolean;
  pinnedDays?: number;
}

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
  /** [start, end] relative to now in days; end null = indefinite. */
  selfExcluded?: [number, number | null];
  recentGames: string[];
  notifications: SeedNotification[];
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
    recentGames: ['blackjack-copacabana', 'bacara-rio'],
    notifications: [
      {
        type: 'deposit',
        title: 'Primeiro depósito',
        message: 'Seu primeiro depósito foi aprovado. Boa sorte!',
        ageDays: 3,
      },
    ],
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
