import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { verificationMachine } from '../../machines/documents/verification.machine';
import type { galleryMachine } from '../../machines/gallery/gallery.machine';
import type { ActorRefFrom, AnyActorLogic, AnyActorRef } from 'xstate';
import type { gameCatalogueMachine } from '../../machines/games/game-catalogue.machine';
import type { gamePageMachine } from '../../machines/games/game-page.machine';
import type { homeRowsMachine } from '../../machines/games/home-rows.machine';
import type { reactionsMachine } from '../../machines/games/reactions.machine';
import type { sportsLaunchMachine } from '../../machines/games/sports-launch.machine';
import type { pixMachine } from '../../machines/pix/pix.machine';
import type { contentPageMachine } from '../../machines/site/content-page.machine';
import type { transactionsMachine } from '../../machines/transactions/transactions.machine';
import type { withdrawalMachine } from '../../machines/withdrawal/withdrawal.machine';
import type { pushPermissionMachine } from '../../machines/push/push-permission.machine';
import type { chatMachine } from '../../machines/chat/chat.machine';
import type { notificationsMachine } from '../../machines/notifications/notifications.machine';
import type { popupQueueMachine } from '../../machines/notifications/popup-queue.machine';
import type { responsibleGamingMachine } from '../../machines/responsible-gaming/responsible-gaming.machine';
import type { selfExclusionMachine } from '../../machines/responsible-gaming/self-exclusion.machine';
import type { realityCheckMachine } from '../../machines/responsible-gaming/reality-check.machine';
import type { profileMachine } from '../../machines/profile/profile.machine';
import type { bonusListMachine } from '../../machines/bonus/bonus-list.machine';
import type { cashbackMachine } from '../../machines/bonus/cashback.machine';
import type { couponMachine } from '../../machines/bonus/coupon.machine';
import type { rankMachine } from '../../machines/bonus/rank.machine';
import type { promotionsMachine } from '../../machines/promotions/promotions.machine';
import type { missionsMachine } from '../../machines/missions/missions.machine';
import type { accessDataMachine } from '../../machines/access-data/access-data.machine';
import type { personalDataMachine } from '../../machines/personal-data/personal-data.machine';
import type { betsHistoryMachine } from '../../machines/bets-history/bets-history.machine';
import type { installPromptMachine } from '../../machines/install/install-prompt.machine';
import type { buildWatchMachine } from '../../machines/build-watch/build-watch.machine';
import type { boxPageMachine } from '../../machines/boxes/box-page.machine';
import type { cratesMachine } from '../../machines/boxes/crates.machine';
import type { inventoryMachine } from '../../machines/boxes/inventory.machine';
import type { AppRuntime } from './app-runtime';
import type { BetsFeedRef, ConnectionRef } from './live';
import type { LoginModalRef } from './session';
import type { AppServices } from './services';

/** The app's root actor, its long-lived children and the services, for the route elements of src/app. */
export interface AppContextValue extends Omit<AppRuntime, 'stop'> {
  services: AppServices;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp must be used inside <AppContext.Provider>');
  return value;
}

/** The root's children that come and go with its states (spec §4 Real-time; the wallet's flows). */
export interface DynamicChildren {
  /** Document verification of /user/edit/verification. */
  verification: ActorRefFrom<typeof verificationMachine>;
  connection: ConnectionRef;
  /** The login modal, once its code is fetched (the first time it must open; then for the page's life). */
  loginModal: LoginModalRef;
  /** The live bets feed, once its code is fetched (then for the page's life). */
  betsFeed: BetsFeedRef;
  pix: ActorRefFrom<typeof pixMachine>;
  withdrawal: ActorRefFrom<typeof withdrawalMachine>;
  contentPage: ActorRefFrom<typeof contentPageMachine>;
  transactions: ActorRefFrom<typeof transactionsMachine>;
  homeRows: ActorRefFrom<typeof homeRowsMachine>;
  catalogue: ActorRefFrom<typeof gameCatalogueMachine>;
  gamePage: ActorRefFrom<typeof gamePageMachine>;
  sports: ActorRefFrom<typeof sportsLaunchMachine>;
  reactions: ActorRefFrom<typeof reactionsMachine>;
  push: ActorRefFrom<typeof pushPermissionMachine>;
  /** The global chat, once first opened (then for the page's life). */
  chat: ActorRefFrom<typeof chatMachine>;
  /** The signed-in player's notification centre and pop-up queue. */
  notifications: ActorRefFrom<typeof notificationsMachine>;
  popups: ActorRefFrom<typeof popupQueueMachine>;
  /** /responsible-gambling's flows and the signed-in player's reality check. */
  responsibleGaming: ActorRefFrom<typeof responsibleGamingMachine>;
  selfExclusion: ActorRefFrom<typeof selfExclusionMachine>;
  realityCheck: ActorRefFrom<typeof realityCheckMachine>;
  /** /bonus's flows. */
  coupon: ActorRefFrom<typeof couponMachine>;
  couponList: ActorRefFrom<typeof bonusListMachine>;
  cashback: ActorRefFrom<typeof cashbackMachine>;
  activeBonuses: ActorRefFrom<typeof bonusListMachine>;
  /** /ranking's flow: the levels and the player's standing. */
  rank: ActorRefFrom<typeof rankMachine>;
  /** /promotions's flow. */
  promotions: ActorRefFrom<typeof promotionsMachine>;
  /** The player's (or guest's) missions and their widgets. */
  missions: ActorRefFrom<typeof missionsMachine>;
  /** /user's profile flow. */
  profile: ActorRefFrom<typeof profileMachine>;
  /** /user/edit/access-data's flow. */
  accessData: ActorRefFrom<typeof accessDataMachine>;
  /** /user/edit/personal-data's and /user/edit/history-casino's flows. */
  personalData: ActorRefFrom<typeof personalDataMachine>;
  betsHistory: ActorRefFrom<typeof betsHistoryMachine>;
  /** /casino/crates, /casino/box/:name, and /account/boxes and /account/items (one flow). */
  crates: ActorRefFrom<typeof cratesMachine>;
  boxPage: ActorRefFrom<typeof boxPageMachine>;
  inventory: ActorRefFrom<typeof inventoryMachine>;
  /** /NewComponents' demo dialog and notices. */
  gallery: ActorRefFrom<typeof galleryMachine>;
  /** The install prompt, for the page's life once the page's tools are fetched. */
  installPrompt: ActorRefFrom<typeof installPromptMachine>;
  /** New builds, a replaced worker, stale chunks: the reload offer and why a reload waits. */
  buildWatch: ActorRefFrom<typeof buildWatchMachine>;
}

/** A child of the root that runs only in some of its states: null while it does not. */
export function useAppChild<K extends keyof DynamicChildren>(id: K): DynamicChildren[K] | null {
  const { app } = useApp();
  return useSelector(
    app,
    (s) => ((s.children as Record<string, AnyActorRef | undefined>)[id] ?? null) as DynamicChildren[K] | null,
  );
}

/**
 * A child of the root by its systemId, typed by its logic, null while it does not run: a page's flow needs no entry
 * in DynamicChildren (docs/adding-a-page.md).
 */
export function useFlow<TLogic extends AnyActorLogic>(id: string): ActorRefFrom<TLogic> | null {
  const { app } = useApp();
  return useSelector(
    app,
    (s) => ((s.children as Record<string, AnyActorRef | undefined>)[id] ?? null) as ActorRefFrom<TLogic> | null,
  );
}
