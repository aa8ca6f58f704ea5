export type IconName =
  | 'casino'
  | 'sports'
  | 'crates'
  | 'promotions'
  | 'ranking'
  | 'live'
  | 'soon'
  | 'esports'
  | 'leagues'
  | 'news'
  | 'vip'
  | 'support'
  | 'deposit'
  | 'withdraw'
  | 'menu'
  | 'user'
  | 'games'
  | 'providers'
  | 'bonus'
  | 'refer'
  | 'chat';

/** Simple 24 px line icons (stroke in currentColor), decorative: the label names the link. */
const PATHS: Record<IconName, string> = {
  casino: 'M4 4h16v16H4z M8.5 8.5h.01 M15.5 8.5h.01 M12 12h.01 M8.5 15.5h.01 M15.5 15.5h.01',
  games: 'M4 4h7v7H4z M13 4h7v7h-7z M4 13h7v7H4z M13 13h7v7h-7z',
  sports:
    'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18 M12 3v18 M3 12h18 M5.6 5.6c3.5 3 9.3 3 12.8 0 M5.6 18.4c3.5-3 9.3-3 12.8 0',
  crates: 'M3 8l9-5 9 5v8l-9 5-9-5z M3 8l9 5 9-5 M12 13v8',
  promotions: 'M20 12v8H4v-8 M2 7h20v5H2z M12 20V7 M12 7C10 3 6 3 6 5.5S10 7 12 7c2 0 6-.5 6-1.5S14 3 12 7',
  ranking: 'M8 21h8 M12 17v4 M7 4h10v5a5 5 0 0 1-10 0z M7 6H4a3 3 0 0 0 3 4 M17 6h3a3 3 0 0 1-3 4',
  live: 'M12 12h.01 M8.5 8.5a5 5 0 0 0 0 7 M15.5 8.5a5 5 0 0 1 0 7 M5.6 5.6a9 9 0 0 0 0 12.8 M18.4 5.6a9 9 0 0 1 0 12.8',
  soon: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18 M12 7v5l3 3',
  esports: 'M6 9h12a4 4 0 0 1 0 8c-2 0-3-2-6-2s-4 2-6 2a4 4 0 0 1 0-8z M8 11v4 M6 13h4 M16 12h.01 M18 14h.01',
  leagues: 'M12 3l2.6 5.5 6 .8-4.4 4.2 1.1 6-5.3-2.9-5.3 2.9 1.1-6L3.4 9.3l6-.8z',
  news: 'M4 5h13v14H6a2 2 0 0 1-2-2z M17 9h3v8a2 2 0 0 1-2 2 M8 9h5 M8 13h5',
  vip: 'M3 7l4 4 5-7 5 7 4-4-2 12H5z',
  support: 'M4 13v-1a8 8 0 0 1 16 0v1 M4 13h3v5H5a1 1 0 0 1-1-1z M20 13h-3v5h2a1 1 0 0 0 1-1z M17 18c0 2-2 3-5 3',
  deposit: 'M12 3v12 M7 10l5 5 5-5 M4 21h16',
  withdraw: 'M12 15V3 M7 8l5-5 5 5 M4 21h16',
  menu: 'M4 6h16 M4 12h16 M4 18h16',
  user: 'M12 3a4 4 0 1 0 0 8a4 4 0 1 0 0-8 M4 21a8 8 0 0 1 16 0',
  providers: 'M4 7h16v13H4z M8 7V4h8v3 M4 12h16',
  bonus: 'M12 3l2 4 4 .5-3 3 .8 4.5-3.8-2-3.8 2 .8-4.5-3-3 4-.5z M5 21h14',
  refer: 'M9 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8 M2 21a7 7 0 0 1 14 0 M19 8v6 M16 11h6',
  chat: 'M4 5h16v11H9l-5 4z M8 9h8 M8 12h5',
};

/** Every icon's name, in the order above (the design-system gallery draws them all). */
export const ICON_NAMES = Object.keys(PATHS) as IconName[];

export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
