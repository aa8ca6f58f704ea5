/**
 * The boxes pages' flows with their real calls (spec §7 Boxes and prizes), a chunk of their own fetched
 * with the page: /casino/crates, /casino/box/:name and the player's /account/boxes and /account/items.
 */
import { fromCallback, fromPromise, sendParent, type AnyActorLogic, type EventObject } from 'xstate';
import type { BoxesFlowKind } from '../../../machines/app/app.machine';
import { boxOpeningMachine, type VerifyInput } from '../../../machines/boxes/box-opening.machine';
import { boxPageMachine, type BoxPageInput } from '../../../machines/boxes/box-page.machine';
import { boxPurchaseMachine, type BuyRequest } from '../../../machines/boxes/box-purchase.machine';
import { boxSaleMachine } from '../../../machines/boxes/box-sale.machine';
import type {
  Box,
  BoxPageData,
  BoxPrize,
  Bought,
  Opened,
  SaleRequest,
  Sold,
} from '../../../machines/boxes/boxes.types';
import { cratesMachine } from '../../../machines/boxes/crates.machine';
import { inventoryMachine, type Inventory } from '../../../machines/boxes/inventory.machine';
import type { ChannelInput } from '../../../machines/realtime/channel.types';
import { verifyDraw } from '../../../shared/boxes-fair';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';
import type { LiveServices } from '../live';

type Locale = 'pt' | 'en';

export function createBoxesCalls(api: ApiClient) {
  const sell = fromPromise<Sold, SaleRequest>(async ({ input }) =>
    input.kind === 'box'
      ? { balance: (await unwrap(api.POST('/boxes/sell', { body: { id: input.id } }))).balance }
      : { balance: (await unwrap(api.POST('/prizes/sell', { body: { id: input.id } }))).balance },
  );
  return {
    loadBoxes: fromPromise<Box[], { locale: Locale }>(
      async ({ input, signal }) =>
        (await unwrap(api.GET('/boxes/all', { params: { query: { locale: input.locale } }, signal }))).data,
    ),
    loadBoxPage: fromPromise<BoxPageData, BoxPageInput>(async ({ input, signal }) => {
      const details = await unwrap(
        api.GET('/boxes/get/{id}/prizes', {
          params: { path: { id: input.name }, query: { locale: input.locale } },
          signal,
        }),
      );
      const owned = input.signedIn
        ? (await unwrap(api.GET('/boxes/user/get', { params: { query: { locale: input.locale } }, signal }))).data
        : [];
      return {
        box: details.box,
        prizes: details.prizes,
        fairness: details.fairness,
        owned: owned.filter((b) => b.box.id === details.box.id && b.status === 'owned'),
      };
    }),
    loadInventory: fromPromise<Inventory, { locale: Locale }>(async ({ input, signal }) => {
      const query = { params: { query: { locale: input.locale } }, signal };
      const [boxes, prizes] = await Promise.all([
        unwrap(api.GET('/boxes/user/get', query)),
        unwrap(api.GET('/prizes/user', query)),
      ]);
      return { boxes: boxes.data, prizes: prizes.data };
    }),
    buyBox: fromPromise<Bought, BuyRequest>(async ({ input }) => {
      const data = await unwrap(
        api.POST('/boxes/buy', {
          body: { box_id: input.boxId, ...(input.requestId ? { request_id: input.requestId } : {}) },
        }),
      );
      return { userBox: data.user_box, balance: data.balance };
    }),
    openBox: fromPromise<Opened, { userBoxId: number }>(async ({ input }) => {
      const data = await unwrap(api.POST('/boxes/open', { body: { box_id: input.userBoxId } }));
      return { userBox: data.user_box, prize: data.prize, fairness: data.fairness };
    }),
    sell,
    loadPrizes: fromPromise<BoxPrize[], { boxId: number; locale: Locale }>(
      async ({ input, signal }) =>
        (
          await unwrap(
            api.GET('/boxes/get/{id}/prizes', {
              params: { path: { id: String(input.boxId) }, query: { locale: input.locale } },
              signal,
            }),
          )
        ).prizes,
    ),
    /** The revealed draw re-computed here with Web Crypto (shared/boxes-fair.ts, the sandbox's own code). */
    verify: fromPromise<boolean, VerifyInput>(async ({ input }) => {
      if (!input.opened) return false;
      const { fairness, prize } = input.opened;
      const result = await verifyDraw(
        {
          serverSeed: fairness.server_seed,
          serverSeedHash: fairness.server_seed_hash,
          clientSeed: fairness.client_seed,
          nonce: fairness.nonce,
          roll: fairness.roll,
          prizeId: prize.prize.id,
        },
        input.prizes,
      );
      return result.ok;
    }),
  };
}

/** The flow of one kind of boxes page, with its calls (and the player's channel for the inventory). */
export function createBoxesFlow(kind: BoxesFlowKind, api: ApiClient, live: LiveServices | undefined): AnyActorLogic {
  const calls = createBoxesCalls(api);
  switch (kind) {
    case 'crates':
      return cratesMachine.provide({ actors: { loadBoxes: calls.loadBoxes } });
    case 'box':
      return boxPageMachine.provide({
        actors: {
          loadBoxPage: calls.loadBoxPage,
          purchase: boxPurchaseMachine.provide({ actors: { buyBox: calls.buyBox } }),
          opening: boxOpeningMachine.provide({
            actors: { openBox: calls.openBox, sell: calls.sell, verify: calls.verify },
          }),
        },
      });
    case 'inventory': {
      // Without live updates (tests), a channel that never joins. Each (re)join tells the inventory, which fetches
      // its lists again: a box granted before the channel listened is not missed.
      const channel = (
        live
          ? live.channelLogic.provide({ actions: { announceJoined: sendParent({ type: 'inventory.channelJoined' }) } })
          : fromCallback<EventObject, ChannelInput>(() => () => undefined)
      ) as never;
      return inventoryMachine.provide({
        actors: {
          loadInventory: calls.loadInventory,
          loadPrizes: calls.loadPrizes,
          opening: boxOpeningMachine.provide({
            actors: { openBox: calls.openBox, sell: calls.sell, verify: calls.verify },
          }),
          sale: boxSaleMachine.provide({ actors: { sell: calls.sell } }),
          userChannel: channel,
        },
      });
    }
  }
}
