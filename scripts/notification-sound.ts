/**
 * Synthesises the notification sound (§7: /audio/notification.mp3), an original two-note chime: two sine partials
 * per note (fundamental and a soft octave), a 5 ms attack and an exponential decay, 0.7 s, mono, 44.1 kHz.
 *
 *   npx tsx scripts/notification-sound.ts /tmp/notification.wav
 *   lame --preset cbr 64 -m m /tmp/notification.wav public/audio/notification.mp3   (Debian: apt-get install lame)
 *
 * The MP3 in public/audio was made this way; this script only writes the WAV (no encoder is a project dependency).
 */
import { writeFileSync } from 'node:fs';

const RATE = 44_100;
const SECONDS = 0.7;
const notes = [
  { at: 0, freq: 1318.51, gain: 0.5 }, // E6
  { at: 0.12, freq: 1760.0, gain: 0.42 }, // A6
];

const samples = new Float32Array(Math.round(RATE * SECONDS));
for (const note of notes) {
  const start = Math.round(note.at * RATE);
  for (let i = start; i < samples.length; i++) {
    const t = (i - start) / RATE;
    const attack = Math.min(1, t / 0.005);
    const decay = Math.exp(-t * 7);
    const tone = Math.sin(2 * Math.PI * note.freq * t) + 0.25 * Math.sin(2 * Math.PI * note.freq * 2 * t);
    samples[i]! += note.gain * attack * decay * tone * 0.8;
  }
}
// A short fade at the end, so the file never ends on a click.
const fade = Math.round(RATE * 0.05);
for (let i = 0; i < fade; i++) samples[samples.length - 1 - i]! *= i / fade;

const data = Buffer.alloc(samples.length * 2);
samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32_767), i * 2));
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
writeFileSync(process.argv[2] ?? 'notification.wav', Buffer.concat([header, data]));
