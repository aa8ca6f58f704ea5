import { escapeHtml } from '../html';

/** Offline placeholder artwork as SVG data URLs (logos, banners, game tiles, icons). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg.replace(/\s*\n\s*/g, ' ').trim())}`;
}

const FONT = 'font-family="Verdana, Arial, sans-serif"';

/** A wordmark logo: a round emblem and the brand name. */
export function logo(name: string, emblem: string, text: string, accent: string, width = 200, height = 48): string {
  const r = height / 2 - 4;
  return svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <circle cx="${height / 2}" cy="${height / 2}" r="${r}" fill="${emblem}"/>
    <path d="M${height / 2 - r / 2} ${height / 2 + r / 3} L${height / 2} ${height / 2 - r / 2} L${height / 2 + r / 2} ${height / 2 + r / 3} Z" fill="${accent}"/>
    <text x="${height + 6}" y="${height / 2 + 7}" ${FONT} font-size="20" font-weight="700" fill="${text}">${escapeHtml(name)}</text>
  </svg>`);
}

/** A square favicon / icon with one or two letters. */
export function badge(letters: string, background: string, foreground: string, size = 64): string {
  return svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
    <rect width="64" height="64" rx="14" fill="${background}"/>
    <text x="32" y="42" text-anchor="middle" ${FONT} font-size="26" font-weight="700" fill="${foreground}">${escapeHtml(letters)}</text>
  </svg>`);
}

/** A wide promotional banner with a gradient, a title and a subtitle. */
export function banner(
  title: string,
  subtitle: string,
  from: string,
  to: string,
  text: string,
  mobile = false,
): string {
  const [w, h] = mobile ? [640, 360] : [1200, 400];
  return svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>
    <text x="${w * 0.06}" y="${h * 0.45}" ${FONT} font-size="${mobile ? 36 : 56}" font-weight="700" fill="${text}">${escapeHtml(title)}</text>
    <text x="${w * 0.06}" y="${h * 0.62}" ${FONT} font-size="${mobile ? 20 : 28}" fill="${text}" opacity="0.85">${escapeHtml(subtitle)}</text>
  </svg>`);
}

/** A portrait game tile (3:4) with its title. */
export function tile(title: string, background: string, foreground: string): string {
  return svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">
    <rect width="300" height="400" rx="18" fill="${background}"/>
    <circle cx="150" cy="160" r="70" fill="${foreground}" opacity="0.18"/>
    <text x="150" y="330" text-anchor="middle" ${FONT} font-size="22" font-weight="700" fill="${foreground}">${escapeHtml(title)}</text>
  </svg>`);
}

/** '#rrggbb' for an HSL colour (h in degrees, s and l in percent). */
export function hslHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const v = light - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The shapes a game tile's emblem is drawn from (chosen per game from its category). */
export const EMBLEMS = [
  'star',
  'gem',
  'coin',
  'crown',
  'sun',
  'heart',
  'seven',
  'rocket',
  'wheel',
  'dice',
  'balls',
] as const;
export type Emblem = (typeof EMBLEMS)[number];

const r1 = (n: number) => Math.round(n * 10) / 10;

/** A centred emblem (about 150 px wide) at (cx, cy); `n` varies it (points of a star, rotation, …). */
function emblemSvg(kind: Emblem, cx: number, cy: number, fill: string, ink: string, n: number): string {
  switch (kind) {
    case 'star': {
      const points = 5 + (n % 4);
      const outer = 62;
      const inner = outer * (0.42 + (n % 3) * 0.06);
      const pts = Array.from({ length: points * 2 }, (_, i) => {
        const radius = i % 2 === 0 ? outer : inner;
        const angle = (Math.PI * i) / points - Math.PI / 2;
        return `${r1(cx + radius * Math.cos(angle))},${r1(cy + radius * Math.sin(angle))}`;
      });
      return `<polygon points="${pts.join(' ')}" fill="${fill}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/>`;
    }
    case 'gem':
      return `<polygon points="${cx - 58},${cy - 18} ${cx - 30},${cy - 50} ${cx + 30},${cy - 50} ${cx + 58},${cy - 18} ${cx},${cy + 58}" fill="${fill}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/><path d="M${cx - 58} ${cy - 18}H${cx + 58}M${cx - 22} ${cy - 18}L${cx} ${cy + 58}L${cx + 22} ${cy - 18}" stroke="${ink}" stroke-width="2" fill="none" opacity=".6"/>`;
    case 'coin':
      return `<circle cx="${cx}" cy="${cy}" r="58" fill="${fill}" stroke="${ink}" stroke-width="4"/><circle cx="${cx}" cy="${cy}" r="44" fill="none" stroke="${ink}" stroke-width="2" stroke-dasharray="${4 + (n % 4)} 5"/><text x="${cx}" y="${cy + 16}" text-anchor="middle" ${FONT} font-size="46" font-weight="700" fill="${ink}">${n % 2 ? '$' : 'R$'}</text>`;
    case 'crown':
      return `<path d="M${cx - 60} ${cy + 34}L${cx - 66} ${cy - 36}L${cx - 28} ${cy - 2}L${cx} ${cy - 52}L${cx + 28} ${cy - 2}L${cx + 66} ${cy - 36}L${cx + 60} ${cy + 34}Z" fill="${fill}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/><rect x="${cx - 60}" y="${cy + 34}" width="120" height="16" rx="4" fill="${ink}"/>`;
    case 'sun':
      return `<circle cx="${cx}" cy="${cy}" r="64" fill="none" stroke="${fill}" stroke-width="18" stroke-dasharray="${6 + (n % 5)} 9"/><circle cx="${cx}" cy="${cy}" r="40" fill="${fill}" stroke="${ink}" stroke-width="3"/>`;
    case 'heart':
      return `<path d="M${cx} ${cy + 52}C${cx - 80} ${cy - 2} ${cx - 48} ${cy - 70} ${cx} ${cy - 28}C${cx + 48} ${cy - 70} ${cx + 80} ${cy - 2} ${cx} ${cy + 52}Z" fill="${fill}" stroke="${ink}" stroke-width="3"/>`;
    case 'seven':
      return `<text x="${cx}" y="${cy + 46}" text-anchor="middle" ${FONT} font-size="140" font-weight="700" fill="${fill}" stroke="${ink}" stroke-width="4">7</text>`;
    case 'rocket':
      return `<path d="M${cx} ${cy - 66}C${cx + 34} ${cy - 34} ${cx + 30} ${cy + 10} ${cx + 20} ${cy + 34}H${cx - 20}C${cx - 30} ${cy + 10} ${cx - 34} ${cy - 34} ${cx} ${cy - 66}Z" fill="${fill}" stroke="${ink}" stroke-width="3"/><circle cx="${cx}" cy="${cy - 14}" r="11" fill="${ink}"/><path d="M${cx - 14} ${cy + 40}L${cx} ${cy + 70}L${cx + 14} ${cy + 40}Z" fill="${ink}" opacity=".7"/>`;
    case 'wheel':
      return `<circle cx="${cx}" cy="${cy}" r="62" fill="${ink}"/><circle cx="${cx}" cy="${cy}" r="46" fill="none" stroke="${fill}" stroke-width="30" stroke-dasharray="${r1((2 * Math.PI * 46) / (12 + 2 * (n % 4)))}"/><circle cx="${cx}" cy="${cy}" r="14" fill="${fill}"/>`;
    case 'dice': {
      const pips = [
        [0, 0],
        [-22, -22],
        [22, 22],
        [-22, 22],
        [22, -22],
      ].slice(0, 2 + (n % 4));
      return `<rect x="${cx - 52}" y="${cy - 52}" width="104" height="104" rx="20" fill="${fill}" stroke="${ink}" stroke-width="3" transform="rotate(${(n % 5) * 6 - 12} ${cx} ${cy})"/>${pips.map(([dx = 0, dy = 0]) => `<circle cx="${cx + dx}" cy="${cy + dy}" r="9" fill="${ink}"/>`).join('')}`;
    }
    case 'balls':
      return [
        [-34, 18, 30],
        [34, 18, 30],
        [0, -36, 34],
      ]
        .map(
          ([dx = 0, dy = 0, r = 30], i) =>
            `<circle cx="${cx + dx}" cy="${cy + dy}" r="${r}" fill="${i === 2 ? fill : ink}" stroke="${i === 2 ? ink : fill}" stroke-width="3"/><text x="${cx + dx}" y="${cy + dy + 9}" text-anchor="middle" ${FONT} font-size="24" font-weight="700" fill="${i === 2 ? ink : fill}">${((n * (i + 3)) % 75) + 1}</text>`,
        )
        .join('');
  }
}

/** Splits a title into at most three lines of about `width` characters. */
export function wrapTitle(title: string, width = 14): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length <= 3 ? lines : [...lines.slice(0, 2), lines.slice(2).join(' ')];
}

export interface GameArtPalette {
  /** Frame and emblem ink (the brand's secondary colour). */
  accent: string;
  /** Title band (the brand's background colour). */
  band: string;
  /** Title text. */
  text: string;
}

export const NEUTRAL_PALETTE: GameArtPalette = { accent: '#FACC15', band: '#111827', text: '#FFFFFF' };

/**
 * A game tile (3:4, 300×400, or 225×300 for phones): a gradient in the game's own hue, a halo, an emblem drawn
 * from the game's category, a frame and title band in the brand's palette, the title and the provider. Plain
 * SVG text (no script, no external reference), 1–2 KB; every text is escaped.
 */
export function gameArt(game: {
  title: string;
  provider: string;
  hue: number;
  emblem: Emblem;
  variant: number;
  palette?: GameArtPalette;
  mobile?: boolean;
}): string {
  const { accent, band, text } = game.palette ?? NEUTRAL_PALETTE;
  const light = hslHex(game.hue, 70, 52);
  const dark = hslHex((game.hue + 30) % 360, 75, 16);
  const fill = hslHex((game.hue + 180) % 360, 80, 62);
  const lines = wrapTitle(game.title);
  const size = lines.some((l) => l.length > 12) ? 22 : 26;
  const top = 300 - (lines.length - 1) * (size + 4) * 0.5;
  const [w, h] = game.mobile ? [225, 300] : [300, 400];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 300 400"><defs><linearGradient id="g" x1="0" y1="0" x2="${game.variant % 2}" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient><radialGradient id="h"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><rect width="300" height="400" rx="18" fill="url(#g)"/><circle cx="150" cy="150" r="120" fill="url(#h)"/>${emblemSvg(game.emblem, 150, 150, fill, accent, game.variant)}<rect x="0" y="${top - size - 14}" width="300" height="${400 - top + size + 14}" fill="${band}" opacity=".78"/>${lines.map((line, i) => `<text x="150" y="${r1(top + i * (size + 4))}" text-anchor="middle" ${FONT} font-size="${size}" font-weight="700" fill="${text}">${escapeHtml(line)}</text>`).join('')}${game.mobile ? '' : `<text x="150" y="384" text-anchor="middle" ${FONT} font-size="13" fill="${text}" opacity=".75">${escapeHtml(game.provider)}</text>`}<rect x="4" y="4" width="292" height="392" rx="15" fill="none" stroke="${accent}" stroke-width="4"/></svg>`;
}

/** A provider's wordmark (240×64): an emblem in its colour, the first word bold in colour, the rest light. */
export function wordmark(name: string, color: string, emblem: Emblem, variant: number): string {
  const [first = name, ...rest] = name.split(/\s+/);
  const emblemScaled = `<g transform="translate(32 32) scale(.34) translate(-150 -150)">${emblemSvg(emblem, 150, 150, '#FFFFFF', color, variant)}</g>`;
  return svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64">
    <rect width="240" height="64" rx="12" fill="#0F172A"/>
    <rect x="8" y="8" width="48" height="48" rx="10" fill="${color}"/>${emblemScaled}
    <text x="66" y="${rest.length ? 30 : 40}" ${FONT} font-size="${first.length > 9 ? 18 : 22}" font-weight="700" letter-spacing=".5" fill="${color}">${escapeHtml(first)}</text>
    ${rest.length ? `<text x="66" y="50" ${FONT} font-size="13" letter-spacing="2.5" fill="#E2E8F0">${escapeHtml(rest.join(' ').toUpperCase())}</text>` : ''}
  </svg>`);
}
