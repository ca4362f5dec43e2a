import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pngImage } from './png';

/**
 * A 1-second MP4 clip. With ffmpeg on the machine it is a real H.264/AAC file made once into a
 * temp folder (reused by later runs); without it, a minimal ISO-BMFF file built here: one video
 * track with a single PNG-coded frame lasting one second (valid for parsers and ffprobe, not
 * playable in every browser).
 */
export const MP4_DURATION_MS = 1000;

const CACHE_DIR = join(tmpdir(), 'cadenza-emulator-media-v1');
const CLIP_PATH = join(CACHE_DIR, 'clip-1s.mp4');

let clipPromise: Promise<{ bytes: Buffer; madeBy: 'ffmpeg' | 'constructed' }> | undefined;

export function mp4Clip(): Promise<{ bytes: Buffer; madeBy: 'ffmpeg' | 'constructed' }> {
  clipPromise ??= loadClip();
  return clipPromise;
}

async function loadClip(): Promise<{ bytes: Buffer; madeBy: 'ffmpeg' | 'constructed' }> {
  try {
    const s = await stat(CLIP_PATH);
    if (s.size > 0) return { bytes: await readFile(CLIP_PATH), madeBy: 'ffmpeg' };
  } catch {
    // not made yet
  }
  const made = await makeWithFfmpeg();
  if (made) return { bytes: made, madeBy: 'ffmpeg' };
  return { bytes: constructedMp4(), madeBy: 'constructed' };
}

function run(cmd: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: 20_000 }, (err) => resolve(!err));
  });
}

async function makeWithFfmpeg(): Promise<Buffer | undefined> {
  await mkdir(CACHE_DIR, { recursive: true });
  const tmp = `${CLIP_PATH}.${process.pid}.${Date.now()}.mp4`;
  const input = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    '-t',
    '1',
  ];
  const codecs = [
    ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ['-c:v', 'mpeg4', '-c:a', 'aac'],
  ];
  for (const c of codecs) {
    if (await run('ffmpeg', [...input, ...c, '-movflags', '+faststart', tmp])) {
      await rename(tmp, CLIP_PATH);
      return readFile(CLIP_PATH);
    }
  }
  return undefined;
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function fullBox(type: string, version: number, flags: number, ...payload: Buffer[]): Buffer {
  const vf = Buffer.alloc(4);
  vf.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff));
  return box(type, vf, ...payload);
}

function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4));
  return b;
}

function u16(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeUInt16BE(v & 0xffff, i * 2));
  return b;
}

const MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

function moov(widthPx: number, heightPx: number, frameBytes: number, mdatOffset: number): Buffer {
  const timescale = 1000;
  const mvhd = fullBox(
    'mvhd',
    0,
    0,
    u32(0, 0, timescale, MP4_DURATION_MS, 0x00010000),
    u16(0x0100, 0),
    u32(0, 0),
    MATRIX,
    u32(0, 0, 0, 0, 0, 0),
    u32(2),
  );
  const tkhd = fullBox(
    'tkhd',
    0,
    3,
    u32(0, 0, 1, 0, MP4_DURATION_MS, 0, 0),
    u16(0, 0, 0, 0),
    MATRIX,
    u32(widthPx << 16, heightPx << 16),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32(0, 0, timescale, MP4_DURATION_MS), u16(0x55c4, 0));
  const hdlr = fullBox(
    'hdlr',
    0,
    0,
    u32(0),
    Buffer.from('vide', 'latin1'),
    u32(0, 0, 0),
    Buffer.from('VideoHandler\0', 'latin1'),
  );
  const vmhd = fullBox('vmhd', 0, 1, u16(0, 0, 0, 0));
  const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
  const compressor = Buffer.alloc(32);
  const sampleEntry = box(
    'png ',
    Buffer.alloc(6),
    u16(1),
    u16(0, 0),
    u32(0, 0, 0),
    u16(widthPx, heightPx),
    u32(0x00480000, 0x00480000, 0),
    u16(1),
    compressor,
    u16(0x0018, 0xffff),
  );
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), sampleEntry),
    fullBox('stts', 0, 0, u32(1, 1, MP4_DURATION_MS)),
    fullBox('stsc', 0, 0, u32(1, 1, 1, 1)),
    fullBox('stsz', 0, 0, u32(0, 1, frameBytes)),
    fullBox('stco', 0, 0, u32(1, mdatOffset)),
  );
  const minf = box('minf', vmhd, dinf, stbl);
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
  return box('moov', mvhd, trak);
}

export function constructedMp4(): Buffer {
  const widthPx = 64;
  const heightPx = 64;
  const frame = pngImage(widthPx, heightPx, 90);
  const ftyp = box(
    'ftyp',
    Buffer.from('isom', 'latin1'),
    u32(512),
    Buffer.from('isomiso2mp41', 'latin1'),
  );
  const probe = moov(widthPx, heightPx, frame.length, 0);
  const offset = ftyp.length + probe.length + 8;
  return Buffer.concat([ftyp, moov(widthPx, heightPx, frame.length, offset), box('mdat', frame)]);
}
