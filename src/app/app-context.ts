import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { loadingBarMachine } from '../../machines/loading-bar/loading-bar.machine';
import type { shellUiMachine } from '../../machines/site/shell-ui.machine';
import type { siteMachine } from '../../machines/site/site.machine';
import type { AppServices } from './services';

/** The app's root actors and services, for the route elements of src/app. */
export interface AppContextValue {
  services: AppServices;
  site: ActorRefFrom<typeof siteMachine>;
  shellUi: ActorRefFrom<typeof shellUiMachine>;
  loadingBar: ActorRefFrom<typeof loadingBarMachine>;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp must be used inside <AppContext.Provider>');
  return value;
}
