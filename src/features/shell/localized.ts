import { localizePath, type Locale } from '../../i18n/locale';

/** A plain path with an optional query (`/sports?view=live`) in `locale`. */
export function localizeTo(to: string, locale: Locale): string {
  const index = to.search(/[?#]/);
  const path = index < 0 ? to : to.slice(0, index);
  const rest = index < 0 ? '' : to.slice(index);
  return `${localizePath(path, locale)}${rest}`;
}
