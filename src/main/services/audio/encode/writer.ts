/**
 * Encoders that write the file as the samples come, so a render of any length holds only a chunk
 * (trim, whole song and export conversion: render/trim-file.ts, whole/render.ts, export/render.ts).
 *
 *   const out = await openPcmWriter(tmp, { format: 'flac', sampleRate, channels: 2, flacBlocks });
 *   await out.write(chunk.channels, chunk.frames);   // as often as the decoder gives samples
 *   const { bytes } = await out.finish();            // the head is written last (lengths, MD5)
 *
 * WAV: the header is written first with the lengths left zero and set at the end (a WAV holds at
 * most 4 GiB of samples: more is refused before it is written). FLAC: STREAMINFO's room is kept
 * and filled at the end (FlacFrameStream). MP3: the tag (`prefix`) first, then room for LAME's
 * info frame, filled at the end (Mp3FrameStream). Output goes to the file in 1 MiB writes.
 * Memory: one input chunk, its encoded bytes and at most 1 MiB waiting, whatever the length.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { appError } from '@shared/app-error';
import { FlacFrameStream, flacHead, STREAMINFO_AT, type FlacBlock } from './flac';
import { Mp3FrameStream } from './mp3';
import { quantise } from './samples';
import type { BitDepth, EncodeFormat } from './types';
import { wavHead, type RiffChunk } from './wav';

export interface PcmWriterOptions {
  format: EncodeFormat;
  sampleRate: number;
  /** Channels of the samples given (MP3 writes the first two). */
  channels: number;
  /** WAV and FLAC (16 by default). */
  bitDepth?: BitDepth;
  /** MP3 (192 by default). */
  kbps?: number;
  /** WAV: chunks after the audio. */
  riffChunks?: RiffChunk[];
  /** FLAC: metadata blocks after STREAMINFO. */
  flacBlocks?: FlacBlock[];
  /** MP3: bytes before the audio (an ID3v2 tag). */
  prefix?: Uint8Array;
  /** 'wx' to refuse an existing file (default 'w'). */
  flag?: 'w' | 'wx';
}

export interface PcmWriter {
  /** Appends the first `frames` samples of each channel. */
  write(channels: Float32Array[], frames: number): Promise<void>;
  /** Completes the file and closes it. */
  finish(): Promise<{ bytes: number; frames: number }>;
  /** Closes the file without completing it (the caller removes it). */
  close(): Promise<void>;
}

const FLUSH_BYTES = 1 << 20;
/** A WAV's lengths are 32-bit: the samples and what follows them must fit. */
const MAX_WAV_BYTES = 0xffffffff - 64 * 1024 * 1024;

/** Bytes to a file at growing positions, in writes of about FLUSH_BYTES. */
class Output {
  private parts: Uint8Array[] = [];
  private waiting = 0;
  position = 0;
  constructor(readonly fh: FileHandle) {}

  async put(bytes: Uint8Array): Promise<void> {
    if (bytes.length === 0) return;
    this.parts.push(bytes);
    this.waiting += bytes.length;
    if (this.waiting >= FLUSH_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    const parts = this.parts;
    this.parts = [];
    this.waiting = 0;
    for (const p of parts) {
      await this.fh.write(p, 0, p.length, this.position);
      this.position += p.length;
    }
  }

  /** Writes `bytes` at `at` (a head whose lengths are known only at the end). */
  async patch(bytes: Uint8Array, at: number): Promise<void> {
    await this.fh.write(bytes, 0, bytes.length, at);
  }
}

function checkFormat(o: PcmWriterOptions): void {
  const max = o.format === 'wav' ? 18 : 8;
  const ok =
    o.channels > 0 &&
    o.channels <= max &&
    Number.isInteger(o.sampleRate) &&
    o.sampleRate >= 1000 &&
    o.sampleRate <= 655350;
  if (!ok)
    throw appError(
      'internal',
      'errors:audio.unwritable',
      {},
      { detail: `pcm ${o.channels} channels, ${o.sampleRate} Hz` },
    );
}

/** Interleaved little-endian integers of the first `frames` samples. */
function interleave(channels: Float32Array[], frames: number, bits: BitDepth): Uint8Array {
  const ints = channels.map((c) => quantise(c, bits, 0, frames));
  const bytesPer = bits / 8;
  const out = new Uint8Array(frames * channels.length * bytesPer);
  let at = 0;
  for (let i = 0; i < frames; i++)
    for (const c of ints) {
      const v = c[i]!;
      out[at++] = v & 0xff;
      out[at++] = (v >> 8) & 0xff;
      if (bytesPer === 3) out[at++] = (v >> 16) & 0xff;
    }
  return out;
}

export async function openPcmWriter(path: string, o: PcmWriterOptions): Promise<PcmWriter> {
  checkFormat(o);
  const mp3 =
    o.format === 'mp3' ? await Mp3FrameStream.open(o.sampleRate, o.channels, o.kbps) : null;
  const bits = o.bitDepth ?? 16;
  const flac = o.format === 'flac' ? new FlacFrameStream(o.sampleRate, o.channels, bits) : null;
  const fh = await open(path, o.flag ?? 'w');
  const out = new Output(fh);
  let frames = 0;
  let dataBytes = 0;
  /** MP3: where the info frame goes, once the first frame says its size. */
  let infoAt = -1;
  const head =
    o.format === 'wav'
      ? wavHead({ sampleRate: o.sampleRate, channels: o.channels, bits, dataBytes: 0 })
      : flac
        ? flacHead(flac.streamInfo(), o.flacBlocks)
        : (o.prefix ?? new Uint8Array(0));
  await out.put(head);

  const mp3Frames = async (bytes: Uint8Array): Promise<void> => {
    if (bytes.length === 0) return;
    if (infoAt < 0) {
      infoAt = head.length;
      await out.put(new Uint8Array(mp3!.infoBytes()));
    }
    await out.put(bytes);
  };

  return {
    async write(channels, n) {
      if (n <= 0) return;
      const given = channels.slice(0, o.channels);
      frames += n;
      if (flac) await out.put(flac.push(given, n));
      else if (mp3) await mp3Frames(mp3.push(given, n));
      else {
        const bytes = interleave(given, n, bits);
        dataBytes += bytes.length;
        if (dataBytes > MAX_WAV_BYTES)
          throw appError(
            'validation',
            'errors:audio.wavTooLong',
            {},
            { detail: `${dataBytes} bytes of samples` },
          );
        await out.put(bytes);
      }
    },
    async finish() {
      try {
        if (flac) await out.put(flac.end());
        else if (mp3) await mp3Frames(mp3.end());
        else {
          if (dataBytes & 1) await out.put(new Uint8Array(1));
          for (const c of o.riffChunks ?? []) {
            const h = new Uint8Array(8);
            new DataView(h.buffer).setUint32(4, c.body.length, true);
            for (let i = 0; i < 4; i++) h[i] = c.id.charCodeAt(i);
            await out.put(h);
            await out.put(c.body);
            if (c.body.length & 1) await out.put(new Uint8Array(1));
          }
        }
        await out.flush();
        const bytes = out.position;
        if (flac) await out.patch(flac.streamInfo(), STREAMINFO_AT);
        else if (mp3 && infoAt >= 0) await out.patch(mp3.info(), infoAt);
        else if (!mp3) {
          const sized = wavHead({
            sampleRate: o.sampleRate,
            channels: o.channels,
            bits,
            dataBytes,
          });
          const view = new DataView(sized.buffer, sized.byteOffset, sized.byteLength);
          view.setUint32(4, bytes - 8, true); // the RIFF length: everything after it
          await out.patch(sized, 0);
        }
        return { bytes, frames };
      } finally {
        await fh.close();
      }
    },
    async close() {
      await fh.close().catch(() => undefined);
    },
  };
}
