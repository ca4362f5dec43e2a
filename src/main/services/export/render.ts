/**
 * One exported file, made in the worker: the item's audio decoded, levelled when asked, encoded to
 * MP3, WAV or FLAC with its tags as the samples come (never held whole: any length converts within
 * EXPORT_CEILING_MB), and written where main said (never over an existing file). An
 * MP3 exported as MP3 without levelling is not decoded at all: its frames are copied and the tags
 * merged (frames Cadenza does not own kept as they are: audio/tags/retag.ts).
 *
 *   const r = await renderExport({ source, dest, format: 'flac', tags, coverPath });
 *   // { written: true, bytes, reencoded: true, gainDb: null }  or  { written: false } (name taken)
 */
import { appError } from '@shared/app-error';
import type { AppError, KeyedMessage } from '@shared/errors';
import { levellingGain } from '@shared/domain/loudness';
import type { ExportFormat } from '@shared/domain/export';
import { isDecodedFormat } from '../audio/decode/decoders';
import { decodeForRender } from '../audio/decode/stream';
import { openPcmWriter, type BitDepth, type PcmWriter } from '../audio/encode';
import { meterFile } from '../audio/loudness/measure';
import {
  flacTagBlocks,
  id3v2Tag,
  pictureBlock,
  retagCopy,
  riffTagChunks,
  type CoverArt,
  type ExportTags,
} from '../audio/tags';
import { sniffContent } from '../files/sniff';
import { writeExclusive } from '../ground/atomic';
import { readRegular } from '../ground/regular-file';
import { probeFile, type MediaProbe } from '../audio/probe';
import { pictureFault, type PictureFault } from '../audio/probe/picture';

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
      /** What the file goes without, by key (a cover too large for the format), said where shown. */
      notes?: KeyedMessage[];
    }
  | { written: false };

/** A cover file beside an item is read only up to this (larger ones are left out). */
const MAX_COVER_FILE_BYTES = 64 * 1024 * 1024;

/** A FLAC metadata block's length field has 24 bits: a PICTURE block holds at most this. */
export const MAX_FLAC_BLOCK_BYTES = 0xffffff;

export interface RenderOptions {
  signal?: AbortSignal;
  /** 0..1 through this file. */
  onProgress?: (fraction: number) => void;
}

/**
 * The cover to tag: the item's cover file, else the art embedded in its media (the probe left out
 * art over the caps already). A cover file is held to the same caps (audio/probe/picture.ts: 16 MB,
 * 8192 px a side, 40 megapixels, by its header; nothing is decoded or scaled): a larger one is left
 * out, with a note.
 */
async function coverOf(
  input: RenderInput,
  embedded: CoverArt | null,
  notes: KeyedMessage[],
): Promise<CoverArt | null> {
  if (input.coverPath) {
    const data = new Uint8Array(
      await readRegular(input.coverPath, MAX_COVER_FILE_BYTES).catch(() => Buffer.alloc(0)),
    );
    const sniffed = sniffContent(data.subarray(0, 64));
    if (sniffed?.kind === 'image') {
      const over = pictureFault(data);
      if (!over) return { mimeType: sniffed.mimeType, data };
      notes.push(coverNote(over));
      return null;
    }
  }
  return embedded;
}

/** A cover file left out, said by key (the export's status line; English in the CLI). */
function coverNote(fault: PictureFault): KeyedMessage {
  if (fault.over === 'bytes') return { key: 'edit:notes.coverBytes', params: { mb: fault.mb } };
  if (fault.over === 'noSize') return { key: 'edit:notes.coverNoSize' };
  return {
    key: 'edit:notes.coverPixels',
    params: { width: fault.width, height: fault.height },
  };
}

/** The gain that brings the file to `targetLufs` (a streamed measurement first); 1: none. */
async function levelOf(source: string, targetLufs: number, signal?: AbortSignal): Promise<number> {
  const r = await meterFile(source, { signal });
  if (!r) throw cannotConvert();
  return levellingGain(r, targetLufs, Infinity);
}

const cannotConvert = (): AppError => appError('validation', 'errors:export.unconvertible');

/**
 * Memory of one converted export, whatever the length: a decoder chunk (about 8 MB of stereo
 * float), its levelled copy and the encoder's chunk and 1 MiB of output (openPcmWriter), plus the
 * tags and cover (a cover is at most 16 MB, picture caps), and what the GC has not yet freed —
 * measured +88 to +106 MB for an hour to WAV or FLAC; ceiling 160 MB (docs/security.md). An MP3
 * kept as MP3 is not decoded: its new tag is written, then its frames copied a megabyte at a time
 * (retagCopy), within RETAG_CEILING_MB whatever its size.
 */
export const EXPORT_CEILING_MB = 160;
/**
 * Memory of an MP3 exported as MP3 (a merged retag), whatever its size: the head tags read (the
 * tag reader refuses over 64 MB; a few KB is usual), the new tag with its cover (16 MB at most,
 * picture caps) and one megabyte of frames being copied — measured +25 to +35 MB over a bare
 * process for a 128 MB MP3 (reads the GC has not yet freed; it was +354 MB read whole).
 */
export const RETAG_CEILING_MB = 96;

interface Plan {
  tags: ExportTags;
  notes: KeyedMessage[];
  probe: MediaProbe | null;
}

async function plan(input: RenderInput): Promise<Plan> {
  const probe = await probeFile(input.source, { art: !input.coverPath });
  const notes: KeyedMessage[] = [];
  const cover = await coverOf(
    input,
    probe?.art ? { mimeType: probe.art.mime, data: probe.art.data } : null,
    notes,
  );
  let fits = cover;
  if (cover && input.format === 'flac' && pictureBlock(cover).body.length > MAX_FLAC_BLOCK_BYTES) {
    fits = null;
    const mb = Math.round(cover.data.length / 100_000) / 10;
    notes.push({ key: 'edit:notes.flacCover', params: { mb } });
  }
  return { tags: fits ? { ...input.tags, cover: fits } : input.tags, notes, probe };
}

/** Decodes, levels and encodes the source into `tmp` as the samples come. */
async function convert(
  input: RenderInput,
  p: Plan,
  tmp: string,
  options: RenderOptions,
): Promise<{ bytes: number; gainDb: number | null }> {
  const { signal, onProgress } = options;
  const probe = p.probe;
  if (!probe || !isDecodedFormat(probe.format)) throw cannotConvert();
  const levelling = input.normaliseToLufs != null;
  const gain = levelling ? await levelOf(input.source, input.normaliseToLufs!, signal) : 1;
  const from = levelling ? 0.3 : 0;
  const expected = ((probe.durationMs ?? 0) * (probe.sampleRate ?? 44_100)) / 1000;
  const bitDepth = input.bitDepth ?? (probe.bitsPerSample === 24 ? 24 : 16);
  let out: PcmWriter | null = null;
  let done = 0;
  let lastReport = 0;
  try {
    const decoder = await decodeForRender(
      input.source,
      probe,
      async (c) => {
        if (!out) {
          out = await openPcmWriter(tmp, {
            format: input.format,
            sampleRate: c.sampleRate,
            channels: c.channels.length,
            bitDepth,
            kbps: input.kbps,
            flag: 'wx',
            ...(input.format === 'wav' ? { riffChunks: riffTagChunks(p.tags) } : {}),
            ...(input.format === 'flac' ? { flacBlocks: flacTagBlocks(p.tags) } : {}),
            ...(input.format === 'mp3' ? { prefix: id3v2Tag(p.tags) } : {}),
          });
        }
        let samples = c.channels;
        if (gain !== 1)
          samples = samples.map((ch) => {
            const g = ch.slice(0, c.frames);
            for (let i = 0; i < g.length; i++) g[i]! *= gain;
            return g;
          });
        await out.write(samples, c.frames);
        done += c.frames;
        if (Date.now() - lastReport > 200) {
          lastReport = Date.now();
          onProgress?.(from + (1 - from) * Math.min(0.99, done / Math.max(1, expected)));
        }
      },
      signal,
    );
    if (!decoder || !out) throw cannotConvert();
    const w: PcmWriter = out;
    out = null;
    const { bytes } = await w.finish();
    return { bytes, gainDb: gain === 1 ? null : 20 * Math.log10(gain) };
  } finally {
    if (out) await (out as PcmWriter).close();
  }
}

export async function renderExport(
  input: RenderInput,
  options: RenderOptions = {},
): Promise<RenderResult> {
  const p = await plan(input);
  const { notes } = p;
  const noted = notes.length > 0 ? { notes } : {};
  if (input.format === 'mp3' && p.probe?.format === 'mp3' && input.normaliseToLufs == null) {
    // merged: every frame the source carries that Cadenza does not own stays (ratings, ReplayGain…)
    let bytes = 0;
    let lastReport = 0;
    const placed = await writeExclusive(input.dest, async (tmp) => {
      const r = await retagCopy(input.source, tmp, p.tags, {
        withoutCadenza: input.withoutCadenza,
        signal: options.signal,
        // as the copy goes (a 500 MB MP3 takes seconds), not only at the end
        onBytes: (written, total) => {
          if (Date.now() - lastReport < 200) return;
          lastReport = Date.now();
          options.onProgress?.(Math.min(0.99, written / Math.max(1, total)));
        },
      });
      if (options.signal?.aborted) throw appError('cancelled', 'errors:cancelled');
      bytes = r.bytes;
    });
    if (!placed) return { written: false };
    options.onProgress?.(1);
    return { written: true, bytes, reencoded: false, gainDb: null, ...noted };
  }
  let result: { bytes: number; gainDb: number | null } | null = null;
  const placed = await writeExclusive(input.dest, async (tmp) => {
    result = await convert(input, p, tmp, options);
    if (options.signal?.aborted) throw appError('cancelled', 'errors:cancelled');
  });
  if (!placed || !result) return { written: false };
  const r: { bytes: number; gainDb: number | null } = result;
  options.onProgress?.(1);
  return { written: true, bytes: r.bytes, reencoded: true, gainDb: r.gainDb, ...noted };
}
