/**
 * The recording file's constants (./schema.ts has its shape): in a module without zod, so the recorder's chunk
 * (./recorder.ts) does not carry the validator.
 */
export const RECORDING_FORMAT = 'casino-qa-recording';
export const RECORDING_VERSION = 1;
/** The largest file accepted (bytes): a larger one is refused before it is read or parsed. */
export const RECORDING_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** The recorder's ring buffer: at most this many entries… */
export const RECORDING_MAX_EVENTS = 5000;
/** …and this many bytes of JSON (so a downloaded recording always loads: well under the file limit). */
export const RECORDING_MAX_BUFFER_BYTES = 12 * 1024 * 1024;
/** One entry's JSON above this keeps its names and loses its data (context, input, output, event payload). */
export const RECORDING_MAX_ENTRY_BYTES = 256 * 1024;
export const RECORDING_NAME_MAX = 120;

/** Keys that could pollute a prototype if the file were ever merged into an object. */
export const HOSTILE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** UTF-8 size of `text` without encoding it. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}
