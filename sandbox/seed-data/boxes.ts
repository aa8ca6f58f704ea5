/**
 * Demo prize boxes for the brands with `hasBoxes` (only Sorte Verde on localhost): 12 boxes, two of each
 * of the six box colours, R$ 2,00 to R$ 500,00, each with 6–15 prizes (balance, free spins, physical items).
 *
 * Odds are integer basis points summing to exactly 10000 per box, derived deterministically from the prize values:
 * a prize's weight is value^-α, with α chosen (bisection) so the expected face value is the price less the box's
 * house edge (6–14 %), then rounded to basis points (at least 1 bp each, largest remainders first). The values and
 * odds are therefore fixed by this file; `boxOddsProblems` refuses a box that does not sum to 10000 before it is
 * written, and the database refuses to publish one (migration 017's deferred trigger).
 */
import { oddsAreComplete, ODDS_TOTAL_BP } from '../../shared/boxes-fair';
import { boxArtPath, prizeArtPath, type BoxColor, type PrizeIcon } from './box-art';

export { BOX_COLOR_NAMES, type BoxColor } from './box-art';
export type PrizeKind = 'cash' | 'free_spins' | 'item';
export type PrizeRarity = 'common' | 'rare' | 'epic' | 'legendary';

export interface SeedPrize {
  pt: string;
  en: string;
  kind: PrizeKind;
  /** Face value, centavos. */
  value: number;
  /** What the won prize sells for, centavos (a cash prize: its value). */
  sell_value: number;
  odds_bp: number;
  rarity: PrizeRarity;
  image: string;
}

export interface SeedBox {
  name: string;
  pt: string;
  en: string;
  color: BoxColor;
  price: number;
  sell_value: number;
  image: string;
  /** The house edge the odds were derived for (0.06 = 6 %). */
  edge: number;
  prizes: SeedPrize[];
}

type PrizeSpec = Omit<SeedPrize, 'odds_bp' | 'rarity'>;

const reais = (centavos: number) =>
  (centavos / 100).toLocaleString('pt-BR', { minimumFractionDigits: centavos % 100 ? 2 : 0 });
const reaisEn = (centavos: number) =>
  (centavos / 100).toLocaleString('en-US', { minimumFractionDigits: centavos % 100 ? 2 : 0 });

/** Balance credited as a prize; sells for exactly its value. */
const cash = (value: number): PrizeSpec => ({
  pt: `R$ ${reais(value)} em saldo`,
  en: `R$ ${reaisEn(value)} balance`,
  kind: 'cash',
  value,
  sell_value: value,
  image: prizeArtPath('cash'),
});

/** Free spins at R$ 0,50 each; sell for 60 % of their value. */
const spins = (count: number): PrizeSpec => ({
  pt: `${count} giros grátis`,
  en: `${count} free spins`,
  kind: 'free_spins',
  value: count * 50,
  sell_value: Math.round(count * 50 * 0.6),
  image: prizeArtPath('free-spins'),
});

/** A physical item; sells for 85 % of its retail value. */
const item = (pt: string, en: string, value: number, icon: PrizeIcon): PrizeSpec => ({
  pt,
  en,
  kind: 'item',
  value,
  sell_value: Math.round(value * 0.85),
  image: prizeArtPath(icon),
});

const ITEMS = {
  ifood: item('Vale-presente iFood R$ 50', 'iFood gift card R$ 50', 5_000, 'gift-card'),
  camisa: item('Camisa oficial da Seleção', 'Brazil national team shirt', 34_900, 'shirt'),
  fone: item('Fone Bluetooth JBL Tune 520', 'JBL Tune 520 Bluetooth headphones', 24_900, 'headphones'),
  jbl: item('Caixa de som JBL Flip 6', 'JBL Flip 6 speaker', 69_900, 'speaker'),
  amazfit: item('Smartwatch Amazfit Bip 5', 'Amazfit Bip 5 smartwatch', 49_900, 'watch'),
  tenis: item('Tênis Nike Air Max', 'Nike Air Max sneakers', 89_900, 'sneakers'),
  airpods: item('AirPods Pro', 'AirPods Pro', 189_900, 'headphones'),
  applewatch: item('Apple Watch SE', 'Apple Watch SE', 229_900, 'watch'),
  switch: item('Nintendo Switch OLED', 'Nintendo Switch OLED', 239_900, 'console'),
  drone: item('Drone DJI Mini 2 SE', 'DJI Mini 2 SE drone', 269_900, 'drone'),
  gopro: item('Câmera GoPro Hero 12', 'GoPro Hero 12 camera', 289_900, 'camera'),
  tv: item('Smart TV 55" 4K', '55" 4K smart TV', 299_900, 'tv'),
  ipad: item('iPad 10ª geração', 'iPad (10th generation)', 329_900, 'tablet'),
  ps5: item('PlayStation 5', 'PlayStation 5', 379_900, 'console'),
  notebook: item('Notebook Dell Inspiron 15', 'Dell Inspiron 15 laptop', 399_900, 'laptop'),
  galaxy: item('Galaxy S24', 'Galaxy S24', 449_900, 'phone'),
  iphone: item('iPhone 15', 'iPhone 15', 599_900, 'phone'),
  iphonepro: item('iPhone 15 Pro Max', 'iPhone 15 Pro Max', 999_900, 'phone'),
  bike: item('Bicicleta elétrica urbana', 'Electric city bike', 899_900, 'bike'),
  moto: item('Moto Honda Biz 125', 'Honda Biz 125 motorbike', 1_690_000, 'motorcycle'),
} satisfies Record<string, PrizeSpec>;

interface BoxSpec {
  name: string;
  pt: string;
  en: string;
  color: BoxColor;
  price: number;
  edge: number;
  prizes: PrizeSpec[];
}

const BOX_SPECS: BoxSpec[] = [
  {
    name: 'caixa-neon',
    pt: 'Caixa Neon',
    en: 'Neon Box',
    color: 'pink',
    price: 200,
    edge: 0.1,
    prizes: [cash(50), cash(100), spins(3), cash(200), spins(10), cash(500), ITEMS.ifood, ITEMS.fone],
  },
  {
    name: 'caixa-trevo',
    pt: 'Caixa Trevo',
    en: 'Clover Box',
    color: 'green',
    price: 300,
    edge: 0.08,
    prizes: [
      cash(100),
      spins(4),
      cash(300),
      cash(500),
      spins(20),
      cash(2_000),
      ITEMS.ifood,
      ITEMS.camisa,
      ITEMS.amazfit,
    ],
  },
  {
    name: 'caixa-brasa',
    pt: 'Caixa Brasa',
    en: 'Ember Box',
    color: 'red',
    price: 500,
    edge: 0.12,
    prizes: [cash(150), spins(5), cash(500), spins(20), cash(1_000), cash(5_000), ITEMS.fone, ITEMS.jbl],
  },
  {
    name: 'caixa-oceano',
    pt: 'Caixa Oceano',
    en: 'Ocean Box',
    color: 'blue',
    price: 1_000,
    edge: 0.07,
    prizes: [
      cash(300),
      spins(10),
      cash(1_000),
      spins(40),
      cash(2_500),
      ITEMS.ifood,
      cash(10_000),
      ITEMS.tenis,
      ITEMS.airpods,
      ITEMS.switch,
    ],
  },
  {
    name: 'caixa-sol',
    pt: 'Caixa Sol',
    en: 'Sun Box',
    color: 'yellow',
    price: 1_500,
    edge: 0.09,
    prizes: [cash(500), spins(20), cash(1_500), cash(3_000), spins(100), ITEMS.camisa, ITEMS.jbl, ITEMS.applewatch],
  },
  {
    name: 'caixa-flamingo',
    pt: 'Caixa Flamingo',
    en: 'Flamingo Box',
    color: 'pink',
    price: 2_500,
    edge: 0.1,
    prizes: [
      cash(800),
      spins(30),
      cash(2_500),
      ITEMS.ifood,
      spins(100),
      cash(10_000),
      ITEMS.amazfit,
      ITEMS.tenis,
      ITEMS.airpods,
      ITEMS.ipad,
      ITEMS.iphone,
    ],
  },
  {
    name: 'caixa-meia-noite',
    pt: 'Caixa Meia-Noite',
    en: 'Midnight Box',
    color: 'black',
    price: 5_000,
    edge: 0.11,
    prizes: [
      cash(1_500),
      spins(60),
      cash(5_000),
      cash(10_000),
      spins(200),
      ITEMS.camisa,
      ITEMS.jbl,
      ITEMS.tenis,
      ITEMS.switch,
      ITEMS.ps5,
      ITEMS.galaxy,
      ITEMS.iphone,
    ],
  },
  {
    name: 'caixa-esmeralda',
    pt: 'Caixa Esmeralda',
    en: 'Emerald Box',
    color: 'green',
    price: 7_500,
    edge: 0.06,
    prizes: [
      cash(2_500),
      spins(100),
      cash(7_500),
      cash(15_000),
      ITEMS.fone,
      ITEMS.jbl,
      ITEMS.airpods,
      ITEMS.drone,
      ITEMS.gopro,
      ITEMS.iphone,
    ],
  },
  {
    name: 'caixa-vulcao',
    pt: 'Caixa Vulcão',
    en: 'Volcano Box',
    color: 'red',
    price: 10_000,
    edge: 0.13,
    prizes: [
      cash(3_000),
      spins(100),
      cash(10_000),
      cash(25_000),
      ITEMS.camisa,
      ITEMS.tenis,
      ITEMS.applewatch,
      ITEMS.tv,
      ITEMS.ps5,
      ITEMS.notebook,
      ITEMS.iphone,
      ITEMS.iphonepro,
    ],
  },
  {
    name: 'caixa-ouro',
    pt: 'Caixa Ouro',
    en: 'Gold Box',
    color: 'yellow',
    price: 20_000,
    edge: 0.09,
    prizes: [
      cash(6_000),
      spins(200),
      cash(20_000),
      ITEMS.jbl,
      ITEMS.tenis,
      cash(50_000),
      ITEMS.airpods,
      ITEMS.switch,
      ITEMS.ipad,
      ITEMS.galaxy,
      ITEMS.iphone,
      ITEMS.iphonepro,
      ITEMS.bike,
    ],
  },
  {
    name: 'caixa-tempestade',
    pt: 'Caixa Tempestade',
    en: 'Storm Box',
    color: 'blue',
    price: 25_000,
    edge: 0.14,
    prizes: [
      cash(8_000),
      spins(300),
      cash(25_000),
      ITEMS.tenis,
      ITEMS.airpods,
      cash(75_000),
      ITEMS.drone,
      ITEMS.tv,
      ITEMS.ps5,
      ITEMS.notebook,
      ITEMS.iphonepro,
      ITEMS.bike,
    ],
  },
  {
    name: 'caixa-onix',
    pt: 'Caixa Ônix',
    en: 'Onyx Box',
    color: 'black',
    price: 50_000,
    edge: 0.1,
    prizes: [
      cash(15_000),
      spins(500),
      ITEMS.amazfit,
      cash(50_000),
      ITEMS.tenis,
      cash(100_000),
      ITEMS.airpods,
      ITEMS.applewatch,
      ITEMS.switch,
      ITEMS.gopro,
      ITEMS.ipad,
      ITEMS.ps5,
      ITEMS.iphone,
      ITEMS.iphonepro,
      ITEMS.moto,
    ],
  },
];

/** Expected face value (centavos) of a box's prizes under its odds. */
export const expectedValue = (prizes: readonly { value: number; odds_bp: number }[]): number =>
  prizes.reduce((sum, p) => sum + (p.value * p.odds_bp) / ODDS_TOTAL_BP, 0);

/** Largest-remainder rounding of probabilities to basis points, each at least 1, summing to exactly 10000. */
function toBasisPoints(probabilities: readonly number[]): number[] {
  const raw = probabilities.map((p) => Math.max(1, p * ODDS_TOTAL_BP));
  const floors = raw.map((r) => Math.max(1, Math.floor(r)));
  let left = ODDS_TOTAL_BP - floors.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) floors[order[k]!.i]! += 1;
  // Too many minimums: take back from the largest.
  while (left < 0) {
    const largest = floors.indexOf(Math.max(...floors));
    floors[largest]! -= 1;
    left += 1;
  }
  return floors;
}

/** Odds for value^-α weights whose expected value is `target` (bisection on α). */
export function deriveOdds(values: readonly number[], target: number): number[] {
  const probabilities = (alpha: number) => {
    const weights = values.map((v) => Math.max(v, 1) ** -alpha);
    const total = weights.reduce((a, b) => a + b, 0);
    return weights.map((w) => w / total);
  };
  const ev = (alpha: number) => probabilities(alpha).reduce((sum, p, i) => sum + p * values[i]!, 0);
  let [low, high] = [0, 20];
  for (let i = 0; i < 100; i++) {
    const mid = (low + high) / 2;
    if (ev(mid) > target) low = mid;
    else high = mid;
  }
  return toBasisPoints(probabilities(high));
}

/** A prize's rarity from its odds. */
export function rarityOf(oddsBp: number): PrizeRarity {
  if (oddsBp >= 1_000) return 'common';
  if (oddsBp >= 200) return 'rare';
  if (oddsBp >= 20) return 'epic';
  return 'legendary';
}

function buildBox(spec: BoxSpec): SeedBox {
  const odds = deriveOdds(
    spec.prizes.map((p) => p.value),
    spec.price * (1 - spec.edge),
  );
  return {
    name: spec.name,
    pt: spec.pt,
    en: spec.en,
    color: spec.color,
    price: spec.price,
    // An unopened box sells back for 80 % of its price.
    sell_value: Math.round(spec.price * 0.8),
    image: boxArtPath(spec.color),
    edge: spec.edge,
    prizes: spec.prizes.map((p, i) => ({ ...p, odds_bp: odds[i]!, rarity: rarityOf(odds[i]!) })),
  };
}

/** Problems that keep a box from being seeded or published (none: it may be). */
export function boxOddsProblems(box: { name: string; prizes: readonly { odds_bp: number }[] }): string[] {
  const problems: string[] = [];
  if (box.prizes.length < 1) problems.push(`${box.name}: no prizes`);
  if (!oddsAreComplete(box.prizes)) {
    const total = box.prizes.reduce((sum, p) => sum + p.odds_bp, 0);
    problems.push(`${box.name}: odds sum to ${total} bp, not ${ODDS_TOTAL_BP}, or one is outside 1…${ODDS_TOTAL_BP}`);
  }
  return problems;
}

export const SEED_BOXES: readonly SeedBox[] = BOX_SPECS.map(buildBox);
