/** The QA panel's movable clock (a cashback slot reached at a simulated time). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxClock, parsePanelTime } from './clock';
import { createTestApi, panelForm, PANEL_HEADERS, type TestApi } from './test-support';

describe('the sandbox clock', () => {
  it('reads a panel time in São Paulo (UTC−3), or an instant with its own offset; refuses the rest', () => {
    expect(parsePanelTime('2026-11-30T12:01')?.toISOString()).toBe('2026-11-30T15:01:00.000Z');
    expect(parsePanelTime('2026-11-30T23:59:59')?.toISOString()).toBe('2026-12-01T02:59:59.000Z');
    expect(parsePanelTime('2026-11-30T15:01:00Z')?.toISOString()).toBe('2026-11-30T15:01:00.000Z');
    for (const bad of ['', 'amanhã', '2026-13-01T10:00', '2026-11-30 12:01', '<script>'])
      expect(parsePanelTime(bad)).toBeNull();
  });

  it('moves `now` by an offset over the base clock and resets it', () => {
    let base = new Date('2026-11-27T12:00:00Z');
    const clock = createSandboxClock(() => base);
    clock.set(new Date('2026-11-30T15:01:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-30T15:01:00.000Z');
    base = new Date(base.getTime() + 1000);
    expect(clock.now().toISOString()).toBe('2026-11-30T15:01:01.000Z');
    clock.reset();
    expect(clock.now()).toEqual(base);
    expect(clock.offsetMs).toBe(0);
  });
});

describe('the panel clock block', () => {
  let api: TestApi;
  const clock = createSandboxClock();
  beforeAll(async () => {
    api = await createTestApi({ clock });
  });
  afterAll(() => api.close());

  it('moves the platform time from the panel only, and puts it back', async () => {
    const foreign = await api.app.inject({
      method: 'POST',
      url: '/sandbox/clock',
      ...panelForm({ at: '2026-11-30T12:02' }),
      headers: { ...panelForm().headers, origin: 'http://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(clock.offsetMs).toBe(0);

    const moved = await api.app.inject({
      method: 'POST',
      url: '/sandbox/clock',
      ...panelForm({ at: '2026-11-30T12:02' }),
    });
    expect(moved.statusCode).toBe(303);
    expect(clock.now().toISOString().slice(0, 16)).toBe('2026-11-30T15:02');
    const panel = await api.app.inject({ url: '/sandbox', headers: PANEL_HEADERS });
    expect(panel.body).toContain('movido');

    const bad = await api.app.inject({ method: 'POST', url: '/sandbox/clock', ...panelForm({ at: 'ontem' }) });
    expect(decodeURIComponent(bad.headers.location ?? '')).toContain('inválidas');

    const reset = await api.app.inject({ method: 'POST', url: '/sandbox/clock/reset', ...panelForm() });
    expect(reset.statusCode).toBe(303);
    expect(clock.offsetMs).toBe(0);
  });
});
