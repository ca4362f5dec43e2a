import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index';
import { constructedMp4, mp4Clip } from '../../emulator/media/mp4';
import { bytesOf, ffmpegDecodeErrors, ffprobe, hasTool, parseMp3, parseWav } from './helpers';

const FFPROBE = hasTool('ffprobe');

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ stepMs: 20 });
});
afterAll(async () => {
  await emu.close();
});

function pngChunks(b: Buffer): { type: string; data: Buffer; crc: number }[] {
  expect([...b.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks = [];
  let off = 8;
  while (off < b.length) {
    const len = b.readUInt32BE(off);
    chunks.push({
      type: b.toString('latin1', off + 4, off + 8),
      data: b.subarray(off + 8, off + 8 + len),
      crc: b.readUInt32BE(off + 8 + len),
    });
    off += 12 + len;
  }
  expect(off).toBe(b.length);
  return chunks;
}

function mp4TopBoxes(b: Buffer): string[] {
  const types = [];
  let off = 0;
  while (off < b.length) {
    const size = b.readUInt32BE(off);
    expect(size).toBeGreaterThanOrEqual(8);
    types.push(b.toString('latin1', off + 4, off + 8));
    off += size;
  }
  expect(off).toBe(b.length);
  return types;
}

describe('emulator media', () => {
  it('serves a WAV tone of exactly the requested duration', async () => {
    const { status, headers, bytes } = await bytesOf(`${emu.mediaUrl}/media/tone.wav?seconds=2.5`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('audio/wav');
    expect(Number(headers.get('content-length'))).toBe(bytes.length);
    const wav = parseWav(bytes);
    expect(wav).toMatchObject({ channels: 1, bits: 16, sampleRate: 22050 });
    expect(wav.durationMs).toBe(2500);
    // A real sine: not silence, peaks near 0.3 full scale.
    let peak = 0;
    for (let i = 44; i < bytes.length; i += 2)
      peak = Math.max(peak, Math.abs(bytes.readInt16LE(i)));
    expect(peak).toBeGreaterThan(9000);
    if (FFPROBE) expect((await ffprobe(bytes, 'wav')).durationS).toBeCloseTo(2.5, 3);
  });

  it('serves MP3 whose every frame header is valid and whose duration is frames × 1152 / rate', async () => {
    const { headers, bytes } = await bytesOf(`${emu.mediaUrl}/media/tone.mp3?seconds=300`);
    expect(headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = parseMp3(bytes);
    expect(mp3.sampleRate).toBe(48000);
    expect(mp3.frames).toBe(12500);
    expect(mp3.durationMs).toBe(300_000);
    if (FFPROBE) {
      const probe = await ffprobe(bytes, 'mp3');
      expect(probe.codec).toBe('mp3');
      expect(probe.durationS).toBeCloseTo(300, 1);
      expect(await ffmpegDecodeErrors(bytes.subarray(0, 96 * 500), 'mp3')).toBe('');
    }
  });

  it('serves PNG images whose chunk CRCs and pixel data check out', async () => {
    const { headers, bytes } = await bytesOf(`${emu.mediaUrl}/media/avatar/some-speaker.png`);
    expect(headers.get('content-type')).toBe('image/png');
    const chunks = pngChunks(bytes);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const crc32 = (zlib as unknown as { crc32?: (b: Buffer) => number }).crc32;
    for (const c of chunks) {
      if (crc32) expect(crc32(Buffer.concat([Buffer.from(c.type, 'latin1'), c.data]))).toBe(c.crc);
    }
    const ihdr = chunks[0]!.data;
    const [w, h] = [ihdr.readUInt32BE(0), ihdr.readUInt32BE(4)];
    expect(inflateSync(chunks[1]!.data).length).toBe(h * (1 + w * 3));
  });

  it('serves a 1-second MP4 with ftyp/moov/mdat; the constructed fallback is valid too', async () => {
    const { headers, bytes } = await bytesOf(`${emu.mediaUrl}/media/video/abc.mp4`);
    expect(headers.get('content-type')).toBe('video/mp4');
    expect(mp4TopBoxes(bytes)).toEqual(expect.arrayContaining(['ftyp', 'moov', 'mdat']));
    const fallback = constructedMp4();
    expect(mp4TopBoxes(fallback)).toEqual(['ftyp', 'moov', 'mdat']);
    if (FFPROBE) {
      const clip = await mp4Clip();
      expect(clip.madeBy).toBe('ffmpeg');
      expect((await ffprobe(bytes, 'mp4')).durationS).toBeCloseTo(1, 1);
      const probe = await ffprobe(fallback, 'mp4');
      expect(probe).toMatchObject({ codec: 'png', durationS: 1 });
    }
  });

  it('answers Range requests with 206 and the exact bytes; bad ranges with 416', async () => {
    const full = (await bytesOf(`${emu.mediaUrl}/media/tone.wav?seconds=1`)).bytes;
    const part = await bytesOf(`${emu.mediaUrl}/media/tone.wav?seconds=1`, {
      range: 'bytes=40-139',
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 40-139/${full.length}`);
    expect(part.bytes.equals(full.subarray(40, 140))).toBe(true);
    const tail = await bytesOf(`${emu.mediaUrl}/media/tone.wav?seconds=1`, { range: 'bytes=-10' });
    expect(tail.bytes.equals(full.subarray(full.length - 10))).toBe(true);
    const bad = await bytesOf(`${emu.mediaUrl}/media/tone.wav?seconds=1`, {
      range: `bytes=${full.length}-`,
    });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe(`bytes */${full.length}`);
  });

  it('streams a big file of N deterministic bytes (byte i = i mod 251)', async () => {
    const n = 3 * 1024 * 1024 + 17;
    const res = await fetch(`${emu.mediaUrl}/media/big?bytes=${n}`);
    expect(res.headers.get('content-length')).toBe(String(n));
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(n);
    const expected = Buffer.alloc(n);
    for (let i = 0; i < n; i++) expected[i] = i % 251;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(
      createHash('sha256').update(expected).digest('hex'),
    );
    const mid = await bytesOf(`${emu.mediaUrl}/media/big?bytes=${n}`, {
      range: 'bytes=1000000-1000009',
    });
    expect([...mid.bytes]).toEqual([...expected.subarray(1000000, 1000010)]);
  });

  it('logs media requests with origin "media" and 404s unknown files', async () => {
    const res = await fetch(`${emu.mediaUrl}/media/song/not-a-song.mp3`);
    expect(res.status).toBe(404);
    const entry = emu.log.at(-1)!;
    expect(entry).toMatchObject({
      origin: 'media',
      method: 'GET',
      path: '/media/song/not-a-song.mp3',
    });
  });
});
