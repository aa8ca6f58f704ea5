import { and, assign, enqueueActions, fromCallback, not, setup, stateIn, type EventObject } from 'xstate';
import { messagesOf, statusOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import { channelMachine } from '../realtime/channel.machine';
import type { ChannelInput } from '../realtime/channel.types';
import type {
  ChatAttachment,
  ChatContext,
  ChatEvent,
  ChatFailure,
  ChatInput,
  ChatMessage,
  ChatPage,
  ChatParentEvent,
  PostMessageInput,
  UploadAttachmentInput,
} from './chat.types';
import { publicChannel } from '../../shared/channels';
import { errorOfEvent, outputOf } from '../kernel/flows';

/** §9 Chat: messages asked per load. */
export const CHAT_LIMIT = 50;
/** Messages kept in memory at most (the oldest, unpinned, dropped first): a long session stays light. */
export const CHAT_KEPT_MAX = 200;
/** How often "now" moves for pinned_until and the day labels. */
export const CHAT_TICK_MS = 30_000;

/** Images a message may carry (openapi `x-chat-policy`; a brand may allow fewer, and the platform says so). */
export const CHAT_ATTACHMENT_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** The largest image the platform takes (a brand may set less; its 413 then says so). */
export const CHAT_ATTACHMENT_MAX_BYTES = 512 * 1024;
/** Images per message (openapi ChatMessageRequest.attachments maxItems). */
export const CHAT_ATTACHMENTS_MAX = 2;

/** §7: the brand's public channel. */
export const chatChannelName = publicChannel;

const byTime = (a: ChatMessage, b: ChatMessage) => a.time.localeCompare(b.time) || a.id - b.id;

/** True while the message is pinned at `now` (epoch ms). */
export const isPinned = (message: ChatMessage, now: number) =>
  message.pinned_until !== null && Date.parse(message.pinned_until) > now;

/**
 * Merges by id (a later copy replaces an earlier one: a pin, an unpin), sorted by time then id, at most
 * CHAT_KEPT_MAX kept: the oldest unpinned go first. Pure: the same set in any order gives the same list.
 */
export function mergeMessages(
  known: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
  now: number,
): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of known) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  const all = [...byId.values()].sort(byTime);
  if (all.length <= CHAT_KEPT_MAX) return all;
  let drop = all.length - CHAT_KEPT_MAX;
  return all.filter((message) => {
    if (drop > 0 && !isPinned(message, now)) {
      drop -= 1;
      return false;
    }
    return true;
  });
}

/** What a rejected call carries (the app client's normalised error; machines/kernel/api-error.ts reads it). */
export function failureOf(error: unknown): ChatFailure {
  return { status: statusOf(error), messages: messagesOf(error) };
}

/** A failure found before any call: §8's text for the status the platform would answer (415, 413). */
const localFailure = (status: 413 | 415): ChatFailure => ({ status, messages: [{ id: `error_messages.${status}` }] });

const attachedFile = (event: ChatEvent): Blob | null => (event.type === 'chat.attach' ? event.file : null);

/**
 * The global chat `chatglobal` (spec §3 Chat message, §7 Chat, §9 Chat). The root spawns it (systemId `chat`) the
 * first time the panel is opened and keeps it for the page's life.
 *
 * States: closed; open, a parallel state of `feed` and `clock`:
 * - feed: loading (GET /chat/messages) → ready, or loadFailed (reload); ready → sending (POST) → ready, or
 *   sendFailed (the text stays: retry sends it again, typing keeps editing it); the live connection lost →
 *   reconnecting; back → catchingUp: the messages missed are fetched again once and merged by id (no
 *   duplicates), whatever the answer, then ready.
 * - clock: every CHAT_TICK_MS "now" moves, so a pinned message leaves the top at its pinned_until and the day
 *   labels turn at midnight.
 * - attachment: idle → uploading (POST /chat/attachments) → idle with the image on the next message, or failed
 *   (§8's 415 or 413 found here before any upload, or the upload's own failure); at most CHAT_ATTACHMENTS_MAX; a
 *   send waits while an image is uploading, and takes the images with it (text may then be empty).
 * While open, the brand's public channel is joined (`publicChannel`): each MessageSent is merged by id, and a
 * MessageDeleted (moderation) drops that id.
 * A guest reads; their send (or "sign in") asks the root to open the login modal.
 */
/**
 * A picked image, in idle or after a failure: a guest is asked to sign in; with no room left nothing happens; a
 * type or size the platform refuses fails here with §8's text; else it uploads.
 */
const ATTACH_CHECKED = [
  { guard: not('imageType'), target: 'failed', actions: 'refuseType' },
  { guard: not('imageSize'), target: 'failed', actions: 'refuseSize' },
  { target: 'uploading', actions: 'clearAttachFailure' },
] as const;
const ATTACH = [
  { guard: not('isPlayer'), actions: 'askSignIn' },
  { guard: not('roomForImage') },
  ...ATTACH_CHECKED,
] as const;
/** After a failure there is always room (a failure never adds an image), so no room check. */
const ATTACH_AGAIN = [{ guard: not('isPlayer'), actions: 'askSignIn' }, ...ATTACH_CHECKED] as const;

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
  },
  actors: {
    /** GET /chat/messages?limit (the app supplies it). */
    fetchMessages: notSupplied<ChatPage, { limit: number }>('chat', 'fetchMessages'),
    /** POST /chat/messages (the app supplies it); resolves with the stored message. */
    postMessage: notSupplied<ChatMessage, PostMessageInput>('chat', 'postMessage'),
    /** POST /chat/attachments (the app supplies it); resolves with the attachment to send. */
    uploadAttachment: notSupplied<ChatAttachment, UploadAttachmentInput>('chat', 'uploadAttachment'),
    /** The channel machine provided with the pusher-js adapter (src/app). */
    publicChannel: channelMachine,
    /**
     * Reports `chat.connectionLost` and `chat.connectionRestored` as the live connection drops and comes back
     * (the app watches the root's `connection`). Silent by default.
     */
    liveStatus: fromCallback<EventObject>(() => () => undefined),
    /** Reports `chat.playerChanged` as the session signs a player in or out (the app watches the root's `session`). */
    sessionWatch: fromCallback<EventObject>(() => () => undefined),
  },
  delays: {
    tick: CHAT_TICK_MS,
  },
  guards: {
    isPlayer: ({ context }) => context.playerId !== null,
    /** Something to send: text, or an image. */
    hasContent: ({ context }) => context.draft.trim().length > 0 || context.attachments.length > 0,
    uploading: stateIn({ open: { attachment: 'uploading' } }),
    roomForImage: ({ context }) => context.attachments.length < CHAT_ATTACHMENTS_MAX,
    imageType: ({ event }) => CHAT_ATTACHMENT_TYPES.includes(attachedFile(event)?.type ?? ''),
    imageSize: ({ event }) => (attachedFile(event)?.size ?? Infinity) <= CHAT_ATTACHMENT_MAX_BYTES,
  },
  actions: {
    keepPage: assign(({ context, event }) => {
      const page = outputOf<ChatPage>(event);
      return {
        messages: mergeMessages(context.messages, page.messages, context.now),
        amountBet: page.amountBet,
        failure: null,
      };
    }),
    keepLive: assign({
      messages: ({ context, event }) =>
        event.type === 'realtime.messageSent'
          ? mergeMessages(context.messages, [event.data], context.now)
          : context.messages,
    }),
    /** Moderation removed it: gone from the list (a later copy of it would not come: the platform serves it no more). */
    dropDeleted: assign({
      messages: ({ context, event }) =>
        event.type === 'realtime.messageDeleted'
          ? context.messages.filter((m) => m.id !== event.data.id)
          : context.messages,
    }),
    keepFailure: assign({ failure: ({ event }) => failureOf(errorOfEvent(event)) }),
    clearFailure: assign({ failure: null }),
    keepDraft: assign({
      draft: ({ context, event }) => (event.type === 'chat.draftChanged' ? event.text : context.draft),
    }),
    startSending: assign({
      sending: ({ context }) => context.draft.trim(),
      sendingAttachments: ({ context }) => context.attachments,
      failure: null,
    }),
    /** Sent: the draft empties unless the player already typed something else meanwhile; the images sent go. */
    keepSent: assign(({ context, event }) => {
      const message = outputOf<ChatMessage>(event);
      const sent = new Set(context.sendingAttachments.map((a) => a.attachment_url));
      return {
        messages: mergeMessages(context.messages, [message], context.now),
        draft: context.draft.trim() === context.sending ? '' : context.draft,
        attachments: context.attachments.filter((a) => !sent.has(a.attachment_url)),
        sending: null,
        sendingAttachments: [],
      };
    }),
    stopSending: assign({ sending: null, sendingAttachments: [] }),
    /** A player signing out (or another signing in) takes nothing of the previous one's composer. */
    keepPlayer: assign(({ context, event }) => {
      if (event.type !== 'chat.playerChanged' || event.playerId === context.playerId) return {};
      return { playerId: event.playerId, attachments: [], attachFailure: null };
    }),
    keepAttachment: assign({
      attachments: ({ context, event }) => [...context.attachments, outputOf<ChatAttachment>(event)],
      attachFailure: null,
    }),
    removeAttachment: assign({
      attachments: ({ context, event }) =>
        event.type === 'chat.removeAttachment'
          ? context.attachments.filter((a) => a.attachment_url !== event.url)
          : context.attachments,
    }),
    refuseType: assign({ attachFailure: localFailure(415) }),
    refuseSize: assign({ attachFailure: localFailure(413) }),
    keepAttachFailure: assign({
      attachFailure: ({ event }) => failureOf(errorOfEvent(event)),
    }),
    clearAttachFailure: assign({ attachFailure: null }),
    /** The root opens the login modal (the chat's own tests run without a parent). */
    askSignIn: enqueueActions(({ enqueue, self }) => {
      if (self._parent) enqueue.sendParent({ type: 'loginModal.open', tab: 'login' } satisfies ChatParentEvent);
    }),
    /** "now" moves (the app's clock; tests provide their own). */
    tick: assign({ now: () => Date.now() }),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    casinoId: input.casinoId,
    playerId: input.playerId,
    limit: input.limit ?? CHAT_LIMIT,
    messages: [],
    amountBet: null,
    draft: '',
    sending: null,
    failure: null,
    attachments: [],
    sendingAttachments: [],
    attachFailure: null,
    now: input.now ?? 0,
  }),
  initial: 'closed',
  invoke: { id: 'sessionWatch', src: 'sessionWatch' },
  on: {
    'chat.playerChanged': { actions: 'keepPlayer' },
    'chat.draftChanged': { actions: 'keepDraft' },
    'chat.signIn': { actions: 'askSignIn' },
  },
  states: {
    closed: {
      on: { 'chat.open': { target: 'open' } },
    },
    open: {
      type: 'parallel',
      entry: 'tick',
      invoke: [
        {
          id: 'publicChannel',
          src: 'publicChannel',
          input: ({ context }): ChannelInput => ({
            channel: chatChannelName(context.casinoId),
            events: ['MessageSent', 'MessageDeleted'],
          }),
        },
        { id: 'liveStatus', src: 'liveStatus' },
      ],
      on: {
        'chat.close': { target: 'closed' },
        'realtime.messageSent': { actions: 'keepLive' },
        'realtime.messageDeleted': { actions: 'dropDeleted' },
      },
      states: {
        feed: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchMessages',
                src: 'fetchMessages',
                input: ({ context }) => ({ limit: context.limit }),
                onDone: { target: 'ready', actions: 'keepPage' },
                onError: { target: 'loadFailed', actions: 'keepFailure' },
              },
            },
            loadFailed: {
              on: { 'chat.reload': { target: 'loading', actions: 'clearFailure' } },
            },
            ready: {
              on: {
                'chat.send': [
                  { guard: not('isPlayer'), actions: 'askSignIn' },
                  { guard: and(['hasContent', not('uploading')]), target: 'sending' },
                ],
                'chat.connectionLost': { target: 'reconnecting' },
              },
            },
            sending: {
              entry: 'startSending',
              invoke: {
                id: 'postMessage',
                src: 'postMessage',
                input: ({ context }): PostMessageInput => ({
                  text: context.sending ?? '',
                  attachments: context.sendingAttachments,
                }),
                onDone: { target: 'ready', actions: 'keepSent' },
                onError: { target: 'sendFailed', actions: ['keepFailure', 'stopSending'] },
              },
            },
            sendFailed: {
              on: {
                'chat.retry': { guard: and(['hasContent', not('uploading')]), target: 'sending' },
                'chat.send': { guard: and(['hasContent', not('uploading')]), target: 'sending' },
                'chat.dismissError': { target: 'ready', actions: 'clearFailure' },
                'chat.connectionLost': { target: 'reconnecting', actions: 'clearFailure' },
              },
            },
            /** Live updates stopped: what is said meanwhile is fetched once they are back. */
            reconnecting: {
              on: { 'chat.connectionRestored': { target: 'catchingUp' } },
            },
            /** One fetch of the latest messages, merged by id; a failure keeps what is known (the live stream goes on). */
            catchingUp: {
              invoke: {
                id: 'catchUp',
                src: 'fetchMessages',
                input: ({ context }) => ({ limit: context.limit }),
                onDone: { target: 'ready', actions: 'keepPage' },
                onError: { target: 'ready' },
              },
              on: { 'chat.connectionLost': { target: 'reconnecting' } },
            },
          },
        },
        attachment: {
          initial: 'idle',
          on: {
            'chat.removeAttachment': { actions: 'removeAttachment' },
          },
          states: {
            idle: {
              on: { 'chat.attach': ATTACH },
            },
            uploading: {
              invoke: {
                id: 'uploadAttachment',
                src: 'uploadAttachment',
                input: ({ event }): UploadAttachmentInput => ({ file: attachedFile(event) ?? new Blob() }),
                onDone: { target: 'idle', actions: 'keepAttachment' },
                onError: { target: 'failed', actions: 'keepAttachFailure' },
              },
              on: { 'chat.cancelAttachment': { target: 'idle' } },
            },
            failed: {
              on: {
                'chat.attach': ATTACH_AGAIN,
                'chat.dismissAttachError': { target: 'idle', actions: 'clearAttachFailure' },
              },
            },
          },
        },
        clock: {
          initial: 'ticking',
          states: {
            ticking: {
              after: { tick: { target: 'ticking', reenter: true, actions: 'tick' } },
            },
          },
        },
      },
    },
  },
});
