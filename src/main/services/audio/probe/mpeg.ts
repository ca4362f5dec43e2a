/**
 * The MPEG audio frame facts the probe needs beyond what music-metadata reports: the frame
 * count of the audio actually present (so a truncated file or a VBR file without a Xing header
 * measures what it holds), and the VBRI header (Fraunhofer's VBR table), which music-metadata
 * does not read. Everything else about MP3s (tags, art, codec) comes from music-metadata.
 */

export interface MpegFrame {
  /** bits per second */
  bitRate: number;
  sampleRate: number;
  samplesPerFrame: number;
  frameBytes: number;
  channels: number;
  mpeg1: boolean;
  layer: 1 | 2 | 3;
}

const KBPS: Record<string, readonly number[]> = {
  'v1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  'v1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  'v1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  'v2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  'v2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
// looked up once: a frame walk reads thousands of headers
const V1_KBPS = [KBPS['v1-1']!, KBPS['v1-2']!, KBPS['v1-3']!];
const V2_L1_KBPS = KBPS['v2-1']!;
const V2_KBPS = KBPS['v2-2']!;
const RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** The frame whose header starts at `at`, or null when the four bytes there are not one. */
export function mpegFrameAt(b: Uint8Array, at: number): MpegFrame | null {
  if (at + 4 > b.length || b[at] !== 0xff) return null;
  const b1 = b[at + 1]!;
  const b2 = b[at + 2]!;
  if ((b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3 = MPEG 1, 2 = MPEG 2, 0 = MPEG 2.5
  const layerBits = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15) return null;
  if (rateIndex === 3) return null;
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const mpeg1 = version === 3;
  const kbps = (mpeg1 ? V1_KBPS[layer - 1]! : layer === 1 ? V2_L1_KBPS : V2_KBPS)[bitrateIndex]!;
  const sampleRate = RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 1;
  const samplesPerFrame = layer === 1 ? 384 : layer === 3 && !mpeg1 ? 576 : 1152;
  const frameBytes =
    layer === 1
      ? (Math.floor((12 * kbps * 1000) / sampleRate) + padding) * 4
      : Math.floor(((samplesPerFrame / 8) * kbps * 1000) / sampleRate) + padding;
  const channels = b[at + 3]! >> 6 === 3 ? 1 : 2;
  return { bitRate: kbps * 1000, sampleRate, samplesPerFrame, frameBytes, channels, mpeg1, layer };
}

/** Bytes taken by a leading ID3v2 tag (with its footer), 0 when there is none. */
export function id3v2Bytes(b: Uint8Array): number {
  if (b.length < 10 || b[0] !== 0x49 || b[1] !== 0x44 || b[2] !== 0x33) return 0;
  const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7);
  return 10 + (size | (b[9]! & 0x7f)) + (b[5]! & 0x10 ? 10 : 0);
}

/** A frame at `at` that is followed by another frame (or the end of `b`): not a stray sync word. */
export function firstFrame(b: Uint8Array, from = 0, scan = 64 * 1024): number {
  for (let at = from; at + 4 <= b.length && at < from + scan; at++) {
    const f = mpegFrameAt(b, at);
    if (!f) continue;
    const next = at + f.frameBytes;
    if (next + 4 > b.length || mpegFrameAt(b, next)) return at;
  }
  return -1;
}

const readU32 = (b: Uint8Array, at: number): number =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const ascii = (b: Uint8Array, at: number, n: number): string =>
  String.fromCharCode(...b.subarray(at, at + n));

/**
 * The frame count a VBR header in the frame at `at` declares (Xing/Info or VBRI), with whether the
 * header frame itself is a silent info frame (it then holds no audio). Null when none says.
 */
export function declaredFrames(b: Uint8Array, at: number): number | null {
  const f = mpegFrameAt(b, at);
  if (!f) return null;
  const side = f.mpeg1 ? (f.channels === 1 ? 17 : 32) : f.channels === 1 ? 9 : 17;
  const xing = at + 4 + side;
  const tag = ascii(b, xing, 4);
  if ((tag === 'Xing' || tag === 'Info') && xing + 12 <= b.length && readU32(b, xing + 4) & 1)
    return readU32(b, xing + 8) || null;
  const vbri = at + 4 + 32;
  if (ascii(b, vbri, 4) === 'VBRI' && vbri + 18 <= b.length) return readU32(b, vbri + 14) || null;
  return null;
}

export interface MpegCount {
  frames: number;
  /** Frames holding audio (the Xing/Info/VBRI frame excluded). */
  audioFrames: number;
  first: MpegFrame;
  /** Frames the VBR header declared, when there was one. */
  declared: number | null;
  /** Bytes of audio frames found. */
  audioBytes: number;
}

/** What one step of the frame walk found at a position. */
type Step = { frame: MpegFrame } | { skip: true } | { end: true };

/** The walk's step at `at` of `b` (whose end is the file's end when `atEnd`). */
function stepAt(b: Uint8Array, at: number, first: MpegFrame, atEnd: boolean): Step {
  const f = mpegFrameAt(b, at);
  // a header must match the stream's sample rate and layer, or it is junk (a tag, a stray sync)
  if (!f || f.sampleRate !== first.sampleRate || f.layer !== first.layer) {
    if (ascii(b, at, 3) === 'TAG' || ascii(b, at, 8) === 'APETAGEX') return { end: true };
    return { skip: true };
  }
  // a frame cut short at the end: it still decodes in part, but counts as none
  if (atEnd && at + f.frameBytes > b.length + 1) return { end: true };
  return { frame: f };
}

/**
 * Walks every frame of a complete MP3 file's bytes (after `start`), resynchronising over junk.
 * The count is what the file holds, whatever a header claims.
 */
export function countFrames(b: Uint8Array, start = id3v2Bytes(b)): MpegCount | null {
  const at0 = firstFrame(b, start);
  if (at0 < 0) return null;
  const first = mpegFrameAt(b, at0)!;
  const declared = declaredFrames(b, at0);
  let frames = 0;
  let audioBytes = 0;
  let at = at0;
  while (at + 4 <= b.length) {
    const step = stepAt(b, at, first, true);
    if ('end' in step) break;
    if ('skip' in step) {
      at += 1;
      continue;
    }
    frames += 1;
    audioBytes += step.frame.frameBytes;
    at += step.frame.frameBytes;
  }
  const audioFrames = declared !== null && frames > 0 ? frames - 1 : frames;
  return { frames, audioFrames, first, declared, audioBytes };
}

/** Positioned reads of a file: bytes read into `into` from `position`. */
export type ReadBytesAt = (into: Buffer, position: number) => Promise<number>;

/** The window `countFramesIn` reads at a time, and the room a frame needs at its end. */
const WINDOW_BYTES = 1024 * 1024;
const FRAME_ROOM = 8 * 1024;

/**
 * `countFrames` over a file on disk, read in 1 MiB windows: the same count in bounded memory,
 * however large the file (a probe never reads a whole MP3 into memory).
 */
export async function countFramesIn(read: ReadBytesAt, size: number): Promise<MpegCount | null> {
  // only the bytes read are looked at: no zeroing, and no larger than the file
  const win = Buffer.allocUnsafe(Math.min(WINDOW_BYTES, size));
  let base = 0;
  let view: Uint8Array = win.subarray(0, 0);
  const load = async (from: number): Promise<void> => {
    base = from;
    view = win.subarray(0, await read(win, from));
  };
  await load(0);
  const start = id3v2Bytes(view);
  await load(Math.min(start, size));
  const rel0 = firstFrame(view, 0);
  if (rel0 < 0) return null;
  const first = mpegFrameAt(view, rel0)!;
  const declared = declaredFrames(view, rel0);
  let frames = 0;
  let audioBytes = 0;
  let at = base + rel0;
  while (at + 4 <= size) {
    if (at + FRAME_ROOM > base + view.length && base + view.length < size) await load(at);
    const r = at - base;
    if (r + 4 > view.length) break;
    const step = stepAt(view, r, first, base + view.length >= size);
    if ('end' in step) break;
    if ('skip' in step) {
      at += 1;
      continue;
    }
    frames += 1;
    audioBytes += step.frame.frameBytes;
    at += step.frame.frameBytes;
  }
  const audioFrames = declared !== null && frames > 0 ? frames - 1 : frames;
  return { frames, audioFrames, first, declared, audioBytes };
}

/**
 * The byte count a VBR header in the frame at `at` declares (Xing/Info with its bytes flag, or
 * VBRI), the header frame included; null when none says.
 */
export function declaredBytes(b: Uint8Array, at: number): number | null {
  const f = mpegFrameAt(b, at);
  if (!f) return null;
  const side = f.mpeg1 ? (f.channels === 1 ? 17 : 32) : f.channels === 1 ? 9 : 17;
  const xing = at + 4 + side;
  const tag = ascii(b, xing, 4);
  if ((tag === 'Xing' || tag === 'Info') && xing + 16 <= b.length) {
    const flags = readU32(b, xing + 4);
    if (!(flags & 2)) return null;
    return readU32(b, xing + 8 + (flags & 1 ? 4 : 0)) || null;
  }
  const vbri = at + 4 + 32;
  if (ascii(b, vbri, 4) === 'VBRI' && vbri + 14 <= b.length) return readU32(b, vbri + 10) || null;
  return null;
}

/** What `mpegLength` learned: the audio's length, and how it knows. */
export interface MpegLength {
  first: MpegFrame;
  /** Audio frames (the Xing/Info/VBRI frame excluded), counted, declared or estimated. */
  audioFrames: number;
  /** Bytes of audio frames (for the average bit rate). */
  audioBytes: number;
  /** The header promised more than the file holds. */
  truncated: boolean;
  /**
   * The length is an estimate from a sample of the frames (a VBR file without a Xing/VBRI
   * header, too large to count whole): within a few per cent, exact for CBR.
   */
  estimated: boolean;
  /** Bytes of the file read to learn it. */
  bytesRead: number;
}

/** Files whose audio is at most this large are counted frame by frame (exact, and cheap). */
export const EXACT_COUNT_BYTES = 2 * 1024 * 1024;
/** The sample a larger file without a VBR header is measured from: three windows this large. */
const SAMPLE_WINDOW = 128 * 1024;
const FIRST_LOOK = 8 * 1024;
const frameBytesAt = (b: Uint8Array, at: number): number => mpegFrameAt(b, at)?.frameBytes ?? 0;

/** Frames and their bytes in `b` from `at`, walking whole frames like the stream's first. */
function walkWindow(
  b: Uint8Array,
  at: number,
  first: MpegFrame,
): { frames: number; bytes: number; rates: Set<number> } {
  let frames = 0;
  let bytes = 0;
  const rates = new Set<number>();
  while (at + 4 <= b.length) {
    const f = mpegFrameAt(b, at);
    if (!f || f.sampleRate !== first.sampleRate || f.layer !== first.layer) {
      if (ascii(b, at, 3) === 'TAG' || ascii(b, at, 8) === 'APETAGEX') break;
      at += 1;
      continue;
    }
    if (at + f.frameBytes > b.length) break; // cut by the window, not the file
    frames += 1;
    bytes += f.frameBytes;
    rates.add(f.bitRate);
    at += f.frameBytes;
  }
  return { frames, bytes, rates };
}

/**
 * An MP3's length from its headers and bounded regions, never the whole file: its Xing/Info/VBRI
 * header (frames and bytes) is believed at any size when the file holds the bytes it promises;
 * otherwise a small file is counted frame by frame (exact), and a larger one is measured by what
 * it holds in proportion to its header, or, without one, from three 128 KiB windows (start,
 * middle, end) of frames against the file's size.
 */
export async function mpegLength(read: ReadBytesAt, size: number): Promise<MpegLength | null> {
  const head = Buffer.allocUnsafe(SAMPLE_WINDOW);
  let bytesRead = 0;
  const readAt = async (into: Buffer, position: number): Promise<Uint8Array> => {
    const n = await read(into, position);
    bytesRead += n;
    return into.subarray(0, n);
  };
  const start = Math.min(id3v2Bytes(await readAt(head.subarray(0, 10), 0)), size);
  // the audio's end: before an ID3v1 tag
  const tail = Buffer.alloc(3);
  const hasV1 = size >= 128 && ascii(await readAt(tail, size - 128), 0, 3) === 'TAG';
  const end = hasV1 ? size - 128 : size;
  const look = (view: Uint8Array) => {
    const rel0 = firstFrame(view, 0);
    const declared = rel0 < 0 ? null : declaredFrames(view, rel0);
    const bytes = rel0 < 0 ? null : declaredBytes(view, rel0);
    // a header that promises more bytes than the file holds (a cut file), or none at all
    const cut = bytes !== null && end - start - rel0 < bytes * 0.99;
    const headerHolds = declared !== null && bytes !== null && !cut;
    return { view, rel0, declared, bytes, cut, headerHolds };
  };
  // most files have a VBR header in their first frame: a first look of 8 KiB, the rest read only
  // when it is not there (or the first frame was not followed by a second within the look)
  let seen = look(await readAt(head.subarray(0, FIRST_LOOK), start));
  const checked =
    seen.rel0 >= 0 && seen.rel0 + frameBytesAt(seen.view, seen.rel0) + 4 <= seen.view.length;
  if (!checked || !seen.headerHolds) seen = look(await readAt(head, start));
  const { view, rel0, declared, bytes, cut, headerHolds } = seen;
  // a small file the header cannot measure: counted whole (exact, and cheap at this size)
  if (!headerHolds && end - start <= EXACT_COUNT_BYTES) {
    const count = await countFramesIn(read, size);
    if (!count || count.audioFrames === 0) return null;
    return {
      first: count.first,
      audioFrames: count.audioFrames,
      audioBytes: count.audioBytes,
      truncated: count.declared !== null && count.audioFrames < count.declared - 1,
      estimated: false,
      bytesRead: bytesRead + size,
    };
  }
  if (rel0 < 0) return null;
  const first = mpegFrameAt(view, rel0)!;
  const audioStart = start + rel0;
  const available = end - audioStart;
  if (declared !== null) {
    // a cut file: what is there, in proportion
    const frames = cut && bytes !== null ? Math.floor((declared * available) / bytes) : declared;
    return {
      first,
      audioFrames: frames,
      audioBytes: Math.min(available, bytes ?? available),
      truncated: cut,
      estimated: cut,
      bytesRead,
    };
  }
  // no VBR header: the average frame of three windows, over the bytes the audio takes
  const sample = walkWindow(view, rel0, first);
  const more = Buffer.allocUnsafe(SAMPLE_WINDOW);
  for (const from of [audioStart + Math.floor(available / 2), end - SAMPLE_WINDOW]) {
    const w = await readAt(more, Math.max(audioStart, from));
    const at = firstFrame(w, 0);
    if (at < 0) continue;
    const got = walkWindow(w, at, first);
    sample.frames += got.frames;
    sample.bytes += got.bytes;
    for (const r of got.rates) sample.rates.add(r);
  }
  if (sample.frames === 0) return null;
  const frames = Math.round((available * sample.frames) / sample.bytes);
  return {
    first,
    audioFrames: frames,
    audioBytes: available,
    truncated: false,
    estimated: sample.rates.size > 1,
    bytesRead,
  };
}
