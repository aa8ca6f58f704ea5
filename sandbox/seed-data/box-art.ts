/**
 * Original artwork of the demo prize boxes: a box per colour and an icon per prize kind or item, as small
 * SVGs. `npx tsx scripts/box-art.ts` writes them to public/assets/images/boxes/ (committed, served by the app as
 * static files); the seed points at them with `boxArtPath` and `prizeArtPath`.
 */
/** The six box colours of site config (`boxColors`). */
export const BOX_COLOR_NAMES = ['red', 'blue', 'pink', 'black', 'green', 'yellow'] as const;
export type BoxColor = (typeof BOX_COLOR_NAMES)[number];

export const BOX_ART_DIR = '/assets/images/boxes';

export const PRIZE_ICONS = [
  'cash',
  'free-spins',
  'gift-card',
  'shirt',
  'headphones',
  'speaker',
  'watch',
  'sneakers',
  'console',
  'drone',
  'camera',
  'tv',
  'tablet',
  'laptop',
  'phone',
  'bike',
  'motorcycle',
] as const;
export type PrizeIcon = (typeof PRIZE_ICONS)[number];

export const boxArtPath = (color: BoxColor) => `${BOX_ART_DIR}/box-${color}.svg`;
export const prizeArtPath = (icon: PrizeIcon) => `${BOX_ART_DIR}/prize-${icon}.svg`;

/** Base, light and dark shades of each box colour (the site config's `boxColors` base). */
export const BOX_ART_COLORS: Record<BoxColor, [string, string, string]> = {
  red: ['#E5484D', '#FF8589', '#9B1C20'],
  blue: ['#3E63DD', '#8DA4EF', '#1F2D7A'],
  pink: ['#D6409F', '#F19CCF', '#8A1F63'],
  black: ['#2B2B2B', '#6F6F6F', '#0A0A0A'],
  green: ['#30A46C', '#7DD3A8', '#15603C'],
  yellow: ['#F5D90A', '#FFF08A', '#A68E00'],
};

const svg = (size: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">\n${body}\n</svg>\n`;

/** A crate in three-quarter view: lid, front, side, a ribbon and a star. */
export function boxSvg(color: BoxColor): string {
  const [base, light, dark] = BOX_ART_COLORS[color];
  return svg(
    160,
    [
      `<defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${base}"/></linearGradient></defs>`,
      `<ellipse cx="80" cy="146" rx="58" ry="8" fill="#000" opacity=".25"/>`,
      `<path d="M22 62 L80 80 L80 144 L22 124 Z" fill="url(#f)"/>`,
      `<path d="M80 80 L138 62 L138 124 L80 144 Z" fill="${dark}"/>`,
      `<path d="M16 48 L80 30 L144 48 L80 68 Z" fill="${light}"/>`,
      `<path d="M16 48 L80 68 L80 82 L16 62 Z" fill="${base}"/>`,
      `<path d="M80 68 L144 48 L144 62 L80 82 Z" fill="${dark}"/>`,
      `<path d="M44 39 L108 57 L108 71 L44 53 Z" fill="#fff" opacity=".85"/>`,
      `<path d="M48 53 L48 133 L60 137 L60 57 Z" fill="#fff" opacity=".8"/>`,
      `<path d="M80 12 l5 10 11 1.5 -8 7.5 2 11 -10 -5.5 -10 5.5 2 -11 -8 -7.5 11 -1.5 Z" fill="#fff" stroke="${dark}" stroke-width="2"/>`,
    ].join('\n'),
  );
}

const ICON_BODIES: Record<PrizeIcon, string> = {
  cash: `<rect x="10" y="24" width="76" height="48" rx="6" fill="#30A46C"/><circle cx="48" cy="48" r="14" fill="#7DD3A8"/><text x="48" y="55" text-anchor="middle" font-family="Verdana, sans-serif" font-size="18" font-weight="700" fill="#15603C">$</text>`,
  'free-spins': `<circle cx="48" cy="48" r="36" fill="#3E63DD"/><circle cx="48" cy="48" r="26" fill="none" stroke="#fff" stroke-width="6" stroke-dasharray="14 8"/><path d="M48 22 l8 14 h-16 Z" fill="#F5D90A"/><circle cx="48" cy="48" r="8" fill="#F5D90A"/>`,
  'gift-card': `<rect x="12" y="26" width="72" height="46" rx="6" fill="#D6409F"/><rect x="42" y="26" width="10" height="46" fill="#F19CCF"/><path d="M47 26 c-10 -14 -22 -4 -10 0 M47 26 c10 -14 22 -4 10 0" stroke="#F19CCF" stroke-width="4" fill="none"/>`,
  shirt: `<path d="M30 18 L18 26 L8 42 L20 48 L26 40 L26 80 L70 80 L70 40 L76 48 L88 42 L78 26 L66 18 C62 26 34 26 30 18 Z" fill="#F5D90A" stroke="#30A46C" stroke-width="4"/>`,
  headphones: `<path d="M20 58 V46 a28 28 0 0 1 56 0 V58" fill="none" stroke="#2B2B2B" stroke-width="7"/><rect x="12" y="52" width="18" height="26" rx="6" fill="#3E63DD"/><rect x="66" y="52" width="18" height="26" rx="6" fill="#3E63DD"/>`,
  speaker: `<rect x="16" y="30" width="64" height="36" rx="18" fill="#E5484D"/><circle cx="34" cy="48" r="10" fill="#9B1C20"/><circle cx="62" cy="48" r="10" fill="#9B1C20"/>`,
  watch: `<rect x="36" y="10" width="24" height="76" rx="6" fill="#2B2B2B"/><rect x="26" y="28" width="44" height="40" rx="10" fill="#6F6F6F"/><rect x="31" y="33" width="34" height="30" rx="6" fill="#1F2D7A"/><path d="M48 40 V48 H56" stroke="#8DA4EF" stroke-width="3" fill="none"/>`,
  sneakers: `<path d="M10 62 C10 46 30 44 38 34 L52 42 C60 48 76 50 86 56 L86 70 L10 70 Z" fill="#E5484D"/><rect x="8" y="70" width="80" height="8" rx="3" fill="#2B2B2B"/><path d="M40 42 l6 4 M46 38 l6 4" stroke="#fff" stroke-width="3"/>`,
  console: `<path d="M14 40 C14 30 24 28 32 30 H64 C72 28 82 30 82 40 L86 64 C88 74 76 78 70 68 L64 60 H32 L26 68 C20 78 8 74 10 64 Z" fill="#2B2B2B"/><circle cx="64" cy="44" r="4" fill="#E5484D"/><circle cx="72" cy="50" r="4" fill="#3E63DD"/><path d="M28 46 h12 M34 40 v12" stroke="#fff" stroke-width="4"/>`,
  drone: `<rect x="34" y="40" width="28" height="16" rx="6" fill="#6F6F6F"/><path d="M34 44 L18 30 M62 44 L78 30 M34 52 L18 66 M62 52 L78 66" stroke="#2B2B2B" stroke-width="4"/><g fill="#8DA4EF"><ellipse cx="18" cy="28" rx="14" ry="3"/><ellipse cx="78" cy="28" rx="14" ry="3"/><ellipse cx="18" cy="68" rx="14" ry="3"/><ellipse cx="78" cy="68" rx="14" ry="3"/></g>`,
  camera: `<rect x="12" y="30" width="72" height="44" rx="8" fill="#2B2B2B"/><rect x="28" y="22" width="20" height="10" rx="2" fill="#2B2B2B"/><circle cx="52" cy="52" r="14" fill="#6F6F6F"/><circle cx="52" cy="52" r="8" fill="#1F2D7A"/>`,
  tv: `<rect x="8" y="16" width="80" height="52" rx="4" fill="#2B2B2B"/><rect x="13" y="21" width="70" height="42" fill="#3E63DD"/><path d="M36 80 H60 M48 68 V80" stroke="#2B2B2B" stroke-width="5"/>`,
  tablet: `<rect x="18" y="10" width="60" height="76" rx="8" fill="#2B2B2B"/><rect x="23" y="16" width="50" height="62" rx="3" fill="#8DA4EF"/><circle cx="48" cy="82" r="2" fill="#6F6F6F"/>`,
  laptop: `<rect x="18" y="18" width="60" height="42" rx="4" fill="#6F6F6F"/><rect x="23" y="23" width="50" height="32" fill="#1F2D7A"/><path d="M8 64 H88 L82 74 H14 Z" fill="#2B2B2B"/>`,
  phone: `<rect x="28" y="8" width="40" height="80" rx="9" fill="#2B2B2B"/><rect x="32" y="16" width="32" height="62" rx="4" fill="#D6409F"/><rect x="42" y="11" width="12" height="3" rx="1.5" fill="#6F6F6F"/>`,
  bike: `<circle cx="24" cy="62" r="16" fill="none" stroke="#2B2B2B" stroke-width="5"/><circle cx="72" cy="62" r="16" fill="none" stroke="#2B2B2B" stroke-width="5"/><path d="M24 62 L40 36 H62 L72 62 M40 36 L50 62 L62 36 M36 30 H46" stroke="#30A46C" stroke-width="5" fill="none"/><rect x="42" y="42" width="10" height="12" rx="2" fill="#F5D90A"/>`,
  motorcycle: `<circle cx="22" cy="64" r="14" fill="none" stroke="#2B2B2B" stroke-width="6"/><circle cx="74" cy="64" r="14" fill="none" stroke="#2B2B2B" stroke-width="6"/><path d="M22 64 L38 44 H60 L74 64" stroke="#E5484D" stroke-width="6" fill="none"/><path d="M34 40 H58 L64 50 H30 Z" fill="#E5484D"/><path d="M62 34 L70 30" stroke="#2B2B2B" stroke-width="4"/>`,
};

/** A prize icon on a rounded tile. */
export function prizeSvg(icon: PrizeIcon): string {
  return svg(96, `<rect width="96" height="96" rx="18" fill="#F4F7F5"/>\n${ICON_BODIES[icon]}`);
}

/** Every file of the art folder: name → SVG text. */
export function boxArtFiles(colors: readonly BoxColor[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const color of colors) files.set(`box-${color}.svg`, boxSvg(color));
  for (const icon of PRIZE_ICONS) files.set(`prize-${icon}.svg`, prizeSvg(icon));
  return files;
}
