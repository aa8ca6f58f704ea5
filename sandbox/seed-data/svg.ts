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
