/**
 * The page's tools, in a chunk of their own fetched once the first screen is done: the
 * new-build watch (latest.json, the page's events, the guarded reload), the install prompt's flow and the tag
 * manager's watch. Each first takes what src/app/page-events.ts kept for it from before.
 */
import type { PageTools } from '../../machines/app/app.machine';
import { browserPage, createBuildWatch } from './build-watch';
import { installPromptLogic } from './install';
import type { PageEvents } from './page-events';
import { tagManagerLogic } from './tag-manager-watch';

export interface PageToolsOptions {
  events: PageEvents;
  /** A reload during a navigation (its route's chunk is stale) loads the address the player was going to. */
  reload: () => void;
}

export function createPageTools({ events, reload }: PageToolsOptions): PageTools {
  const buildWatch = createBuildWatch({ ...browserPage(), reload, takeEarly: () => events.takeBuildEvents() });
  return {
    buildWatch: buildWatch.logic,
    buildWatchInput: buildWatch.input,
    installPrompt: installPromptLogic(window, () => events.takeInstallEvents()),
    tagManager: tagManagerLogic(),
  };
}
