import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectInstallPrompt } from '../../machines/install/install-prompt.connect';
import { installPromptLogic, runsStandalone } from './install';

/** A window with its own events and a display-mode query the test flips. */
function fakeWindow(standalone = false) {
  const target = new EventTarget();
  const media = Object.assign(new EventTarget(), { matches: standalone });
  const win = Object.assign(target, {
    matchMedia: () => media,
    navigator: {},
  }) as unknown as Window;
  return { win, media };
}

/** A synthetic beforeinstallprompt, as Chromium fires it. */
function deferredPrompt(outcome: 'accepted' | 'dismissed', refuse = false) {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => (refuse ? Promise.reject(new Error('NotAllowedError')) : Promise.resolve()));
  Object.assign(event, { prompt, userChoice: refuse ? new Promise(() => undefined) : Promise.resolve({ outcome }) });
  return { event, prompt };
}

const start = (win: Window) => {
  const actor = createActor(installPromptLogic(win)).start();
  return { actor, vm: () => connectInstallPrompt(actor.getSnapshot()) };
};

describe('install prompt: the browser actor (§2.3)', () => {
  it('captures beforeinstallprompt (default prevented), prompts once on request, reports the choice', async () => {
    const { win } = fakeWindow();
    const { actor, vm } = start(win);
    const { event, prompt } = deferredPrompt('accepted');
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(vm().canPrompt).toBe(true);
    actor.send({ type: 'install.request' });
    expect(prompt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(vm().phase).toBe('accepted'));
    win.dispatchEvent(new Event('appinstalled'));
    expect(vm().installed).toBe(true);
    actor.stop();
  });

  it('a refused prompt() counts as dismissed: cleared, the modal shows', async () => {
    const { win } = fakeWindow();
    const { actor, vm } = start(win);
    win.dispatchEvent(deferredPrompt('accepted', true).event);
    actor.send({ type: 'install.request' });
    await vi.waitFor(() => expect(vm().modalOpen).toBe(true));
    actor.stop();
  });

  it('an event without prompt() is not held', () => {
    const { win } = fakeWindow();
    const { vm, actor } = start(win);
    win.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true }));
    expect(vm().phase).toBe('noPrompt');
    actor.stop();
  });

  it('standalone display mode at start, or when it changes, is installed', () => {
    expect(start(fakeWindow(true).win).vm().installed).toBe(true);
    const { win, media } = fakeWindow(false);
    expect(runsStandalone(win)).toBe(false);
    const { vm, actor } = start(win);
    media.dispatchEvent(Object.assign(new Event('change'), { matches: true }));
    expect(vm().installed).toBe(true);
    actor.stop();
  });
});
