/**
 * The text games are searched by (sandbox `games.search_text`, the app's highlighting): lower case, accents
 * removed (NFD, combining marks dropped), runs of whitespace as one space. "Fortúna do Faraó" → "fortuna do farao".
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
