import type { SnapshotFrom } from 'xstate';
import { CHAT_ATTACHMENTS_MAX, isPinned, type chatMachine } from './chat.machine';
import type { UiMessage } from '../kernel/api-error';
import type { ChatAttachment, ChatFailure, ChatMessage } from './chat.types';

/** Where the platform serves chat images (openapi `x-chat-policy`): any other URL is never shown. */
export const CHAT_UPLOAD_PREFIX = '/api/uploads/chat/';
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export type ChatStatus =
  'closed' | 'loading' | 'loadFailed' | 'ready' | 'sending' | 'sendFailed' | 'reconnecting' | 'catchingUp';

/** A day separator's text: a catalogue id (today, yesterday) or the date as DD/MM/YYYY (§9 Chat). */
export type DayLabel = { messageId: 'chat.day.today' | 'chat.day.yesterday' } | { date: string };

export interface ChatMessageView {
  id: number;
  /** Plain text: rendered as text, never HTML. */
  name: string;
  /** One or two letters for the avatar. */
  initials: string;
  text: string;
  /** HH:mm in the player's time zone. */
  time: string;
  /** ISO date-time, for a `<time dateTime>`. */
  dateTime: string;
  own: boolean;
  house: boolean;
  pinned: boolean;
  /** A palette slot of the brand's theme (`chat-color-0`…`7`, `chat-color-house`); anything else: slot 0. */
  colorClass: string;
  /** The author's total wagered, centavos (the badge); null for the house. */
  amountBet: number | null;
  level: number | null;
  /** Only images on the platform's own upload path. */
  images: ChatAttachment[];
}

export type ChatItem =
  { kind: 'day'; key: string; label: DayLabel } | { kind: 'message'; key: string; message: ChatMessageView };

/** A failure's lines: the server's own texts when it sent any, else §8's catalogue id for the status. */
export type ChatFailureText = UiMessage[];

export interface ChatViewModel {
  status: ChatStatus;
  open: boolean;
  loading: boolean;
  /** Signed in: the composer; a guest sees "sign in to chat" instead. */
  canWrite: boolean;
  guest: boolean;
  draft: string;
  /** The send button works (a player, some text, not already sending, not reconnecting). */
  canSend: boolean;
  sending: boolean;
  reconnecting: boolean;
  /** Pinned messages, on top, oldest first, until their pinned_until. */
  pinned: ChatMessageView[];
  /** Day separators and messages, oldest first (pinned ones are on top instead). */
  items: ChatItem[];
  empty: boolean;
  loadFailure: ChatFailureText | null;
  sendFailure: ChatFailureText | null;
  /** The reader's total wagered (centavos); null for a guest. */
  amountBet: number | null;
  /** Characters left of the 280 the platform accepts. */
  remaining: number;
  /** Images on the next message (only the platform's own upload path), each with a remove button. */
  attachments: ChatAttachment[];
  /** An image is uploading (the send waits for it). */
  uploading: boolean;
  /** The attach button works (a player, room for another image, none uploading). */
  canAttach: boolean;
  /** Why the last image was not attached. */
  attachFailure: ChatFailureText | null;
}

export const CHAT_MAX_LENGTH = 280;

function statusOf(snapshot: SnapshotFrom<typeof chatMachine>): ChatStatus {
  if (snapshot.matches('closed')) return 'closed';
  const value = snapshot.value as { open: { feed: Exclude<ChatStatus, 'closed'> } };
  return value.open.feed;
}

/** YYYY-MM-DD of an instant in a time zone. */
function dayOf(epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    epochMs,
  );
}

/** The day before a YYYY-MM-DD day (calendar arithmetic: no daylight-saving surprises). */
function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** §9: 'Hoje', 'Ontem', then DD/MM/YYYY, in the player's time zone. */
export function dayLabelOf(iso: string, now: number, timeZone: string): DayLabel {
  const day = dayOf(Date.parse(iso), timeZone);
  const today = dayOf(now, timeZone);
  if (day === today) return { messageId: 'chat.day.today' };
  if (day === dayBefore(today)) return { messageId: 'chat.day.yesterday' };
  const [y, m, d] = day.split('-');
  return { date: `${d}/${m}/${y}` };
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0] ?? '?'];
  return letters
    .map((w) => [...(w ?? '')][0] ?? '')
    .join('')
    .toUpperCase();
}

const COLOR = /^chat-color-([0-7]|house)$/;

const ownUpload = (a: ChatAttachment) =>
  IMAGE_TYPES.has(a.attachment_type) &&
  a.attachment_url.startsWith(CHAT_UPLOAD_PREFIX) &&
  /^[a-z0-9.]+$/i.test(a.attachment_url.slice(CHAT_UPLOAD_PREFIX.length));

function viewOf(message: ChatMessage, playerId: number | null, now: number, timeZone: string): ChatMessageView {
  const at = Date.parse(message.time);
  return {
    id: message.id,
    name: message.user.name,
    initials: initialsOf(message.user.name),
    text: message.text,
    time: new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      at,
    ),
    dateTime: message.time,
    own: playerId !== null && message.user.id === playerId,
    house: message.user.house,
    pinned: isPinned(message, now),
    colorClass: COLOR.test(message.colorClass) ? message.colorClass : 'chat-color-0',
    amountBet: message.user.amount_bet,
    level: message.user.level,
    images: message.attachments.filter(ownUpload),
  };
}

function failureText(failure: ChatFailure | null): ChatFailureText | null {
  return failure ? failure.messages : null;
}

/** The chat panel's view-model: everything the component shows, nothing it decides. */
export function connectChat(snapshot: SnapshotFrom<typeof chatMachine>, timeZone: string): ChatViewModel {
  const { context } = snapshot;
  const status = statusOf(snapshot);
  const { now, playerId } = context;
  const pinned: ChatMessageView[] = [];
  const items: ChatItem[] = [];
  let lastDay: string | null = null;
  for (const message of context.messages) {
    const view = viewOf(message, playerId, now, timeZone);
    if (view.pinned) {
      pinned.push(view);
      continue;
    }
    const day = dayOf(Date.parse(message.time), timeZone);
    if (day !== lastDay) {
      lastDay = day;
      items.push({ kind: 'day', key: `day-${day}`, label: dayLabelOf(message.time, now, timeZone) });
    }
    items.push({ kind: 'message', key: `m-${message.id}`, message: view });
  }
  const guest = playerId === null;
  const sending = status === 'sending';
  const reconnecting = status === 'reconnecting' || status === 'catchingUp';
  const trimmed = context.draft.trim();
  const uploading = snapshot.matches({ open: { attachment: 'uploading' } });
  const attachments = context.attachments.filter(ownUpload);
  return {
    status,
    open: status !== 'closed',
    loading: status === 'loading',
    canWrite: !guest,
    guest,
    draft: context.draft,
    canSend:
      !guest &&
      (trimmed.length > 0 || attachments.length > 0) &&
      [...trimmed].length <= CHAT_MAX_LENGTH &&
      !uploading &&
      (status === 'ready' || status === 'sendFailed'),
    sending,
    reconnecting,
    pinned,
    items,
    empty: status !== 'loading' && status !== 'loadFailed' && pinned.length === 0 && items.length === 0,
    loadFailure: status === 'loadFailed' ? failureText(context.failure) : null,
    sendFailure: status === 'sendFailed' ? failureText(context.failure) : null,
    amountBet: context.amountBet,
    remaining: CHAT_MAX_LENGTH - [...context.draft].length,
    attachments,
    uploading,
    canAttach: !guest && status !== 'closed' && !uploading && context.attachments.length < CHAT_ATTACHMENTS_MAX,
    attachFailure: failureText(context.attachFailure),
  };
}
