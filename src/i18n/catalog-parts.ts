/**
 * The catalogues are split (the first load carries only what its screens say). The core (the shell, home,
 * errors, toasts, the age gate, every route's title) ships with the entry in Portuguese and is fetched with the
 * language otherwise; each part below is fetched with the lazy chunk whose screens use it (`withMessages` in
 * ./i18n-provider.tsx), so react-intl has it before they render.
 *
 * A message id belongs to the first part whose pattern matches, else to the core. The build splits both
 * catalogues with this function (scripts/lib/vite-precompile-messages.ts); tests and tools read the whole JSON.
 */
export const CATALOG_PARTS = {
  /** The login modal's forms and the self-exclusion dialog (the header's account area and the age gate stay core). */
  forms: /^session\.(?!account\.|age_gate\.)/,
  /** The wallet and the money history. */
  wallet: /^wallet\./,
  /** The game page and the sportsbook (casino.game.*, casino.sports.*). */
  game: /^casino\.(game|sports)\./,
  /** The lobby's (search, filters, counts); the tiles and rows the home page shows stay core. */
  casino: /^casino\.(?!tile\.|row\.)/,
  /** The error pages' texts (their chunk is fetched when one is shown); the not-found title names the document. */
  errors: /^errors\.(?!not_found\.title$)/,
  /** The placeholder pages' lead texts (their titles name the document on every route: core). */
  pages: /^shell\.page\.[^.]+\.description$/,
  /** The global chat panel (its header button's label is `shell.chat.*`: core). */
  chat: /^chat\./,
  /** The web push offer and §8's push texts (their chunk comes when a player signs in). */
  push: /^push\./,
  /** The notification bell, centre and pop-ups (their chunk comes when a player signs in). */
  notifications: /^notifications\./,
  /** Responsible gaming: the limits and self-exclusion page, and the reality check (its chunk comes at sign-in). */
  rg: /^rg\./,
  /** The player's profile (/user); the account area's sub-navigation (`profile.nav.*`) is on every /user page: core. */
  profile: /^profile\.(?!nav\.)/,
  /** Document verification (/user/edit/verification). */
  verification: /^verification\./,
  /** The demo pages (§2.2 /animation, /NewComponents, /messaging-2): the design-system gallery and the demos. */
  demo: /^(gallery|demo)\./,
  /** The install pages (/install, /install-two, /ios) and their modal. */
  install: /^install\./,
  /** Rewards: coupons, cashback, ranking and missions (/bonus, /rewards, /ranking, the mission widgets). */
  rewards: /^(bonus|missions|cashback|ranking|refers|promotions)\./,
  /** Boxes and prizes: the crates, a box page with its reel, the player's boxes and items. */
  boxes: /^boxes\./,
  /** The QA recorder's overlay: fetched with its chunk, only when recording is on. */
  qa: /^qa\./,
} as const;

export type CatalogPart = keyof typeof CATALOG_PARTS;

/**
 * Messages no screen of the app says, left out of the core and every part: the service worker's offline page
 * (`offline.*`), written from the catalogues into the build by scripts/lib/vite-offline-page.ts.
 */
export const NOT_IN_APP = /^offline\./;

/** The part a message id ships in; null: the core. */
export function catalogPartOf(id: string): CatalogPart | null {
  for (const [part, pattern] of Object.entries(CATALOG_PARTS) as Array<[CatalogPart, RegExp]>) {
    if (pattern.test(id)) return part;
  }
  return null;
}
