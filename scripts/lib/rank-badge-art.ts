/**
 * Original rank medal art (§2.3 `/assets/images/ranks/{level}.webp`): one SVG per seeded ranking level,
 * drawn here from shapes and gradients (no downloads, no third-party art). Each tier has its own metal and medal
 * shape: bronze disc, silver scalloped disc, gold star-burst, platinum shield, diamond cut gem, elite crowned medal.
 * scripts/rank-badges.ts rasterises them to WebP in Chromium.
 */

export interface Metal {
  light: string;
  mid: string;
  dark: string;
  /** Ribbon colours (left, right). */
  ribbon: [string, string];
  /** The face's emblem colour. */
  ink: string;
}

export const METALS: Record<number, Metal> = {
  1: { light: '#ffd9a8', mid: '#c7803f', dark: '#6e3a12', ribbon: ['#b3262e', '#e04a3f'], ink: '#5a2c0c' },
  2: { light: '#ffffff', mid: '#c3ccd6', dark: '#5c6878', ribbon: ['#1f4fa8', '#3b7be0'], ink: '#3f4a58' },
  3: { light: '#fff6c2', mid: '#f0bf2c', dark: '#8a5a00', ribbon: ['#0f7a44', '#20a862'], ink: '#6b4500' },
  4: { light: '#f2fbff', mid: '#9fc4da', dark: '#3b5b72', ribbon: ['#5b2a9e', '#8248d8'], ink: '#2c4658' },
  5: { light: '#eafcff', mid: '#6fd8f4', dark: '#0f5d86', ribbon: ['#0b7c8a', '#15b3c4'], ink: '#0b4a6b' },
  6: { light: '#ffeeb0', mid: '#e0a823', dark: '#6b4300', ribbon: ['#1a1026', '#3d2360'], ink: '#ffe9a0' },
};

const C = 128;

const polar = (r: number, angle: number): [number, number] => [
  C + r * Math.cos(angle - Math.PI / 2),
  C + r * Math.sin(angle - Math.PI / 2),
];
const points = (list: [number, number][]) => list.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(' ');

/** A star or burst: `count` spikes between radii `outer` and `inner`. */
function burst(count: number, outer: number, inner: number): string {
  const list: [number, number][] = [];
  for (let i = 0; i < count * 2; i++) list.push(polar(i % 2 === 0 ? outer : inner, (Math.PI * i) / count));
  return points(list);
}

/** A scalloped disc outline (bumps around a circle). */
function scallop(count: number, r: number, bump: number): string {
  let d = '';
  for (let i = 0; i <= count * 8; i++) {
    const a = (2 * Math.PI * i) / (count * 8);
    const rr = r + bump * Math.abs(Math.cos((count * a) / 2));
    const [x, y] = polar(rr, a);
    d += `${i === 0 ? 'M' : 'L'}${x.toFixed(2)},${y.toFixed(2)}`;
  }
  return `${d}Z`;
}

function polygon(count: number, r: number, rotate = 0): string {
  const list: [number, number][] = [];
  for (let i = 0; i < count; i++) list.push(polar(r, rotate + (2 * Math.PI * i) / count));
  return points(list);
}

/** A laurel branch of leaves along an arc (one side; mirrored for the other). */
function laurel(metal: Metal, side: 1 | -1, radius: number): string {
  const leaves: string[] = [];
  for (let i = 0; i < 6; i++) {
    // From near the bottom up the side, each leaf leaning along the branch.
    const a = Math.PI * (0.9 - i * 0.085) * side;
    const [x, y] = polar(radius, a);
    const deg = (a * 180) / Math.PI + 90 * side + 35 * side;
    leaves.push(
      `<ellipse cx="${x.toFixed(2)}" cy="${y.toFixed(2)}" rx="5.5" ry="12" transform="rotate(${deg.toFixed(1)} ${x.toFixed(2)} ${y.toFixed(2)})" fill="url(#rim)" stroke="${metal.dark}" stroke-width="1.2"/>`,
    );
  }
  return leaves.join('');
}

function defs(id: number, metal: Metal): string {
  return `<defs>
  <linearGradient id="rim" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${metal.light}"/><stop offset="0.45" stop-color="${metal.mid}"/><stop offset="1" stop-color="${metal.dark}"/>
  </linearGradient>
  <radialGradient id="face" cx="0.38" cy="0.32" r="0.8">
    <stop offset="0" stop-color="${id === 6 ? '#5b3a8c' : metal.light}"/><stop offset="0.55" stop-color="${id === 6 ? '#2a1747' : metal.mid}"/><stop offset="1" stop-color="${id === 6 ? '#120a1f' : metal.dark}"/>
  </radialGradient>
  <linearGradient id="shine" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.65"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
  </linearGradient>
  <linearGradient id="ribbonL" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${metal.ribbon[0]}"/><stop offset="1" stop-color="${metal.ribbon[1]}"/></linearGradient>
  <linearGradient id="ribbonR" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${metal.ribbon[1]}"/><stop offset="1" stop-color="${metal.ribbon[0]}"/></linearGradient>
  <filter id="drop" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="4" stdDeviation="4" flood-color="#000" flood-opacity="0.45"/></filter>
  <filter id="emboss"><feDropShadow dx="0" dy="2" stdDeviation="0.6" flood-color="#000" flood-opacity="0.45"/></filter>
</defs>`;
}

/** Two ribbon tails behind the medal. */
function ribbons(): string {
  return `<g filter="url(#drop)">
  <path d="M86 150 L64 236 L86 222 L104 240 L120 160 Z" fill="url(#ribbonL)"/>
  <path d="M170 150 L192 236 L170 222 L152 240 L136 160 Z" fill="url(#ribbonR)"/>
  <path d="M86 150 L64 236 L75 229 L96 152 Z" fill="#000" opacity="0.18"/>
  <path d="M170 150 L192 236 L181 229 L160 152 Z" fill="#fff" opacity="0.12"/>
</g>`;
}

function numeral(level: number, metal: Metal, y = 146, size = 64): string {
  return `<text x="${C}" y="${y}" text-anchor="middle" font-family="'Liberation Sans', Arial, sans-serif" font-weight="700" font-size="${size}" fill="${metal.ink}" filter="url(#emboss)">${level}</text>`;
}

/** The medal body of each tier (outline, face, emblem), centred at 128,112-ish. */
function body(level: number, metal: Metal): string {
  const stroke = `stroke="${metal.dark}" stroke-width="2"`;
  switch (level) {
    case 1:
      return `<g filter="url(#drop)">
  <circle cx="${C}" cy="${C}" r="84" fill="url(#rim)" ${stroke}/>
  <circle cx="${C}" cy="${C}" r="66" fill="url(#face)" ${stroke}/>
  <circle cx="${C}" cy="${C}" r="60" fill="none" stroke="${metal.light}" stroke-opacity="0.55" stroke-width="2" stroke-dasharray="3 5"/>
  <polygon points="${burst(5, 26, 11).replace(/([\d.]+),([\d.]+)/g, (_, x: string, y: string) => `${x},${(Number(y) - 34).toFixed(2)}`)}" fill="${metal.light}" opacity="0.9"/>
  ${numeral(level, metal, 160, 58)}
</g>`;
    case 2:
      return `<g filter="url(#drop)">
  <path d="${scallop(16, 80, 8)}" fill="url(#rim)" ${stroke}/>
  <circle cx="${C}" cy="${C}" r="64" fill="url(#face)" ${stroke}/>
  <circle cx="${C}" cy="${C}" r="56" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="2"/>
  <polygon points="${burst(5, 20, 8).replace(/([\d.]+),([\d.]+)/g, (_, x: string, y: string) => `${(Number(x) - 26).toFixed(2)},${(Number(y) - 36).toFixed(2)}`)}" fill="#fff" opacity="0.9"/>
  <polygon points="${burst(5, 20, 8).replace(/([\d.]+),([\d.]+)/g, (_, x: string, y: string) => `${(Number(x) + 26).toFixed(2)},${(Number(y) - 36).toFixed(2)}`)}" fill="#fff" opacity="0.9"/>
  ${numeral(level, metal, 164, 60)}
</g>`;
    case 3:
      return `<g filter="url(#drop)">
  <polygon points="${burst(12, 96, 74)}" fill="url(#rim)" ${stroke} stroke-linejoin="round"/>
  <circle cx="${C}" cy="${C}" r="64" fill="url(#face)" ${stroke}/>
  ${laurel(metal, 1, 52)}${laurel(metal, -1, 52)}
  <polygon points="${burst(5, 18, 7).replace(/([\d.]+),([\d.]+)/g, (_, x: string, y: string) => `${x},${(Number(y) - 38).toFixed(2)}`)}" fill="${metal.light}"/>
  ${numeral(level, metal, 156, 56)}
</g>`;
    case 4:
      return `<g filter="url(#drop)">
  <path d="M128 30 L206 58 L200 142 C194 184 162 208 128 226 C94 208 62 184 56 142 L50 58 Z" fill="url(#rim)" ${stroke} stroke-linejoin="round"/>
  <path d="M128 46 L192 69 L187 140 C182 174 156 194 128 209 C100 194 74 174 69 140 L64 69 Z" fill="url(#face)" ${stroke} stroke-linejoin="round"/>
  ${laurel(metal, 1, 58)}${laurel(metal, -1, 58)}
  <polygon points="${burst(4, 16, 5).replace(/([\d.]+),([\d.]+)/g, (_, x: string, y: string) => `${x},${(Number(y) - 46).toFixed(2)}`)}" fill="#ffffff"/>
  ${numeral(level, metal, 162, 62)}
</g>`;
    case 5:
      return `<g filter="url(#drop)">
  <polygon points="${polygon(8, 92, Math.PI / 8)}" fill="url(#rim)" ${stroke} stroke-linejoin="round"/>
  <polygon points="128,52 180,86 160,92 128,78 96,92 76,86" fill="${metal.light}" opacity="0.55"/>
  <polygon points="${polygon(8, 70, Math.PI / 8)}" fill="url(#face)" ${stroke} stroke-linejoin="round"/>
  <g stroke="#ffffff" stroke-opacity="0.45" stroke-width="1.5">
    <line x1="128" y1="58" x2="128" y2="198"/><line x1="58" y1="128" x2="198" y2="128"/>
    <line x1="79" y1="79" x2="177" y2="177"/><line x1="177" y1="79" x2="79" y2="177"/>
  </g>
  <polygon points="128,66 146,88 128,110 110,88" fill="#ffffff" opacity="0.85"/>
  ${numeral(level, metal, 172, 58)}
</g>`;
    default:
      return `<g filter="url(#drop)">
  <polygon points="${burst(16, 98, 82)}" fill="url(#rim)" ${stroke} stroke-linejoin="round"/>
  <circle cx="${C}" cy="${C}" r="72" fill="url(#rim)" ${stroke}/>
  <circle cx="${C}" cy="${C}" r="62" fill="url(#face)" ${stroke}/>
  ${laurel(metal, 1, 50)}${laurel(metal, -1, 50)}
  <path d="M94 96 L102 62 L116 82 L128 54 L140 82 L154 62 L162 96 Z" fill="url(#rim)" stroke="${metal.dark}" stroke-width="2" stroke-linejoin="round"/>
  <circle cx="102" cy="60" r="4" fill="#e0457b"/><circle cx="128" cy="52" r="5" fill="#45c6e0"/><circle cx="154" cy="60" r="4" fill="#e0457b"/>
  ${numeral(level, metal, 166, 54)}
</g>`;
  }
}

/** The medal of a level as an SVG document (256×256). Levels above 6 reuse the elite medal with their number. */
export function rankBadgeSvg(level: number): string {
  const metal = METALS[Math.min(Math.max(level, 1), 6)] as Metal;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
${defs(level >= 6 ? 6 : level, metal)}
${ribbons()}
${body(Math.min(level, 6), metal)}
<ellipse cx="104" cy="78" rx="46" ry="22" transform="rotate(-28 104 78)" fill="url(#shine)" opacity="0.55"/>
</svg>`;
}
