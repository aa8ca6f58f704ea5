/**
 * The QA recorder in the page: the recorder (./recorder.ts) fed by src/lib/inspector.ts, and
 * Alt+Shift+R (`event.code` KeyR, so any layout; no browser or screen-reader binding) to open and close its overlay
 * (./overlay.tsx, a chunk fetched on the first press with its catalogue part `qa`), which names the recording and
 * downloads it. Loaded only when recording is on (`?record`, `?inspect` or a QA build).
 */
import { localeFromPath } from '../../i18n/locale';
import { withMessages } from '../../i18n/i18n-provider';
import { createRecorder, recordingFileName, type Recorder, type RecorderOptions, type RecordingMeta } from './recorder';

/** This page's build id (as src/app/build-watch.ts reads it; "dev" on the dev server). */
const BUILD_ID: string = (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev';

export const RECORDER_SHORTCUT = { code: 'KeyR', altKey: true, shiftKey: true } as const;

export function isRecorderShortcut(e: Pick<KeyboardEvent, 'code' | 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey'>) {
  return e.code === RECORDER_SHORTCUT.code && e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey;
}

/** Where the recording was made: build, brand (the site actor's domain and name), locale. */
export function recordingMeta(
  recorder: Recorder,
  name: string,
  page: Pick<Location, 'hostname' | 'pathname'>,
): RecordingMeta {
  let brand: RecordingMeta['brand'] = { domain: page.hostname, name: null };
  try {
    const site = recorder.root?.system.get('site')?.getSnapshot() as
      { context?: { domain?: unknown; config?: { siteName?: unknown } | null } } | undefined;
    const domain = site?.context?.domain;
    const siteName = site?.context?.config?.siteName;
    brand = {
      domain: typeof domain === 'string' && domain !== '' ? domain : page.hostname,
      name: typeof siteName === 'string' ? siteName : null,
    };
  } catch {
    // no system (yet): the page's host
  }
  return { name, build: BUILD_ID, brand, locale: localeFromPath(page.pathname) };
}

/** Downloads the recording as one JSON file named after it. */
export function downloadRecording(win: Window, recorder: Recorder, name: string): string {
  const recording = recorder.toRecording(recordingMeta(recorder, name, win.location));
  const fileName = recordingFileName(recording.name);
  const url = URL.createObjectURL(new Blob([JSON.stringify(recording)], { type: 'application/json' }));
  const link = win.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  win.document.body.append(link);
  link.click();
  link.remove();
  win.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

const loadOverlay = withMessages('qa', () => import('./overlay'));

export function startQaRecorder(
  win: Window,
  options: Pick<RecorderOptions, 'now' | 'start' | 'startedAt'> = {},
): Recorder {
  const recorder = createRecorder(options);
  let overlay: { toggle(): void } | undefined;
  let opening = false;
  win.addEventListener('keydown', (e) => {
    if (!isRecorderShortcut(e)) return;
    e.preventDefault();
    if (overlay) return overlay.toggle();
    if (opening) return;
    opening = true;
    void loadOverlay()
      .then((m) => {
        overlay = m.mountRecorderOverlay(win, recorder, (name) => downloadRecording(win, recorder, name));
      })
      .finally(() => {
        opening = false;
      });
  });
  return recorder;
}
