/**
 * Types of the global chat `chatglobal` (spec §3 Chat message, §7 Chat and the public channel's
 * MessageSent, §9 Chat: 50 messages, day labels). Money is integer centavos.
 */
import type { components } from '../../shared/api/schema';
import type { UiMessage } from '../kernel/api-error';

/** §3 Chat message as the contract serves it (GET, POST's answer, MessageSent). */
export type ChatMessage = components['schemas']['ChatMessage'];
export type ChatAttachment = components['schemas']['ChatAttachment'];

export interface ChatInput {
  /** The brand whose public channel `universal-public.{casinoId}` carries MessageSent. */
  casinoId: number;
  /** The signed-in player's id (their own messages are marked), or null for a guest (reads only). */
  playerId: number | null;
  /** Messages asked per load (§9: 50). */
  limit?: number;
  /** Epoch ms of the clock the pinned messages and day labels are read against (`tick` refreshes it). */
  now?: number;
}

/** What GET /chat/messages answers (the `fetchMessages` actor's output). */
export interface ChatPage {
  messages: ChatMessage[];
  /** The reader's total wagered (centavos); null for a guest. */
  amountBet: number | null;
}

/**
 * Why a load or a send failed (§8's generic rule): the server's `errors` flattened when it sent any (a refused
 * text: links, words, length), else §8's text for the status (`error_messages.429`, `…network`).
 */
export interface ChatFailure {
  /** HTTP status; 0 for a network failure; null when the failure was not a call's. */
  status: number | null;
  /** Never empty. */
  messages: UiMessage[];
}

export interface ChatContext {
  casinoId: number;
  playerId: number | null;
  limit: number;
  /** Every message known, by time then id, one per id (the newest copy wins: a pin, an edit). */
  messages: ChatMessage[];
  amountBet: number | null;
  /** The composer's text: kept through a failed send so retry sends it again. */
  draft: string;
  /** The text being sent (the draft when the send started). */
  sending: string | null;
  /** The last load's or send's failure; null when none. */
  failure: ChatFailure | null;
  /** Images uploaded for the next message (at most CHAT_ATTACHMENTS_MAX), sent with it and then cleared. */
  attachments: ChatAttachment[];
  /** The attachments being sent (those on screen when the send started). */
  sendingAttachments: ChatAttachment[];
  /** Why the last image was not attached (checked here: type 415, size 413; or the upload's failure). */
  attachFailure: ChatFailure | null;
  /** Epoch ms: what "now" is for pinned_until and the day labels. */
  now: number;
}

export type ChatEvent =
  /** The panel opens (the header button, or a global notification clicked: the root's `chat.open`). */
  | { type: 'chat.open' }
  | { type: 'chat.close' }
  /** From the root: the player signed in (their id) or out (null). */
  | { type: 'chat.playerChanged'; playerId: number | null }
  | { type: 'chat.draftChanged'; text: string }
  | { type: 'chat.send' }
  /** Send the kept text again after a failure. */
  | { type: 'chat.retry' }
  /** Load again after a failed load. */
  | { type: 'chat.reload' }
  /** Dismiss a send failure (the text stays in the composer). */
  | { type: 'chat.dismissError' }
  /** The player picked an image to attach: checked (type, size), then uploaded (POST /chat/attachments). */
  | { type: 'chat.attach'; file: Blob }
  /** Take an uploaded image off the next message. */
  | { type: 'chat.removeAttachment'; url: string }
  /** Stop an upload in flight (the image is not attached). */
  | { type: 'chat.cancelAttachment' }
  /** Dismiss the last attach failure. */
  | { type: 'chat.dismissAttachError' }
  /** A guest's tap on "sign in to chat": the root opens the login modal. */
  | { type: 'chat.signIn' }
  /** From the live status watch: the live connection dropped, or is back. */
  | { type: 'chat.connectionLost' }
  | { type: 'chat.connectionRestored' }
  /** From the public channel (the channel machine): a new, re-pinned or unpinned message. */
  | { type: 'realtime.messageSent'; channel: string; data: ChatMessage }
  /** From the public channel: moderation removed a message. */
  | { type: 'realtime.messageDeleted'; channel: string; data: { id: number } };

/** What the chat sends its parent (the root): a guest wants to sign in to write. */
export type ChatParentEvent = { type: 'loginModal.open'; tab: 'login' };

export interface PostMessageInput {
  text: string;
  /** Images uploaded with POST /chat/attachments (none for a text-only message). */
  attachments: ChatAttachment[];
}

/** What the `uploadAttachment` actor is given: the picked file (its type and bytes). */
export interface UploadAttachmentInput {
  file: Blob;
}
