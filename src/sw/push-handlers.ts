/**
 * The service worker's web push handlers, written against the few worker APIs they use so a unit
 * test can run them with fakes: `push` shows the notification the platform sent (title, body, icon, the page to
 * open in `data.url`); `notificationclick` brings the player to that page: an open tab of the app is told to go
 * there (an in-app navigation, nothing of the page lost) and focused, else a new window opens.
 */

/** What the platform sends (sandbox/push/sender.ts PushPayload). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  icon?: string;
  tag?: string;
}

/** The message an open tab hears (src/sw/register.ts). */
export const OPEN_MESSAGE = 'push.open';

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** The payload, as far as it is usable: never throws (a push must always show something, §browsers' rule). */
export function readPushMessage(data: { json(): unknown; text(): string } | null, fallbackTitle: string): PushMessage {
  let raw: Record<string, unknown> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    raw = { body: data?.text() ?? '' };
  }
  const icon = text(raw.icon, 500);
  const tag = text(raw.tag, 100);
  return {
    title: text(raw.title, 120) || fallbackTitle,
    body: text(raw.body, 400),
    url: text(raw.url, 1000) || '/',
    ...(icon ? { icon } : {}),
    ...(tag ? { tag } : {}),
  };
}

/** The page a click opens: the app's own path, or an http(s) URL; anything else (javascript:, data:) is home. */
export function targetOf(url: unknown, origin: string): URL {
  try {
    const target = new URL(typeof url === 'string' && url ? url : '/', origin);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target : new URL('/', origin);
  } catch {
    return new URL('/', origin);
  }
}

interface NotificationOptionsLike {
  body: string;
  icon?: string;
  tag?: string;
  data: { url: string };
}

export interface WorkerLike {
  origin: string;
  showNotification(title: string, options: NotificationOptionsLike): Promise<void>;
  windows(): Promise<ReadonlyArray<WindowLike>>;
  openWindow(url: string): Promise<unknown>;
}

export interface WindowLike {
  url: string;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
}

export function showPush(worker: WorkerLike, message: PushMessage): Promise<void> {
  return worker.showNotification(message.title, {
    body: message.body,
    ...(message.icon ? { icon: message.icon } : {}),
    ...(message.tag ? { tag: message.tag } : {}),
    data: { url: message.url },
  });
}

/** Where the click leads: a tab already there is focused; a tab of the app is sent there; else a new window. */
export async function openFromNotification(
  worker: WorkerLike,
  url: unknown,
): Promise<'focused' | 'navigated' | 'opened'> {
  const target = targetOf(url, worker.origin);
  const windows = await worker.windows();
  const focus = (w: WindowLike) => w.focus().catch(() => undefined);
  const exact = windows.find((w) => w.url === target.href);
  if (exact) {
    await focus(exact);
    return 'focused';
  }
  const ours =
    target.origin === worker.origin ? windows.find((w) => new URL(w.url).origin === worker.origin) : undefined;
  if (ours) {
    ours.postMessage({ type: OPEN_MESSAGE, url: `${target.pathname}${target.search}${target.hash}` });
    await focus(ours);
    return 'navigated';
  }
  await worker.openWindow(target.href);
  return 'opened';
}
