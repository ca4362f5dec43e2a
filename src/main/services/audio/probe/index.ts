/**
 * The media probe: what an audio (or video) file is and how long it lasts, for every caller —
 * the library (files added outside the app), text-to-speech results, waveforms, clone and cover
 * checks, and links measured before training. Built on music-metadata (tags, art, codec, format
 * facts for MP3, WAV, FLAC, M4A/AAC, Ogg Vorbis, Opus, WebM). It reads headers and bounded
 * regions, never a whole file: an MP3's length from its Xing/Info/VBRI header checked against the
 * file's size (a cut file measures what it holds), else from a sample of its frames (`estimated`
 * when its bit rate varies; files up to 2 MiB are counted whole); a WAV's data chunk against the
 * file's end; an Ogg stream's from its last page (a bounded read of the tail).
 *
 *   const p = await probeFile('/music/take.mp3');   // null when it is not media Cadenza reads
 *   p.durationMs; p.codec; p.tags.title; p.art?.mime
 *
 *   // a link's first bytes (URL measuring): headers only, nothing is counted or decoded
 *   const q = await probeBytes(head, { sizeBytes: 4_812_345, mimeType: 'audio/mpeg' });
 */
import type { FileHandle } from 'node:fs/promises';
import type * as MusicMetadata from 'music-metadata';
import type { IAudioMetadata } from 'music-metadata';
import { mediaTypeOf } from '../../ground/media-types';
import { closeSync, type Stats } from 'node:fs';
import { openRegular, openRegularSync } from '../../ground/regular-file';
import { mp4HeaderBytes } from './mp4';
import {
  declaredFrames,
  firstFrame,
  id3v2Bytes,
  mpegFrameAt,
  mpegLength,
  type MpegLength,
} from './mpeg';
import { oggDurationMs } from './ogg';
import { MAX_TAG_BYTES, pictureOverCaps } from './picture';
import { userTextOf } from './user-text';
import { plainMp3, type FoundProbe } from './found-mp3';
import { plainOgg } from './found-ogg';
import { plainFlac } from './found-flac';
import { plainM4a } from './found-m4a';
import { withoutTables } from './mp4-tables';
import { blobOf, syncReader, windowedReads, type ReadRange } from './reads';
import { readFromBytes, readWavLayout, type ReadAt, type WavLayout } from './riff';

export type { WavLayout } from './riff';
export type { FoundProbe } from './found-mp3';

/** music-metadata (and debug) loads on the first probe: CLI commands that probe nothing skip it. */
let musicMetadata: Promise<typeof MusicMetadata> | undefined;
const loadMusicMetadata = (): Promise<typeof MusicMetadata> =>
  (musicMetadata ??= import('music-metadata'));

export type ProbedFormat =
  'mp3' | 'wav' | 'flac' | 'm4a' | 'aac' | 'ogg' | 'opus' | 'mp4' | 'webm' | 'other';

export interface ProbedTags {
  title: string | null;
  artist: string | null;
  album: string | null;
  genre: string[];
  year: number | null;
  /** Unsynchronised lyrics (the first text found), when the tags carry some. */
  lyrics?: string | null;
}

export interface EmbeddedArt {
  mime: string;
  data: Uint8Array;
}

export interface MediaProbe {
  format: ProbedFormat;
  /** The container as music-metadata names it (e.g. "MPEG", "WAVE", "Ogg", "M4A/mp42"). */
  container: string;
  /** e.g. "MPEG 1 Layer 3", "PCM", "IEEE_FLOAT", "FLAC", "MPEG-4/AAC", "Vorbis I", "Opus". */
  codec: string | null;
  durationMs: number | null;
  sampleRate: number | null;
  channels: number | null;
  /** Bits per second (average for VBR). */
  bitRate: number | null;
  bitsPerSample: number | null;
  lossless: boolean;
  hasVideo: boolean;
  tags: ProbedTags;
  /** The front cover (or first picture) embedded in the file, when asked for. */
  art: EmbeddedArt | null;
  /** The header promised more audio than the file holds; durationMs is what it holds. */
  truncated: boolean;
  /**
   * durationMs is an estimate (within a few per cent): a large VBR MP3 without a Xing/VBRI
   * header, measured from a sample of its frames. A full decode learns the exact length.
   */
  estimated?: boolean;
  /** Where a WAV's samples are (for decoding it by hand). */
  wav: WavLayout | null;
  /** What was not read because it is over a cap (a huge tag or picture), in words. */
  leftOut?: string[];
  /** The text of the private tag field asked for with `userText` (null: none; user-text.ts). */
  userText?: string | null;
}

export interface ProbeOptions {
  /** Read embedded pictures (default false: skipped, cheaper). */
  art?: boolean;
  /** Headers and tags only: an MP3's or Ogg's length is not looked for (it may be null). */
  tagsOnly?: boolean;
  /** Also answer the text of this private field of the tags (ID3 TXXX, Vorbis comment). */
  userText?: string;
}

function formatOf(m: IAudioMetadata): ProbedFormat {
  const container = (m.format.container ?? '').toLowerCase();
  const codec = (m.format.codec ?? '').toLowerCase();
  if (container === 'mpeg') return codec.includes('aac') ? 'aac' : 'mp3';
  if (container === 'wave') return 'wav';
  if (container === 'flac') return 'flac';
  if (container === 'ogg') return codec.startsWith('opus') ? 'opus' : 'ogg';
  if (container.startsWith('ebml')) return 'webm';
  if (container.includes('m4a') || container.includes('mp4') || container.includes('isom'))
    return m.format.hasVideo ? 'mp4' : 'm4a';
  if (container.startsWith('adts')) return 'aac';
  return 'other';
}

const text = (v: string | undefined): string | null => (v?.trim() ? v.trim() : null);

function fromMetadata(m: IAudioMetadata, withArt: boolean): MediaProbe {
  const f = m.format;
  let picture =
    withArt && m.common.picture?.length
      ? (m.common.picture.find((p) => /front/i.test(p.type ?? '')) ?? m.common.picture[0]!)
      : null;
  // a picture over the caps (bytes, or the dimensions its header states) is left out
  const over = picture ? pictureOverCaps(picture.data) : null;
  if (over) picture = null;
  return {
    ...(over ? { leftOut: [over] } : {}),
    format: formatOf(m),
    container: f.container ?? 'unknown',
    codec: f.codec ?? null,
    durationMs:
      f.duration !== undefined && Number.isFinite(f.duration) && f.duration > 0
        ? Math.round(f.duration * 1000)
        : null,
    // Opus always decodes at 48 kHz (its header's rate is only the input's)
    sampleRate: formatOf(m) === 'opus' ? 48_000 : (f.sampleRate ?? null),
    channels: f.numberOfChannels ?? null,
    bitRate: f.bitrate !== undefined && Number.isFinite(f.bitrate) ? Math.round(f.bitrate) : null,
    bitsPerSample: f.bitsPerSample ?? null,
    lossless: f.lossless ?? false,
    hasVideo: f.hasVideo ?? false,
    tags: {
      title: text(m.common.title),
      artist: text(m.common.artist),
      album: text(m.common.album),
      genre: (m.common.genre ?? []).map((g) => g.trim()).filter(Boolean),
      year: m.common.year ?? null,
      lyrics: text(m.common.lyrics?.find((l) => l.text?.trim())?.text),
    },
    art: picture ? { mime: picture.format, data: picture.data } : null,
    truncated: false,
    wav: null,
  };
}

const msOf = (samples: number, rate: number): number => Math.round((samples * 1000) / rate);

/** An MP3 measured by its header or frames against the file's size (see mpegLength). */
function withMpegLength(p: MediaProbe, length: MpegLength | null): MediaProbe {
  if (!length || length.audioFrames === 0) return p;
  const { first } = length;
  const durationMs = msOf(length.audioFrames * first.samplesPerFrame, first.sampleRate);
  return {
    ...p,
    durationMs,
    sampleRate: first.sampleRate,
    channels: first.channels,
    bitRate: Math.round((length.audioBytes * 8) / (durationMs / 1000)),
    truncated: length.truncated,
    ...(length.estimated ? { estimated: true } : {}),
  };
}

/** What a WAV is known as before its chunks are read (music-metadata could not read them). */
const BARE_WAV = {
  format: { container: 'WAVE', sampleRate: 1, tagTypes: [], trackInfo: [] },
  common: { track: { no: null, of: null }, disk: { no: null, of: null }, movementIndex: {} },
  native: {},
  quality: { warnings: [] },
} as unknown as IAudioMetadata;

/** A WAV measured by its data chunk against the file's end. */
async function withWavLayout(
  p: MediaProbe,
  read: ReadAt,
  sizeBytes: number,
): Promise<MediaProbe | null> {
  const wav = await readWavLayout(read, sizeBytes);
  if (!wav || wav.blockAlign === 0 || wav.sampleRate === 0) return p.sampleRate === 1 ? null : p;
  const frames = Math.floor(wav.dataBytes / wav.blockAlign);
  return {
    ...p,
    sampleRate: wav.sampleRate,
    channels: wav.channels,
    wav,
    codec: wav.encoding === 1 ? 'PCM' : wav.encoding === 3 ? 'IEEE float' : p.codec,
    bitsPerSample: wav.bitsPerSample,
    durationMs: msOf(frames, wav.sampleRate),
    bitRate: wav.sampleRate * wav.blockAlign * 8,
    truncated: wav.truncated,
  };
}

/**
 * Tags and format facts of an opened file. Its content says what it is (an MP3 stream saved
 * with a `.wav` name is read as MP3); the name's type is asked only when the content does not say.
 */
async function parseOpened(
  read: ReadRange,
  size: number,
  path: string,
  options: { duration: boolean; skipCovers: boolean; from: number },
): Promise<IAudioMetadata> {
  const { from, ...parse } = options;
  const { parseBlob } = await loadMusicMetadata();
  try {
    return await parseBlob(blobOf(read, size, '', from), parse);
  } catch (e) {
    const byName = mediaTypeOf(path)?.mime;
    if (!byName) throw e;
    return parseBlob(blobOf(read, size, byName, from), parse);
  }
}

/** Where parsing starts: after an ID3v2 tag too large to read (its tags are left out). */
async function parseStart(read: ReadRange, size: number): Promise<number> {
  const tagBytes = id3v2Bytes(new Uint8Array(await read(0, Math.min(10, size))));
  return tagBytes > MAX_TAG_BYTES ? tagBytes : 0;
}

/** Probes a file on disk; null when it is not audio or video Cadenza can read. */
export async function probeFile(
  path: string,
  options: ProbeOptions = {},
): Promise<MediaProbe | null> {
  // non-blocking and regular-file-only: a FIFO, socket, device or folder is not media
  const opened = await openRegular(path).catch(() => null);
  if (!opened) return null;
  const { handle, stat } = opened;
  try {
    if (stat.size === 0) return null;
    return await probeOpened(handle, stat.size, path, options);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * What the library lists of a file added outside the app, from one opening: an MP3, Ogg Vorbis,
 * Opus, FLAC or M4A file whose tags are plain without music-metadata (found-*.ts), any other
 * file from the full probe (with its art, to know whether it has a picture). `userText`: a private
 * tag field to answer too.
 */
export async function probeFound(
  path: string,
  userText: string | null,
): Promise<FoundProbe | null> {
  let opened: { fd: number; stat: Stats };
  try {
    opened = openRegularSync(path);
  } catch {
    return null;
  }
  const { fd, stat } = opened;
  const handle = syncReader(fd);
  try {
    if (stat.size === 0) return null;
    const reads = windowedReads(handle, stat.size);
    // a reader that fails on what it was handed leaves the file to the full probe too
    const plain =
      (await plainMp3(reads, stat.size, userText).catch(() => null)) ??
      (await plainOgg(reads, stat.size, userText).catch(() => null)) ??
      (await plainFlac(reads, stat.size, userText).catch(() => null)) ??
      (await plainM4a(reads, stat.size, userText).catch(() => null));
    if (plain) return plain;
    const options = { art: true, ...(userText ? { userText } : {}) };
    // an M4A's sample tables are not read: the listing shows nothing made from them
    const range = await withoutTables(reads.range, stat.size);
    const p = await probeOpened(handle, stat.size, path, options, { ...reads, range });
    if (!p) return null;
    const { durationMs, tags } = p;
    const { title, genre, lyrics } = tags;
    const hasArt = p.art !== null;
    return {
      durationMs,
      title,
      genre,
      lyrics: lyrics ?? null,
      hasArt,
      userText: p.userText ?? null,
      ...(p.estimated ? { estimated: true as const } : {}),
    };
  } finally {
    closeSync(fd);
  }
}

async function probeOpened(
  handle: Pick<FileHandle, 'read'>,
  size: number,
  path: string,
  options: ProbeOptions,
  // one probe's reads share a few windows of the file (reads.ts)
  reads = windowedReads(handle, size),
): Promise<MediaProbe | null> {
  let meta: IAudioMetadata;
  const { range, readAt } = reads;
  const from = await parseStart(range, size);
  try {
    const skipCovers = !options.art;
    // headers only: an MP3's and an Ogg stream's lengths are read below, from bounded regions
    meta = await parseOpened(range, size, path, { duration: false, skipCovers, from });
  } catch {
    // a WAV whose other chunks are malformed still has its samples where fmt and data say
    meta = BARE_WAV;
  }
  if (!meta.format.container || (!meta.format.sampleRate && !meta.format.hasVideo)) return null;
  const probe = fromMetadata(meta, options.art === true);
  if (options.userText) probe.userText = userTextOf(meta, options.userText);
  if (from > 0) {
    const mb = (from / 1_000_000).toFixed(1);
    probe.leftOut = [
      ...(probe.leftOut ?? []),
      `the file's tags (${mb} MB) are larger than Cadenza reads, so they were left out`,
    ];
  }
  if (options.tagsOnly) return probe;
  const read = readAt;
  if (probe.format === 'mp3') return withMpegLength(probe, await mpegLength(read, size));
  if ((probe.format === 'ogg' || probe.format === 'opus') && probe.durationMs === null) {
    const durationMs = await oggDurationMs(read, size, probe.format, probe.sampleRate);
    if (durationMs === null) return probe;
    return { ...probe, durationMs, bitRate: Math.round((size * 8) / (durationMs / 1000)) };
  }
  if (probe.format !== 'wav') return probe;
  return withWavLayout(probe, read, size);
}

const isMp4 = (b: Uint8Array): boolean =>
  b.length >= 8 && String.fromCharCode(...b.subarray(4, 8)) === 'ftyp';

export interface BytesInfo {
  /** The whole file's size, when known (the bytes given may be only its start). */
  sizeBytes: number | null;
  mimeType?: string;
}

/**
 * Probes the first bytes of a file (or the parts of it that hold its headers, e.g. an MP4's
 * boxes before its media data and its `moov`, see mp4HeaderBytes) without the rest:
 * MP3 from its Xing/VBRI header, else its first frame's bitrate over the file's size (CBR);
 * WAV from its data chunk against the file's size; the others from their headers.
 */
export async function probeBytes(bytes: Uint8Array, info: BytesInfo): Promise<MediaProbe | null> {
  let meta: IAudioMetadata;
  const { parseBuffer } = await loadMusicMetadata();
  try {
    meta = await parseBuffer(
      isMp4(bytes) ? (mp4HeaderBytes(bytes) ?? bytes) : bytes,
      { mimeType: info.mimeType, size: info.sizeBytes ?? undefined },
      { duration: false, skipCovers: true, skipPostHeaders: true },
    );
  } catch {
    return null;
  }
  // headers alone may name no sample rate (an MP4 `moov` without tracks): the length is enough
  if (!meta.format.container) return null;
  const probe = fromMetadata(meta, false);
  if (probe.format === 'wav')
    return info.sizeBytes === null
      ? { ...probe, durationMs: null }
      : withWavLayout(probe, readFromBytes(bytes), info.sizeBytes);
  if (probe.format !== 'mp3') return probe;
  const at = firstFrame(bytes, id3v2Bytes(bytes));
  const frame = at < 0 ? null : mpegFrameAt(bytes, at);
  if (!frame) return { ...probe, durationMs: null };
  const declared = declaredFrames(bytes, at);
  if (declared !== null)
    return { ...probe, durationMs: msOf(declared * frame.samplesPerFrame, frame.sampleRate) };
  if (info.sizeBytes === null) return { ...probe, durationMs: null };
  return { ...probe, durationMs: Math.round(((info.sizeBytes - at) * 8000) / frame.bitRate) };
}
