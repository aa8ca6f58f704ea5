import { foldSearchText } from '../../shared/search-text';
import { badge, wordmark, type Emblem } from './svg';
import { fnv1a, seededRandom } from '../../shared/seeded-random';

/**
 * Games, providers, categories and ranking levels shared by every brand. Names are fictional. The catalogue is
 * generated deterministically (a seeded PRNG, never Math.random): the same 600-odd games on every seed. The 14
 * hand-written games and their gamecodes stay as they were (tests and the demo players' recent games use them).
 */
export const CATEGORIES = [
  { slug: 'popular', pt: 'Populares', en: 'Popular' },
  { slug: 'slots', pt: 'Slots', en: 'Slots' },
  { slug: 'live', pt: 'Ao vivo', en: 'Live casino' },
  { slug: 'crash', pt: 'Crash', en: 'Crash' },
  { slug: 'table', pt: 'Jogos de mesa', en: 'Table games' },
  { slug: 'new', pt: 'Novidades', en: 'New' },
  { slug: 'jackpot', pt: 'Jackpots', en: 'Jackpots' },
  { slug: 'roulette', pt: 'Roletas', en: 'Roulette' },
  { slug: 'bingo', pt: 'Bingo e raspadinhas', en: 'Bingo and scratch cards' },
].map((c, i) => ({ ...c, icon: badge(c.pt.slice(0, 1), '#22303C', '#FFFFFF'), order: i + 1 }));

type CategorySlug = 'popular' | 'slots' | 'live' | 'crash' | 'table' | 'new' | 'jackpot' | 'roulette' | 'bingo';

interface SeedProvider {
  code: string;
  name: string;
  color: string;
  emblem: Emblem;
  /** The categories its generated games fall in (repeats weigh). */
  makes: CategorySlug[];
}

const PROVIDER_LIST: SeedProvider[] = [
  {
    code: 'aurora',
    name: 'Aurora Games',
    color: '#6E56CF',
    emblem: 'sun',
    makes: ['slots', 'slots', 'popular', 'new', 'jackpot'],
  },
  {
    code: 'jaguar',
    name: 'Jaguar Studios',
    color: '#D97706',
    emblem: 'crown',
    makes: ['slots', 'slots', 'new', 'jackpot'],
  },
  { code: 'samba', name: 'Samba Live', color: '#DB2777', emblem: 'wheel', makes: ['live', 'live', 'roulette'] },
  { code: 'foguete', name: 'Foguete Crash', color: '#DC2626', emblem: 'rocket', makes: ['crash'] },
  { code: 'tucano', name: 'Tucano Slots', color: '#059669', emblem: 'star', makes: ['slots', 'popular', 'bingo'] },
  { code: 'ipe', name: 'Ipê Mesa', color: '#CA8A04', emblem: 'dice', makes: ['table', 'table', 'roulette'] },
  { code: 'cometa', name: 'Cometa Interactive', color: '#2563EB', emblem: 'rocket', makes: ['crash', 'slots', 'new'] },
  { code: 'arara', name: 'Arara Play', color: '#E11D48', emblem: 'heart', makes: ['slots', 'popular', 'popular'] },
  { code: 'boitata', name: 'Boitatá Studios', color: '#EA580C', emblem: 'gem', makes: ['slots', 'jackpot'] },
  { code: 'mandacaru', name: 'Mandacaru Games', color: '#16A34A', emblem: 'balls', makes: ['bingo', 'bingo', 'slots'] },
  {
    code: 'atlantico',
    name: 'Atlântico Gaming',
    color: '#0891B2',
    emblem: 'wheel',
    makes: ['live', 'table', 'roulette'],
  },
  { code: 'coroa', name: 'Coroa Real', color: '#B45309', emblem: 'crown', makes: ['table', 'roulette', 'jackpot'] },
  { code: 'neon', name: 'Neon Vegas', color: '#C026D3', emblem: 'seven', makes: ['slots', 'new', 'crash'] },
  { code: 'lotus', name: 'Lótus Dourado', color: '#A16207', emblem: 'coin', makes: ['slots', 'jackpot', 'popular'] },
];

export const PROVIDERS = PROVIDER_LIST.map((p, i) => ({
  code: p.code,
  name: p.name,
  color: p.color,
  image: wordmark(p.name, p.color, p.emblem, i),
  order: i + 1,
}));

type ProviderCode = (typeof PROVIDER_LIST)[number]['code'];

export interface SeedGame {
  gamecode: string;
  title: string;
  provider: ProviderCode;
  category: CategorySlug;
  hasTables?: boolean;
  onlyDemo?: boolean;
  bonusAllowed?: boolean;
  views: number;
  /** Return to player in basis points when it is not the engine's standard one (`rtpOf`). */
  rtpBp?: number;
}

/**
 * The RTP each game declares, in basis points (Portaria SPA/MF 1.231/2024 art. 4 II: shown for every game): what the
 * sandbox provider's engine returns for it (sandbox/provider/fair.ts computes them; `seed-consistency.test.ts`
 * checks every game against it): the crash game 99.00% (crash, table, live and roulette games), the standard
 * slot 92.59%.
 */
export const CRASH_GAME_RTP_BP = 9900;
export const SLOT_GAME_RTP_BP = 9259;
export function rtpOf(game: Pick<SeedGame, 'category' | 'rtpBp'>): number {
  if (game.rtpBp !== undefined) return game.rtpBp;
  return ['crash', 'table', 'live', 'roulette'].includes(game.category) ? CRASH_GAME_RTP_BP : SLOT_GAME_RTP_BP;
}

const HAND_WRITTEN: SeedGame[] = [
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
  // The reduced paytable (RTP 75.41%): served on an unregulated brand only (Portaria SPA/MF 1.207/2024: 85% minimum).
  {
    gamecode: 'safari-selvagem',
    title: 'Safari Selvagem',
    provider: 'jaguar',
    category: 'new',
    views: 2_310,
    rtpBp: 7541,
  },
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
  // Named on purpose: searches with and without accents find them ("fortuna", "cassino", "touro").
  { gamecode: 'fortuna-do-farao', title: 'Fortúna do Faraó', provider: 'lotus', category: 'slots', views: 19_870 },
  {
    gamecode: 'cassino-royale-nights',
    title: 'Cassino Royale Nights',
    provider: 'neon',
    category: 'popular',
    views: 16_540,
  },
  {
    gamecode: 'touro-dourado-1000',
    title: 'Touro Dourado 1000',
    provider: 'boitata',
    category: 'jackpot',
    views: 14_210,
  },
];

/** The operator's picks, in order: GET /featured/games and the first row of GET /featured/home-games. */
export const FEATURED_GAMECODES = [
  'fortuna-do-farao',
  'carnaval-spins',
  'foguete-2x',
  'cassino-royale-nights',
  'roleta-ao-vivo',
  'touro-dourado-1000',
  'frutas-da-sorte',
  'aviaozinho',
  'mega-pesca',
  'tesouro-amazonico',
  'blackjack-copacabana',
  'piramide-de-ouro',
];

/** The seeded generator of shared/seeded-random.ts: the catalogue is the same on every start. */
export const prng = seededRandom;

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

// Word lists: a subject with its grammatical gender, adjectives in both genders.
const SUBJECTS: [string, 'm' | 'f'][] = [
  ['Touro', 'm'],
  ['Faraó', 'm'],
  ['Dragão', 'm'],
  ['Tigre', 'm'],
  ['Leão', 'm'],
  ['Búfalo', 'm'],
  ['Lobo', 'm'],
  ['Jaguar', 'm'],
  ['Templo', 'm'],
  ['Sol', 'm'],
  ['Trovão', 'm'],
  ['Rei', 'm'],
  ['Pirata', 'm'],
  ['Samurai', 'm'],
  ['Coelho', 'm'],
  ['Galo', 'm'],
  ['Diamante', 'm'],
  ['Trevo', 'm'],
  ['Mico-Leão', 'm'],
  ['Curupira', 'm'],
  ['Deusa', 'f'],
  ['Fênix', 'f'],
  ['Pantera', 'f'],
  ['Rainha', 'f'],
  ['Sereia', 'f'],
  ['Esfinge', 'f'],
  ['Coroa', 'f'],
  ['Estrela', 'f'],
  ['Lua', 'f'],
  ['Pérola', 'f'],
  ['Arara', 'f'],
  ['Onça', 'f'],
  ['Cobra', 'f'],
  ['Iara', 'f'],
];
const ADJECTIVES: [string, string][] = [
  ['Dourado', 'Dourada'],
  ['Sortudo', 'Sortuda'],
  ['Selvagem', 'Selvagem'],
  ['Místico', 'Mística'],
  ['Brilhante', 'Brilhante'],
  ['Lendário', 'Lendária'],
  ['Furioso', 'Furiosa'],
  ['Encantado', 'Encantada'],
  ['de Fogo', 'de Fogo'],
  ['de Prata', 'de Prata'],
  ['Imperial', 'Imperial'],
  ['Mágico', 'Mágica'],
  ['Tropical', 'Tropical'],
  ['de Cristal', 'de Cristal'],
  ['Radiante', 'Radiante'],
];
const SUFFIXES = [
  '',
  '',
  '',
  '',
  ' 1000',
  ' Megaways',
  ' Deluxe',
  ' Hold & Win',
  ' 2',
  ' Power',
  ' Extreme',
  ' Bônus Buy',
  ' Turbo',
  ' 500',
];
const OF_PLACES = ['Fortúna', 'Tesouro', 'Templo', 'Reino', 'Lenda', 'Ouro', 'Segredo', 'Riquezas', 'Festa'];
const EN_ADJ = [
  'Golden',
  'Lucky',
  'Wild',
  'Mystic',
  'Royal',
  'Fire',
  'Super',
  'Mega',
  'Big',
  'Neon',
  'Crazy',
  'Sweet',
  'Hot',
  'Magic',
  'Wild West',
];
const EN_NOUN = [
  'Dragon',
  'Tiger',
  'Buffalo',
  'Bonanza',
  'Fortune',
  'Riches',
  'Gems',
  'Fruits',
  'Pharaoh',
  'Phoenix',
  'Panda',
  'Wolf',
  'Kingdom',
  'Treasures',
  'Jewels',
  'Sevens',
  'Carnival',
  'Samba',
];
const PLACES = [
  'Copacabana',
  'Ipanema',
  'Monte Carlo',
  'Las Vegas',
  'Paraty',
  'Bahia',
  'Macau',
  'Rio',
  'Amazônia',
  'Pantanal',
  'Lençóis',
];
const CASINO_TAILS = ['Nights', 'Royale', 'Deluxe', 'Gold', 'Palace', 'Vegas'];
const CRASH_NOUNS = [
  'Foguete',
  'Jato',
  'Balão',
  'Cometa',
  'Satélite',
  'Aviãozinho',
  'Drone',
  'Nave',
  'Meteoro',
  'Spaceman',
  'Pipa',
  'Astronauta',
];
const CRASH_TAILS = ['X', '100x', 'Crash', 'Turbo', 'Neon', 'Espacial', 'Lunar', 'Supersônico', 'Rush', 'Sky', '1000x'];
const LIVE_GAMES = [
  'Roleta',
  'Blackjack',
  'Bacará',
  'Pôquer',
  'Sic Bo',
  'Dragon Tiger',
  'Andar Bahar',
  'Game Show',
  'Roda da Fortúna',
];
const LIVE_TAILS = [
  'Ao Vivo',
  'VIP',
  'Relâmpago',
  'Speed',
  'Brasileira',
  'Salão Privé',
  'Turbo',
  'Imersiva',
  'Carioca',
  'Platinum',
];
const TABLE_GAMES = [
  'Blackjack',
  'Pôquer Texas',
  'Bacará Punto Banco',
  'Craps',
  'Sic Bo',
  'Hi-Lo',
  'Red Dog',
  'Vídeo Pôquer',
  'Cassino Hold’em',
  'Três Cartas',
  'Pai Gow',
];
const TABLE_TAILS = ['Clássico', 'Multimão', 'Gold', 'Premium', 'Noturno', 'Europeu', 'Pro', 'Royale', 'Zero', 'Duplo'];
const ROULETTES = [
  'Europeia',
  'Francesa',
  'Americana',
  'Relâmpago',
  'Dupla Bola',
  'Mini',
  'Turbo',
  'Imperial',
  'Carioca',
  'Neon',
  'Dourada',
  'Multi-roda',
  'Quântica',
  'Tropical',
];
const BINGO_GAMES = ['Bingo', 'Keno', 'Raspadinha', 'Loto', 'Bingo Bolinha', 'Videobingo'];
const BINGO_TAILS = [
  '75',
  '90',
  'Carioca',
  'da Sorte',
  'Premiado',
  'da Festa',
  'Junino',
  'Turbo',
  'Dourado',
  'Mineiro',
  'Show',
];

function slotTitle(random: () => number): string {
  const roll = random();
  if (roll < 0.4) {
    const [subject, gender] = pick(random, SUBJECTS);
    const [m, f] = pick(random, ADJECTIVES);
    return `${subject} ${gender === 'm' ? m : f}${pick(random, SUFFIXES)}`;
  }
  if (roll < 0.62) {
    const [subject, gender] = pick(random, SUBJECTS);
    return `${pick(random, OF_PLACES)} ${gender === 'm' ? 'do' : 'da'} ${subject}`;
  }
  if (roll < 0.9) return `${pick(random, EN_ADJ)} ${pick(random, EN_NOUN)}${pick(random, SUFFIXES)}`;
  return `Cassino ${pick(random, PLACES)} ${pick(random, CASINO_TAILS)}`;
}

function titleFor(category: CategorySlug, random: () => number): string {
  switch (category) {
    case 'crash':
      return `${pick(random, CRASH_NOUNS)} ${pick(random, CRASH_TAILS)}`;
    case 'live':
      return `${pick(random, LIVE_GAMES)} ${pick(random, LIVE_TAILS)}`;
    case 'table':
      return `${pick(random, TABLE_GAMES)} ${pick(random, TABLE_TAILS)}`;
    case 'roulette':
      return `Roleta ${pick(random, ROULETTES)}${random() < 0.3 ? ` ${pick(random, PLACES)}` : ''}`;
    case 'bingo':
      return `${pick(random, BINGO_GAMES)} ${pick(random, BINGO_TAILS)}`;
    case 'jackpot': {
      const roll = random();
      if (roll < 0.35) return `Mega Jackpot ${pick(random, EN_NOUN)}`;
      if (roll < 0.7) return `${pick(random, SUBJECTS)[0]} Jackpot${pick(random, SUFFIXES)}`;
      return `Jackpot ${pick(random, PLACES)}`;
    }
    default:
      return slotTitle(random);
  }
}

export function slugify(text: string): string {
  return foldSearchText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Generated games per provider, after the hand-written ones: 14 × 42 + 17 = 605 games. */
const GENERATED_PER_PROVIDER = 42;

function generateGames(): SeedGame[] {
  const random = prng(20_240_612);
  const games = [...HAND_WRITTEN];
  const titles = new Set(games.map((g) => foldSearchText(g.title)));
  const codes = new Set(games.map((g) => g.gamecode));
  for (const provider of PROVIDER_LIST) {
    for (let i = 0; i < GENERATED_PER_PROVIDER; i++) {
      const category = pick(random, provider.makes);
      let title = titleFor(category, random);
      for (let attempt = 0; titles.has(foldSearchText(title)); attempt++) {
        title = attempt < 20 ? titleFor(category, random) : `${titleFor(category, random)} ${attempt}`;
      }
      titles.add(foldSearchText(title));
      let gamecode = slugify(title);
      if (codes.has(gamecode)) gamecode = `${gamecode}-${provider.code}`;
      codes.add(gamecode);
      const tableGame = category === 'live' || category === 'table' || category === 'roulette';
      games.push({
        gamecode,
        title,
        provider: provider.code,
        category,
        hasTables: tableGame && random() < 0.85,
        onlyDemo: random() < 0.06,
        bonusAllowed: random() >= 0.12,
        // Few games are very popular: a cubic curve from 50 to about 60 000 views.
        views: 50 + Math.floor(60_000 * random() ** 3),
      });
    }
  }
  return games;
}

const EMBLEMS_OF: Record<CategorySlug, Emblem[]> = {
  popular: ['star', 'gem', 'seven', 'sun', 'heart', 'crown'],
  slots: ['star', 'gem', 'seven', 'sun', 'heart', 'crown', 'coin'],
  new: ['star', 'gem', 'sun', 'heart'],
  crash: ['rocket'],
  live: ['wheel', 'heart', 'dice'],
  table: ['dice', 'heart', 'coin'],
  roulette: ['wheel'],
  bingo: ['balls'],
  jackpot: ['coin', 'crown', 'seven'],
};

/** A game's art parameters, from its gamecode (so the art route needs no stored drawing). */
export function artOf(gamecode: string, category: string): { hue: number; emblem: Emblem; variant: number } {
  const random = prng(fnv1a(gamecode));
  const emblems = EMBLEMS_OF[category as CategorySlug] ?? EMBLEMS_OF.slots;
  return { hue: Math.floor(random() * 360), emblem: pick(random, emblems), variant: Math.floor(random() * 100) };
}

/** Where a game's tile art is served (sandbox/api/handlers/games.ts, in the brand's palette). */
export const ART_PATH = '/api/art/games/';

const providerName = new Map(PROVIDER_LIST.map((p) => [p.code, p.name]));

export const GAMES = generateGames().map((game) => ({
  ...game,
  rtpBp: rtpOf(game),
  image: `${ART_PATH}${game.gamecode}.svg`,
  imageMobile: `${ART_PATH}${game.gamecode}.svg?m=1`,
  searchText: foldSearchText(`${game.title} ${providerName.get(game.provider) ?? ''}`),
  featuredRank: FEATURED_GAMECODES.includes(game.gamecode) ? FEATURED_GAMECODES.indexOf(game.gamecode) + 1 : null,
}));

/** What a level gives (openapi RankingPerk): keys the app words; none is a bonus for betting (Lei 14.790 art. 29). */
const PERKS = [
  'missions',
  'chat_badge',
  'priority_support',
  'faster_withdrawals',
  'vip_manager',
  'exclusive_events',
  'elite_club',
] as const;
/** A level's perks: cumulative (everything the lower levels give, and more). */
const perksUpTo = (count: number): string[] => PERKS.slice(0, count);

/** Total bet (integer centavos) needed to reach each level, and what each gives. */
export const RANKING_LEVELS = [
  { level: 1, name: 'Bronze', totalBet: 0, perks: perksUpTo(2) },
  { level: 2, name: 'Prata', totalBet: 100_000, perks: perksUpTo(3) },
  { level: 3, name: 'Ouro', totalBet: 500_000, perks: perksUpTo(4) },
  { level: 4, name: 'Platina', totalBet: 2_000_000, perks: perksUpTo(5) },
  { level: 5, name: 'Diamante', totalBet: 10_000_000, perks: perksUpTo(6) },
  { level: 6, name: 'Elite', totalBet: 50_000_000, perks: perksUpTo(7) },
];
