/**
 * One exported file, made in the worker: the item's audio decoded, levelled when asked, encoded to
 * MP3, WAV or FLAC with its tags, and written where main said (never over an existing file). An
 * MP3 exported as MP3 without levelling is not decoded at all: its frames are copied and the tags
 * merged (frames Cadenza does not own kept as they are: audio/tags/retag.ts).
 *
 *   const r = await renderExport({ source, dest, format: 'flac', tags, coverPath });
 *   // { written: true, bytes, reencoded: true, gainDb: null }  or  { written: false } (name taken)
 */
import { promises as fs } from 'node:fs';
import { AppError } from '@shared/errors';
import { levellingGain } from '@shared/domain/loudness';
import type { ExportFormat } from '@shared/domain/export';
import { decodePcm } from '../audio/decode/pcm';
import { encodeFlac, encodeMp3, encodeWav, type BitDepth, type PcmAudio } from '../audio/encode';
import { meterPcm } from '../audio/loudness/measure';
import {
  flacTagBlocks,
  id3v2Tag,
  pictureBlock,
  retagBytes,
  riffTagChunks,
  type CoverArt,
  type ExportTags,
} from '../audio/tags';
import { sniffContent } from '../files/sniff';
import { writeExclusive } from '../ground/atomic';
import { readRegular } from '../ground/regular-file';
import { probeFile } from '../audio/probe';

export interface RenderInput {
  /** The item's media file. */
  source: string;
  /** The file to create (it must not exist). */
  dest: string;
  format: ExportFormat;
  tags: Omit<ExportTags, 'cover'>;
  /** The item's cover image beside its media; else art embedded in the media is used. */
  coverPath?: string | null;
  /** Level to this integrated loudness (LUFS); absent: the audio as it is. */
  normaliseToLufs?: number | null;
  kbps?: number;
  bitDepth?: BitDepth;
  /** Leave Cadenza's recipe out, also one the source file carries. */
  withoutCadenza?: boolean;
}

export type RenderResult =
  | {
      written: true;
      bytes: number;
      reencoded: boolean;
      gainDb: number | null;
      /** What the file goes without, in words (a cover too large for the format). */
      notes?: string[];
    }
  | { written: false };

/** A cover file beside an item is read only up to this (larger ones are left out). */
const MAX_COVER_FILE_BYTES = 64 * 1024 * 1024;
/** An MP3 exported as MP3 is retagged in memory: at most this big (about 9 hours at 128 kbps). */
const MAX_RETAGGED_MP3_BYTES = 512 * 1024 * 1024;

/** A FLAC metadata block's length field has 24 bits: a PICTURE block holds at most this. */
export const MAX_FLAC_BLOCK_BYTES = 0xffffff;

export interface RenderOptions {
  signal?: AbortSignal;
  /** 0..1 through this file. */
  onProgress?: (fraction: number) => void;
}

async function coverOf(input: RenderInput, embedded: CoverArt | null): Promise<CoverArt | null> {
  if (input.coverPath) {
    const data = new Uint8Array(
      await readRegular(input.coverPath, MAX_COVER_FILE_BYTES).catch(() => Buffer.alloc(0)),
    );
    const sniffed = sniffContent(data.subarray(0, 64));
    if (sniffed?.kind === 'image') return { mimeType: sniffed.mimeType, data };
  }
  return embedded;
}

/** Multiplies every sample by the gain that brings the audio to `targetLufs`; the gain in dB. */
function level(pcm: PcmAudio, targetLufs: number, signal?: AbortSignal): number | null {
  const r = meterPcm(pcm, { signal });
  const gain = levellingGain(r, targetLufs, Infinity);
  if (gain === 1) return null;
  for (const c of pcm.channels) for (let i = 0; i < c.length; i++) c[i]! *= gain;
  return 20 * Math.log10(gain);
}

async function encoded(
  input: RenderInput,
  tags: ExportTags,
  options: RenderOptions,
): Promise<{ bytes: Uint8Array; reencoded: boolean; gainDb: number | null; notes: string[] }> {
  const { signal, onProgress } = options;
  const probe = await probeFile(input.source, { art: !input.coverPath });
  const cover = await coverOf(
    input,
    probe?.art ? { mimeType: probe.art.mime, data: probe.art.data } : null,
  );
  const notes: string[] = [];
  let fits = cover;
  if (cover && input.format === 'flac' && pictureBlock(cover).body.length > MAX_FLAC_BLOCK_BYTES) {
    fits = null;
    const mb = (cover.data.length / 1_000_000).toFixed(1);
    notes.push(`the cover (${mb} MB) is larger than FLAC can hold (16 MB), so it was left out`);
  }
  const tagged: ExportTags = fits ? { ...tags, cover: fits } : tags;
  if (input.format === 'mp3' && probe?.format === 'mp3' && input.normaliseToLufs == null) {
    // merged: every frame the source carries that Cadenza does not own stays (ratings, ReplayGain…)
    const source = new Uint8Array(await readRegular(input.source, MAX_RETAGGED_MP3_BYTES));
    const bytes = await retagBytes(source, tagged, { withoutCadenza: input.withoutCadenza });
    return { bytes, reencoded: false, gainDb: null, notes };
  }
  const pcm = await decodePcm(input.source, { signal, probe: probe ?? undefined });
  if (!pcm)
    throw new AppError(
      'validation',
      'This item’s audio cannot be converted. Export it as the original file instead.',
    );
  onProgress?.(0.25);
  const gainDb = input.normaliseToLufs == null ? null : level(pcm, input.normaliseToLufs, signal);
  const bitDepth = input.bitDepth ?? (probe?.bitsPerSample === 24 ? 24 : 16);
  const progress = (f: number): void => onProgress?.(0.25 + 0.75 * f);
  let bytes: Uint8Array;
  if (input.format === 'wav') bytes = encodeWav(pcm, { bitDepth, chunks: riffTagChunks(tagged) });
  else if (input.format === 'flac')
    bytes = await encodeFlac(pcm, {
      bitDepth,
      blocks: flacTagBlocks(tagged),
      signal,
      onProgress: progress,
    });
  else {
    const audio = await encodeMp3(pcm, { kbps: input.kbps, signal, onProgress: progress });
    const tag = id3v2Tag(tagged);
    bytes = new Uint8Array(tag.length + audio.length);
    bytes.set(tag);
    bytes.set(audio, tag.length);
  }
  return { bytes, reencoded: true, gainDb, notes };
}

export async function renderExport(
  input: RenderInput,
  options: RenderOptions = {},
): Promise<RenderResult> {
  const { bytes, reencoded, gainDb, notes } = await encoded(input, input.tags, options);
  if (options.signal?.aborted) throw new AppError('cancelled', 'Cancelled.');
  const placed = await writeExclusive(input.dest, (tmp) =>
    fs.writeFile(tmp, bytes, { flag: 'wx' }),
  );
  if (!placed) return { written: false };
  options.onProgress?.(1);
  return {
    written: true,
    bytes: bytes.length,
    reencoded,
    gainDb,
    ...(notes.length > 0 ? { notes } : {}),
  };
}
