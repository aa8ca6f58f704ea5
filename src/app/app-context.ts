import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { loadingBarMachine } from '../../machines/loading-bar/loading-bar.machine';
import type { shellUiMachine } from '../../machines/site/shell-ui.machine';
import type { siteMachine } from '../../machines/site/site.machine';
import type { BetsFeedRef, ConnectionRef } from './live';
import type { AppServices } from './services';
import type { LoginModalRef, SessionRef, SessionServices } from './session';

/** The app's root actors and services, for the route elements of src/app. */
export interface AppContextValue {
  services: AppServices;
  site: ActorRefFrom<typeof siteMachine>;
  shellUi: ActorRefFrom<typeof shellUiMachine>;
  loadingBar: ActorRefFrom<typeof loadingBarMachine>;
  /**
   * The live connection (spec §4 Real-time), created once the site is ready; null before that and when the app
   * runs without live updates. Token changes: `services.live?.credentialsChanged()` (works at any time).
   */
  connection: ConnectionRef | null;
  /** The live bets feed of the brand's public channel (§4 Bets feed). */
  betsFeed: BetsFeedRef;
  /** The player's session (spec §4 Session) and its services (drop, form helpers). */
  session: SessionRef;
  sessionServices: SessionServices;
  /** The login modal and age gate (spec §2.3). */
  loginModal: LoginModalRef;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp must be used inside <AppContext.Provider>');
  return value;
}
