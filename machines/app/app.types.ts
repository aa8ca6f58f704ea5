/**
 * Types of the app's root machine (ARCHITECTURE.md "One actor tree"): the inputs of the long-lived flows it
 * invokes, the realtime settings it derives from the site, and the events it routes between flows.
 */
import type { LoginModalInput } from '../login-modal/login-modal.types';
import type { SessionInput } from '../session/session.types';
import type { SiteInput } from '../site/site.types';
import type { ToastQueueInput } from '../toast/toast.types';

/** What the live connection needs from the site config (§3 Site config: casino_id, realtime). */
export interface LiveSettings {
  casinoId: number;
  key: string;
  wsHost: string | undefined;
  wsPort: number | undefined;
}

/** The page the app runs on (for the §7 host rules) and where channels are authorised. */
export interface AppPage {
  hostname: string;
  protocol: string;
  apiBaseUrl: string;
}

export interface AppInput {
  page: AppPage;
  site: SiteInput;
  session: SessionInput;
  loginModal: LoginModalInput;
  toastQueue?: ToastQueueInput;
}

export interface AppContext {
  /** The realtime settings the connection runs with; null while waiting for a ready site. */
  live: LiveSettings | null;
  page: AppPage;
  /** The flows' inputs, as the app was started (no token, password or CPF: see each input type). */
  inputs: AppInput;
}

export type AppEvent =
  /** From the site watch: the realtime settings of the ready site, or null (not ready, no realtime). */
  | { type: 'app.liveSettings'; settings: LiveSettings | null }
  /** The session's announcements (§4 Session), handed over by the session watch. */
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' }
  | { type: 'session.selfExcluded' }
  | { type: 'session.navigateHome' }
  | { type: 'connection.credentialsChanged' };

/** What React follows: the router is not a machine. */
export type AppEmitted = { type: 'app.navigate'; to: 'home' };
