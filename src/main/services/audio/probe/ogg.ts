/**
 * An Ogg stream's length from its last page: the granule position of the last page of the file
 * (found in a bounded read of its tail), over the sample rate (Vorbis), or less the pre-skip over
 * 48 kHz (Opus, whose pre-skip is in its first page). Nothing between the two ends is read.
 */
import type { ReadAt } from './riff';

/** The tail read for the last page: an Ogg page is at most 65,307 bytes. */
const TAIL_BYTES = 65_536 + 1024;
/** The head read for an Opus stream's identification header. */
const HEAD_BYTES = 4096;

const isCapture = (b: Uint8Array, at: number): boolean =>
  b[at] === 0x4f && b[at + 1] === 0x67 && b[at + 2] === 0x67 && b[at + 3] === 0x53;

/** The last page's granule position and sequence number in the file's tail, or null. */
export async function oggLastPage(
  read: ReadAt,
  size: number,
): Promise<{ granule: number; sequence: number } | null> {
  const from = Math.max(0, size - TAIL_BYTES);
  const buf = Buffer.alloc(size - from);
  const n = await read(buf, from);
  const b = buf.subarray(0, n);
  for (let at = b.length - 27; at >= 0; at--) {
    if (!isCapture(b, at) || b[at + 4] !== 0 || b[at + 5]! > 7) continue;
    // a whole page within the file (a capture pattern inside audio data rarely fits)
    const segments = b[at + 26]!;
    let end = at + 27 + segments;
    for (let i = 0; i < segments && end <= b.length; i++) end += b[at + 27 + i]!;
    if (end > b.length) continue;
    const granule = b.readBigInt64LE(at + 6);
    // -1: no packet ends on this page; a page before it then says
    if (granule < 0n) continue;
    return { granule: Number(granule), sequence: b.readUInt32LE(at + 18) };
  }
  return null;
}

/** An Opus stream's pre-skip (samples at 48 kHz to drop at the start), from its first page. */
async function opusPreSkip(read: ReadAt): Promise<number> {
  const buf = Buffer.alloc(HEAD_BYTES);
  const b = buf.subarray(0, await read(buf, 0));
  const at = b.indexOf('OpusHead');
  return at >= 0 && at + 12 <= b.length ? b.readUInt16LE(at + 10) : 0;
}

/** Milliseconds of an Ogg Vorbis or Opus stream, from its last page; null when unknown. */
export async function oggDurationMs(
  read: ReadAt,
  size: number,
  codec: 'ogg' | 'opus',
  sampleRate: number | null,
  /** The last page, when the caller has it. */
  last?: { granule: number } | null,
): Promise<number | null> {
  const granule = (last ?? (await oggLastPage(read, size)))?.granule ?? null;
  if (granule === null) return null;
  const samples = codec === 'opus' ? granule - (await opusPreSkip(read)) : granule;
  const rate = codec === 'opus' ? 48_000 : sampleRate;
  if (!rate || samples <= 0) return null;
  return Math.round((samples * 1000) / rate);
}
