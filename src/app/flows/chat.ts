/**
 * The global chat's real actors, fetched with the chat's chunk on the first `chat.open` (the root's
 * `chatFlow`): GET and POST /chat/messages through the typed client (every message checked with the same schema as
 * the live MessageSent), the brand's public channel through the app's channel machine, and two watches of the root's
 * tree: the live connection (lost → back: the chat fetches what it missed) and the session (who is writing).
 */
import { fromCallback, fromPromise, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import { sessionViewOf } from '../../../machines/app/app.machine';
import { chatMachine } from '../../../machines/chat/chat.machine';
import type {
  ChatAttachment,
  ChatMessage,
  ChatPage,
  PostMessageInput,
  UploadAttachmentInput,
} from '../../../machines/chat/chat.types';
import { channelMachine } from '../../../machines/realtime/channel.machine';
import type { SubscriptionInput } from '../../../machines/realtime/channel.types';
import { connectionViewState } from '../../../machines/realtime/connection.connect';
import type { connectionMachine } from '../../../machines/realtime/connection.machine';
import type { sessionMachine } from '../../../machines/session/session.machine';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';
import { realtimeEventSchemas } from '../../lib/realtime/events';
import type { LiveServices } from '../live';

const parseMessage = (data: unknown): ChatMessage => realtimeEventSchemas.MessageSent.parse(data) as ChatMessage;

/** A file's bytes in base64 (the upload's body), read in slices so a large image never builds one huge string. */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Messages that fail their schema are left out (one bad message never hides the room). */
function parseMessages(list: unknown[]): ChatMessage[] {
  return list.flatMap((m) => {
    const parsed = realtimeEventSchemas.MessageSent.safeParse(m);
    return parsed.success ? [parsed.data as ChatMessage] : [];
  });
}

/**
 * Follows the root's `connection` (it is re-created when the settings change): `chat.connectionLost` when a
 * connected one drops, `chat.connectionRestored` when it is connected again.
 */
const liveStatus = fromCallback<EventObject>(({ system, sendBack }) => {
  const root = system.get('app') as AnyActorRef | undefined;
  let watched: AnyActorRef | undefined;
  let subscription: { unsubscribe(): void } | undefined;
  let lost = false;
  const check = (snapshot: SnapshotFrom<typeof connectionMachine>) => {
    const connected = connectionViewState(snapshot) === 'connected';
    if (!connected && !lost) {
      lost = true;
      sendBack({ type: 'chat.connectionLost' });
    } else if (connected && lost) {
      lost = false;
      sendBack({ type: 'chat.connectionRestored' });
    }
  };
  const follow = () => {
    const connection = system.get('connection') as AnyActorRef | undefined;
    if (connection === watched) return;
    subscription?.unsubscribe();
    watched = connection;
    if (!connection) return;
    // The first snapshot of a connection on its way is not news: only a drop after being connected is.
    lost = false;
    if (connectionViewState(connection.getSnapshot() as SnapshotFrom<typeof connectionMachine>) !== 'connected') {
      lost = true;
    }
    subscription = connection.subscribe((s: SnapshotFrom<typeof connectionMachine>) => check(s));
  };
  follow();
  const rootSubscription = root?.subscribe(() => follow());
  return () => {
    subscription?.unsubscribe();
    rootSubscription?.unsubscribe();
  };
});

/** Follows the root's `session`: the player's id as they sign in or out. */
const sessionWatch = fromCallback<EventObject>(({ system, sendBack }) => {
  const session = system.get('session') as AnyActorRef | undefined;
  if (!session) return undefined;
  let last: number | null | undefined;
  const check = (snapshot: SnapshotFrom<typeof sessionMachine>) => {
    const playerId = sessionViewOf(snapshot).player?.id ?? null;
    if (playerId === last) return;
    const first = last === undefined;
    last = playerId;
    if (!first) sendBack({ type: 'chat.playerChanged', playerId });
  };
  check(session.getSnapshot() as SnapshotFrom<typeof sessionMachine>);
  const subscription = session.subscribe((s: SnapshotFrom<typeof sessionMachine>) => check(s));
  return () => subscription.unsubscribe();
});

export function createChatLogic(api: ApiClient, live: LiveServices | undefined): typeof chatMachine {
  const channel =
    live?.channelLogic ??
    channelMachine.provide({
      actors: { subscription: fromCallback<EventObject, SubscriptionInput>(() => () => undefined) },
    });
  return chatMachine.provide({
    actors: {
      fetchMessages: fromPromise<ChatPage, { limit: number }>(async ({ input, signal }) => {
        const body = await unwrap(api.GET('/chat/messages', { params: { query: { limit: input.limit } }, signal }));
        return { messages: parseMessages(body.messages), amountBet: body.amountBet };
      }),
      postMessage: fromPromise<ChatMessage, PostMessageInput>(async ({ input }) => {
        const body = await unwrap(
          api.POST('/chat/messages', {
            body: input.attachments.length
              ? { text: input.text, attachments: input.attachments }
              : { text: input.text },
          }),
        );
        return parseMessage(body.data);
      }),
      uploadAttachment: fromPromise<ChatAttachment, UploadAttachmentInput>(async ({ input, signal }) => {
        const data = await base64Of(input.file);
        const body = await unwrap(
          api.POST('/chat/attachments', { body: { attachment_type: input.file.type, data }, signal }),
        );
        return body.data;
      }),
      publicChannel: channel,
      liveStatus,
      sessionWatch,
    },
  });
}
