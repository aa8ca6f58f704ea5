import type { SnapshotFrom } from 'xstate';
import type { appMachine } from './app.machine';

type Locale = 'pt' | 'en';

/** What the header's language switch shows (§2.2): the language it switches to, and whether a switch is under way. */
export interface LanguageSwitchViewModel {
  /** The language the page is in, or being switched to. */
  current: Locale;
  /** The language a tap asks for: the other one. */
  next: Locale;
  /** A switch is under way (the address does not show its language yet): the button says so (aria-busy). */
  switching: boolean;
}

export function connectLanguageSwitch(snapshot: SnapshotFrom<typeof appMachine>): LanguageSwitchViewModel {
  const current = snapshot.context.localeTarget ?? snapshot.context.route?.locale ?? 'pt';
  return {
    current,
    next: current === 'pt' ? 'en' : 'pt',
    switching: snapshot.matches({ language: 'switching' }),
  };
}

export function sameLanguageSwitch(a: LanguageSwitchViewModel, b: LanguageSwitchViewModel): boolean {
  return a.current === b.current && a.switching === b.switching;
}
