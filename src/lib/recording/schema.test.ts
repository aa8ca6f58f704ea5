import { createActor, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createRecorder } from './recorder';
import {
  parseRecording,
  parseRecordingFile,
  RECORDING_FORMAT,
  RECORDING_MAX_FILE_BYTES,
  type Recording,
} from './schema';

function sample(): Recording {
  const recorder = createRecorder({ startedAt: new Date('2026-11-27T12:00:00.000Z') });
  const toggle = setup({ types: { events: {} as { type: 'toggle' } } }).createMachine({
    id: 'toggle',
    initial: 'off',
    states: { off: { on: { toggle: 'on' } }, on: { on: { toggle: 'off' } } },
  });
  const actor = createActor(toggle, { systemId: 'toggle', inspect: (e) => recorder.record(e) }).start();
  actor.send({ type: 'toggle' });
  return recorder.toRecording({
    name: 'round trip',
    build: 'abc-123',
    brand: { domain: 'azul.localhost', name: 'Azul Bet' },
    locale: 'en',
  });
}

const codeOf = (text: unknown) => {
  const result = parseRecording(text);
  return result.ok ? 'ok' : result.error.code;
};

describe('parseRecording', () => {
  it('round trip: what the recorder writes loads back equal', () => {
    const recording = sample();
    const result = parseRecording(JSON.stringify(recording));
    expect(result).toEqual({ ok: true, recording });
    if (!result.ok) return;
    expect(result.recording.events.some((e) => e.snapshot?.value === 'on')).toBe(true);
    expect(result.recording.events.find((e) => e.kind === 'actor')?.actor.systemId).toBe('toggle');
  });

  it('refuses prototype-pollution keys anywhere, without assigning them', () => {
    const text = JSON.stringify(sample());
    const hostile = [
      `{"__proto__":{"polluted":true},${text.slice(1)}`,
      text.replace('"events":[', '"events":[{"constructor":{"prototype":{"polluted":true}}},'),
      text.replace('"context":', '"context":{"prototype":1},"x":'),
      text.replace('"brand":{', '"brand":{"__proto__":{"isAdmin":true},'),
      text.replace('"type":"toggle"', '"type":"toggle","nested":[{"a":{"__proto__":null}}]'),
    ];
    for (const h of hostile) {
      expect(h).not.toBe(text);
      const result = parseRecording(h);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('hostile');
        expect(result.error.message).toMatch(/forbidden key "(__proto__|constructor|prototype)"/);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses a huge text before parsing it', () => {
    const huge = `{"pad":"${'x'.repeat(RECORDING_MAX_FILE_BYTES)}"}`;
    expect(codeOf(huge)).toBe('too_large');
    // under the limit in characters, over it in UTF-8 bytes
    const wide = `{"pad":"${'é'.repeat(RECORDING_MAX_FILE_BYTES / 2 + 10)}"}`;
    expect(codeOf(wide)).toBe('too_large');
  });

  it('refuses a 100 MB file by its size, without reading it', async () => {
    let read = false;
    const file = {
      size: 100 * 1024 * 1024,
      text: () => {
        read = true;
        return Promise.resolve('{}');
      },
    } as unknown as Blob;
    const result = await parseRecordingFile(file);
    expect(result.ok ? 'ok' : result.error.code).toBe('too_large');
    expect(read).toBe(false);
    expect((await parseRecordingFile(new Blob([JSON.stringify(sample())]))).ok).toBe(true);
  });

  it('tells a truncated file from a malformed one, and refuses empty, non-text and non-object input', () => {
    const text = JSON.stringify(sample());
    expect(codeOf(text.slice(0, Math.floor(text.length / 2)))).toBe('truncated');
    expect(codeOf(text.slice(0, -1))).toBe('truncated');
    expect(codeOf('{"format": "casino-qa-recording", "version": 1,, }')).toBe('malformed');
    expect(codeOf('<html>not json</html>')).toBe('malformed');
    expect(codeOf(`${text}}`)).toBe('malformed');
    expect(codeOf('')).toBe('empty');
    expect(codeOf('   \n')).toBe('empty');
    expect(codeOf(undefined)).toBe('unreadable');
    expect(codeOf('[1,2,3]')).toBe('invalid');
    expect(codeOf('null')).toBe('invalid');
    expect(codeOf('"a string"')).toBe('invalid');
  });

  it('refuses another format, another version and a wrong shape, saying where', () => {
    const recording = sample();
    expect(codeOf(JSON.stringify({ ...recording, format: 'something-else' }))).toBe('invalid');
    const future = parseRecording(JSON.stringify({ ...recording, version: 2 }));
    expect(future.ok ? 'ok' : future.error).toEqual({
      code: 'version',
      message: 'Recording version 2 is not supported (expected 1).',
    });
    const badTime = parseRecording(JSON.stringify({ ...recording, startedAt: 'yesterday' }));
    expect(badTime.ok ? 'ok' : badTime.error.message).toMatch(/at startedAt/);
    const badEvent = structuredClone(recording);
    (badEvent.events[0] as { t: unknown }).t = -5;
    const negative = parseRecording(JSON.stringify(badEvent));
    expect(negative.ok ? 'ok' : negative.error.message).toMatch(/at events\.0\.t/);
    expect(codeOf(JSON.stringify({ ...recording, locale: 'fr' }))).toBe('invalid');
    expect(codeOf(JSON.stringify({ ...recording, events: 'all of them' }))).toBe('invalid');
    expect(codeOf(JSON.stringify({ format: RECORDING_FORMAT, version: 1 }))).toBe('invalid');
  });

  it('refuses deeply nested input without crashing', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(['malformed', 'invalid']).toContain(codeOf(deep));
  });
});
