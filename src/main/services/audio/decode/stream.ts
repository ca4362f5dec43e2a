/**
 * A decodable file's samples, chunk by chunk, for every consumer that reads a whole file (the PCM
 * decode, the waveform peaks): WAV read by hand on the probe's layout, the rest through the WASM
 * decoders (decoders.ts), with an MP3's VBRI header frame cut out (an info frame, not audio).
 *
 *   const name = await decodeChunks(path, probe, (c) => { use(c.channels, c.frames); });
 *   // return false from the callback to stop early; null: this file cannot be decoded here
 */
import { openRegular } from '../../ground/regular-file';
import type { FileHandle } from 'node:fs/promises';
import type { MediaProbe, WavLayout } from '../probe';
import { firstFrame, id3v2Bytes } from '../probe/mpeg';
import { isDecodedFormat, streamDecoderFor, wavSampleReader, type DecoderName } from './decoders';

export interface SampleChunk {
  /** One array per channel; only the first `frames` samples of each count. */
  channels: Float32Array[];
  frames: number;
  /** The rate the decoder reports (Opus is always 48 kHz). */
  sampleRate?: number;
}

/**
 * Answers false to stop decoding; may answer a promise (a writer's backpressure), which is
 * awaited before the next chunk — whose arrays may reuse this one's.
 */
export type ChunkSink = (chunk: SampleChunk) => boolean | void | Promise<boolean | void>;

const CHUNK_BYTES = 256 * 1024;
/** About this many frames per decoder call (1 Mi frames: 8 MB of stereo float). */
const CHUNK_OUT_FRAMES = 1 << 20;
/** The first call's input: small enough that even the densest FLAC gives under ~16 MB. */
const FIRST_SLICE_BYTES = 1024;
/** Never fewer bytes than this per call (a FLAC frame header and its subframes fit). */
const MIN_SLICE_BYTES = 64;

/** Byte range of a VBRI header frame at the start of an MP3, or null. */
async function vbriFrame(fh: FileHandle): Promise<[number, number] | null> {
  const head = Buffer.alloc(10);
  await fh.read(head, 0, 10, 0);
  const from = id3v2Bytes(head);
  const b = Buffer.alloc(8192);
  const { bytesRead } = await fh.read(b, 0, b.length, from);
  const view = b.subarray(0, bytesRead);
  const at = firstFrame(view, 0, 4096);
  if (at < 0 || view.toString('latin1', at + 36, at + 40) !== 'VBRI') return null;
  const next = firstFrame(view, at + 4, 4096);
  return next > at ? [from + at, from + next] : null;
}

async function wavChunks(
  path: string,
  w: WavLayout,
  sink: ChunkSink,
  signal?: AbortSignal,
): Promise<boolean> {
  const read = wavSampleReader(w);
  if (!read || w.channels < 1 || w.blockAlign === 0) return false;
  const bytesPerSample = w.bitsPerSample / 8;
  const frameBytes = w.blockAlign;
  const chunkFrames = Math.max(1, Math.floor(CHUNK_BYTES / frameBytes));
  const buf = Buffer.alloc(chunkFrames * frameBytes);
  const total = Math.floor(w.dataBytes / frameBytes);
  const planes = Array.from({ length: w.channels }, () => new Float32Array(chunkFrames));
  const { handle: fh } = await openRegular(path);
  try {
    for (let frame = 0; frame < total; frame += chunkFrames) {
      signal?.throwIfAborted();
      const want = Math.min(chunkFrames, total - frame) * frameBytes;
      const { bytesRead } = await fh.read(buf, 0, want, w.dataOffset + frame * frameBytes);
      const got = Math.floor(bytesRead / frameBytes);
      for (let c = 0; c < w.channels; c++) {
        const plane = planes[c]!;
        for (let i = 0, at = c * bytesPerSample; i < got; i++, at += frameBytes)
          plane[i] = read(buf, at);
      }
      if ((await sink({ channels: planes, frames: got, sampleRate: w.sampleRate })) === false)
        break;
      if (got * frameBytes < want) break;
    }
  } finally {
    await fh.close();
  }
  return true;
}

async function compressedChunks(
  path: string,
  format: string,
  sink: ChunkSink,
  signal?: AbortSignal,
): Promise<DecoderName> {
  const d = await streamDecoderFor(format);
  const { handle: fh } = await openRegular(path);
  try {
    const skip = format === 'mp3' ? await vbriFrame(fh) : null;
    const buf = Buffer.alloc(CHUNK_BYTES);
    let more = true;
    // how many bytes to hand the decoder next: starts small and follows what the file decodes
    // to, so one call never yields more than about CHUNK_OUT_FRAMES (a FLAC of CONSTANT
    // subframes decodes 17 bytes to 65,535 samples: 256 KB of it would be gigabytes at once)
    let slice = FIRST_SLICE_BYTES;
    for (let pos = 0; more;) {
      signal?.throwIfAborted();
      if (skip && pos === skip[0]) pos = skip[1];
      const room = skip && pos < skip[0] ? Math.min(buf.length, skip[0] - pos) : buf.length;
      const want = Math.min(room, slice);
      const { bytesRead } = await fh.read(buf, 0, want, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      // the decoders keep references to what they are given: hand each its own copy
      const c = await d.decode(Uint8Array.prototype.slice.call(buf, 0, bytesRead));
      const perByte = c.samplesDecoded / bytesRead;
      slice =
        perByte > 0
          ? Math.max(MIN_SLICE_BYTES, Math.min(CHUNK_BYTES, Math.floor(CHUNK_OUT_FRAMES / perByte)))
          : Math.min(CHUNK_BYTES, slice * 2);
      more =
        (await sink({
          channels: c.channelData,
          frames: c.samplesDecoded,
          sampleRate: c.sampleRate,
        })) !== false;
    }
    const rest = more ? await d.flush() : null;
    if (rest)
      await sink({
        channels: rest.channelData,
        frames: rest.samplesDecoded,
        sampleRate: rest.sampleRate,
      });
  } finally {
    await fh.close();
    d.free();
  }
  return d.name;
}

/**
 * Feeds the file's samples to `sink` in order; the decoder's name, or null when its format (AAC,
 * video) or WAV layout has no decoder here. Throws on read errors and when aborted.
 */
export async function decodeChunks(
  path: string,
  probe: MediaProbe,
  sink: ChunkSink,
  signal?: AbortSignal,
): Promise<DecoderName | null> {
  if (!isDecodedFormat(probe.format)) return null;
  if (probe.format === 'wav')
    return probe.wav && (await wavChunks(path, probe.wav, sink, signal)) ? 'wav' : null;
  return compressedChunks(path, probe.format, sink, signal);
}

/** A chunk as a render takes it: never empty, only the file's channels, its rate known. */
export interface RenderChunk {
  channels: Float32Array[];
  frames: number;
  sampleRate: number;
}

/**
 * decodeChunks for the renders (trim, whole song, export): a stop asked for is thrown before each
 * chunk, empty chunks are skipped, and mpg123's two channels of a mono file are cut to the one
 * the file has.
 */
export function decodeForRender(
  path: string,
  probe: MediaProbe,
  sink: (chunk: RenderChunk) => boolean | void | Promise<boolean | void>,
  signal?: AbortSignal,
): Promise<DecoderName | null> {
  return decodeChunks(
    path,
    probe,
    (c) => {
      signal?.throwIfAborted();
      if (c.frames <= 0 || c.channels.length === 0) return;
      const kept = Math.min(c.channels.length, probe.channels ?? c.channels.length);
      return sink({
        channels: kept < c.channels.length ? c.channels.slice(0, kept) : c.channels,
        frames: c.frames,
        sampleRate: c.sampleRate ?? probe.sampleRate ?? 44_100,
      });
    },
    signal,
  );
}
