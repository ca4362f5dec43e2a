/**
 * Songs that sound (config `songAudio: 'tones'`): each song's own audio is a melody of sine
 * notes, a new pitch every NOTE_MS chosen from the song id (phase-continuous, so no clicks),
 * 48 kHz mono, encoded to MP3 with lamejs (64 kbit/s, no LAME tag: decoders keep the encoder's
 * delay, as with an MP3 of unknown origin). Distinct songs do not correlate; an extension in the
 * "whole" shape (config `extensionShape: 'whole'`) really begins with its parent's audio up to
 * `continue_at`, then its own melody — what the whole-song renderer has to detect.
 *
 *   const bytes = await songMp3(state, song);   // cached per song
 */
import type { EmulatorState } from '../state';
import type { SongFields } from '../types';

export const TONE_RATE = 48_000;
const NOTE_MS = 250;
const LEVEL = 0.3;
const KBPS = 64;

function seedOf(id: string): number {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** `frames` samples of the song's own melody. */
export function melody(id: string, frames: number): Float32Array {
  const out = new Float32Array(frames);
  const noteFrames = (NOTE_MS * TONE_RATE) / 1000;
  let seed = seedOf(id) || 1;
  let freq = 440;
  let phase = 0;
  for (let i = 0; i < frames; i++) {
    if (i % noteFrames === 0) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      freq = 220 + (seed % 660); // 220–880 Hz
    }
    phase += (2 * Math.PI * freq) / TONE_RATE;
    if (phase > 2 * Math.PI) phase -= 2 * Math.PI;
    out[i] = LEVEL * Math.sin(phase);
  }
  return out;
}

const pcmCache = new WeakMap<SongFields, Float32Array>();
const mp3Cache = new WeakMap<SongFields, Promise<Buffer>>();

/**
 * The song's samples: its own melody for `newMs`; an extension in the "whole" shape is its
 * parent's samples up to `continue_at`, then that.
 */
export function songPcm(state: EmulatorState, song: SongFields): Float32Array {
  const cached = pcmCache.get(song);
  if (cached) return cached;
  const own = melody(song.songId, Math.round((song.newMs ?? song.durationMs) * (TONE_RATE / 1000)));
  let pcm = own;
  const parent = song.parentSongId ? state.songs.get(song.parentSongId) : undefined;
  if (song.shape === 'whole' && parent && song.continueAtS) {
    const head = songPcm(state, parent).subarray(0, Math.round(song.continueAtS * TONE_RATE));
    pcm = new Float32Array(head.length + own.length);
    pcm.set(head);
    pcm.set(own, head.length);
  }
  pcmCache.set(song, pcm);
  return pcm;
}

async function encode(pcm: Float32Array): Promise<Buffer> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(1, TONE_RATE, KBPS);
  const parts: Buffer[] = [];
  // lamejs answers Int8Arrays
  const bytes = (a: Int8Array | Uint8Array): Buffer =>
    Buffer.from(a.buffer, a.byteOffset, a.length);
  const block = 1152 * 16;
  for (let i = 0; i < pcm.length; i += block) {
    const chunk = pcm.subarray(i, i + block);
    const ints = new Int16Array(chunk.length);
    for (let j = 0; j < chunk.length; j++)
      ints[j] = Math.max(-32768, Math.min(32767, Math.round(chunk[j]! * 32767)));
    parts.push(bytes(encoder.encodeBuffer(ints)));
  }
  parts.push(bytes(encoder.flush()));
  return Buffer.concat(parts);
}

/** The song as an MP3 file (encoded once). */
export function songMp3(state: EmulatorState, song: SongFields): Promise<Buffer> {
  let bytes = mp3Cache.get(song);
  if (!bytes) {
    bytes = encode(songPcm(state, song));
    mp3Cache.set(song, bytes);
  }
  return bytes;
}
