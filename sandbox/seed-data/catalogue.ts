import { badge, tile } from './svg';

/** Games, providers, categories and ranking levels shared by every brand. Names are fictional. */
export const CATEGORIES = [
  { slug: 'popular', pt: 'Populares', en: 'Popular' },
  { slug: 'slots', pt: 'Slots', en: 'Slots' },
  { slug: 'live', pt: 'Ao vivo', en: 'Live casino' },
  { slug: 'crash', pt: 'Crash', en: 'Crash' },
  { slug: 'table', pt: 'Jogos de mesa', en: 'Table games' },
  { slug: 'new', pt: 'Novidades', en: 'New' },
].map((c, i) => ({ ...c, icon: badge(c.pt.slice(0, 1), '#22303C', '#FFFFFF'), order: i + 1 }));

export const PROVIDERS = [
  { code: 'aurora', name: 'Aurora Games', color: '#6E56CF' },
  { code: 'jaguar', name: 'Jaguar Studios', color: '#D97706' },
  { code: 'samba', name: 'Samba Live', color: '#DB2777' },
  { code: 'foguete', name: 'Foguete Crash', color: '#DC2626' },
  { code: 'tucano', name: 'Tucano Slots', color: '#059669' },
  { code: 'ipe', name: 'Ipê Mesa', color: '#CA8A04' },
].map((p, i) => ({ ...p, image: badge(p.name.slice(0, 2), p.color, '#FFFFFF', 96), order: i + 1 }));

type ProviderCode = (typeof PROVIDERS)[number]['code'];

interface SeedGame {
  gamecode: string;
  title: string;
  provider: ProviderCode;
  category: string;
  hasTables?: boolean;
  onlyDemo?: boolean;
  views: number;
}

const GAME_LIST: SeedGame[] = [
  { gamecode: 'frutas-da-sorte', title: 'Frutas da Sorte', provider: 'tucano', category: 'slots', views: 18_420 },
  { gamecode: 'tesouro-amazonico', title: 'Tesouro Amazônico', provider: 'jaguar', category: 'slots', views: 12_305 },
  { gamecode: 'carnaval-spins', title: 'Carnaval Spins', provider: 'aurora', category: 'popular', views: 25_010 },
  {
    gamecode: 'roleta-ao-vivo',
    title: 'Roleta Ao Vivo',
    provider: 'samba',
    category: 'live',
    hasTables: true,
    views: 9_870,
  },
  {
    gamecode: 'blackjack-copacabana',
    title: 'Blackjack Copacabana',
    provider: 'samba',
    category: 'live',
    hasTables: true,
    views: 7_455,
  },
  { gamecode: 'foguete-2x', title: 'Foguete 2x', provider: 'foguete', category: 'crash', views: 31_200 },
  { gamecode: 'aviaozinho', title: 'Aviãozinho', provider: 'foguete', category: 'crash', views: 28_760 },
  { gamecode: 'bacara-rio', title: 'Bacará Rio', provider: 'ipe', category: 'table', views: 4_120 },
  { gamecode: 'piramide-de-ouro', title: 'Pirâmide de Ouro', provider: 'aurora', category: 'slots', views: 10_980 },
  { gamecode: 'safari-selvagem', title: 'Safari Selvagem', provider: 'jaguar', category: 'new', views: 2_310 },
  { gamecode: 'mega-pesca', title: 'Mega Pesca', provider: 'tucano', category: 'popular', views: 21_640 },
  {
    gamecode: 'festa-junina',
    title: 'Festa Junina',
    provider: 'aurora',
    category: 'new',
    onlyDemo: true,
    views: 1_205,
  },
  { gamecode: 'dados-da-sorte', title: 'Dados da Sorte', provider: 'ipe', category: 'table', views: 3_890 },
  {
    gamecode: 'poquer-caribenho',
    title: 'Pôquer Caribenho',
    provider: 'ipe',
    category: 'table',
    hasTables: true,
    views: 2_975,
  },
];

export const GAMES = GAME_LIST.map((game) => {
  const color = PROVIDERS.find((p) => p.code === game.provider)?.color ?? '#333333';
  return { ...game, image: tile(game.title, color, '#FFFFFF'), imageMobile: tile(game.title, color, '#FFFFFF') };
});

/** Total bet (integer centavos) needed to reach each level. */
export const RANKING_LEVELS = [
  { level: 1, name: 'Bronze', totalBet: 0 },
  { level: 2, name: 'Prata', totalBet: 100_000 },
  { level: 3, name: 'Ouro', totalBet: 500_000 },
  { level: 4, name: 'Platina', totalBet: 2_000_000 },
  { level: 5, name: 'Diamante', totalBet: 10_000_000 },
  { level: 6, name: 'Elite', totalBet: 50_000_000 },
];
