import { fromCallback } from 'xstate';
import { describe, expect, it } from 'vitest';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectInstallPrompt } from './install-prompt.connect';
import { installPromptMachine } from './install-prompt.machine';
import type { InstallBrowserCommand, InstallPromptEvent } from './install-prompt.types';

/** A fake browser: what the flow asked of it, and a hand to send the browser's events back. */
function start(options: { standaloneAtStart?: boolean } = {}) {
  const commands: InstallBrowserCommand['type'][] = [];
  let sendBack: ((event: InstallPromptEvent) => void) | null = null;
  const machine = installPromptMachine.provide({
    actors: {
      browser: fromCallback<InstallBrowserCommand>(({ sendBack: back, receive }) => {
        sendBack = back as (event: InstallPromptEvent) => void;
        receive((command) => commands.push(command.type));
        if (options.standaloneAtStart) back({ type: 'install.displayMode', standalone: true });
        return () => undefined;
      }),
    },
  });
  const { actor } = createTestActor(machine);
  const browser = (event: InstallPromptEvent) => {
    if (!sendBack) throw new Error('browser actor not started');
    sendBack(event);
  };
  return { actor, commands, browser, vm: () => connectInstallPrompt(actor.getSnapshot()) };
}

describe('install prompt: generated paths', () => {
  it('reaches every state by the events a test can send, and no path fails', () => {
    const result = reachability(installPromptMachine, {
      events: [
        { type: 'install.promptHeld' },
        { type: 'install.request' },
        { type: 'install.close' },
        { type: 'install.choice', outcome: 'accepted' },
        { type: 'install.choice', outcome: 'dismissed' },
        { type: 'install.installed' },
        { type: 'install.displayMode', standalone: true },
        { type: 'install.displayMode', standalone: false },
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('install prompt: stories (§2.3)', () => {
  it('with no deferred prompt the modal is hidden until the player asks; asked, it shows; closed, it hides', () => {
    const { actor, vm, commands } = start();
    expect(vm()).toEqual({ phase: 'noPrompt', installed: false, canPrompt: false, modalOpen: false, busy: false });
    actor.send({ type: 'install.request' });
    expect(vm().modalOpen).toBe(true);
    actor.send({ type: 'install.close' });
    expect(vm().modalOpen).toBe(false);
    expect(commands).toEqual([]);
  });

  it('a held prompt hides the modal (also one already open); the install offer then opens the browser dialog', () => {
    const { actor, vm, browser, commands } = start();
    actor.send({ type: 'install.request' });
    expect(vm().modalOpen).toBe(true);
    browser({ type: 'install.promptHeld' });
    expect(vm()).toMatchObject({ phase: 'held', modalOpen: false, canPrompt: true });
    actor.send({ type: 'install.request' });
    expect(vm()).toMatchObject({ phase: 'prompting', busy: true, modalOpen: false });
    expect(commands).toEqual(['install.prompt']);
  });

  it('a prompt held before the player asks: accepted → waits for appinstalled → installed', () => {
    const { actor, vm, browser, commands } = start();
    browser({ type: 'install.promptHeld' });
    actor.send({ type: 'install.request' });
    browser({ type: 'install.choice', outcome: 'accepted' });
    expect(vm()).toMatchObject({ phase: 'accepted', busy: true, installed: false });
    browser({ type: 'install.installed' });
    expect(vm()).toMatchObject({ phase: 'installed', installed: true, modalOpen: false, canPrompt: false });
    expect(commands).toEqual(['install.prompt']);
  });

  it('dismissed: the prompt is cleared and the modal shows (how to install later); closing hides it', () => {
    const { actor, vm, browser } = start();
    browser({ type: 'install.promptHeld' });
    actor.send({ type: 'install.request' });
    browser({ type: 'install.choice', outcome: 'dismissed' });
    expect(vm()).toMatchObject({ phase: 'modal', modalOpen: true, canPrompt: false });
    actor.send({ type: 'install.close' });
    expect(vm().phase).toBe('noPrompt');
  });

  it('accepted but the browser offers the prompt again (the install did not happen): held again', () => {
    const { actor, vm, browser } = start();
    browser({ type: 'install.promptHeld' });
    actor.send({ type: 'install.request' });
    browser({ type: 'install.choice', outcome: 'accepted' });
    browser({ type: 'install.promptHeld' });
    expect(vm().phase).toBe('held');
  });

  it('standalone display mode at start → installed; a non-standalone report changes nothing', () => {
    expect(start({ standaloneAtStart: true }).vm().installed).toBe(true);
    const { vm, browser } = start();
    browser({ type: 'install.displayMode', standalone: false });
    expect(vm().phase).toBe('noPrompt');
    browser({ type: 'install.displayMode', standalone: true });
    expect(vm().installed).toBe(true);
  });

  it('installed from the browser menu (appinstalled with no prompt of ours) → installed; nothing more is offered', () => {
    const { actor, vm, browser } = start();
    browser({ type: 'install.installed' });
    actor.send({ type: 'install.request' });
    browser({ type: 'install.promptHeld' });
    expect(vm()).toMatchObject({ phase: 'installed', modalOpen: false, canPrompt: false });
  });
});
