import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { audioDurationMs, probeCloneFile } from '../../../src/main/services/voices/probe';
import { mp3Frame, silentWav as wav } from '../../support/media-fixtures';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cadenza-probe-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, bytes: Buffer): Promise<string> {
  const p = join(dir, name);
  await writeFile(p, bytes);
  return p;
}

describe('audio length from headers', () => {
  it('reads WAV, constant-bitrate MP3 (after an ID3 tag) and FLAC lengths', async () => {
    expect(await audioDurationMs(await file('a.wav', wav(3.25)))).toBe(3250);
    const id3 = Buffer.concat([
      Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x0a', 'latin1'),
      Buffer.alloc(10),
    ]);
    const frames = Buffer.concat(Array.from({ length: 125 }, mp3Frame));
    expect(await audioDurationMs(await file('b.mp3', Buffer.concat([id3, frames])))).toBe(3000);

    const flac = Buffer.alloc(42);
    flac.write('fLaC', 0);
    const si = 8;
    const rate = 44_100;
    flac[si + 10] = rate >> 12;
    flac[si + 11] = (rate >> 4) & 0xff;
    flac[si + 12] = ((rate & 0xf) << 4) | (1 << 1);
    flac.writeUInt32BE(441_000, si + 14);
    expect(await audioDurationMs(await file('c.flac', flac))).toBe(10_000);
  });

  it('uses the Xing frame count of a variable-bitrate MP3', async () => {
    const first = mp3Frame();
    first.write('Xing', 4 + 17, 'latin1');
    first.writeUInt32BE(1, 8 + 17);
    first.writeUInt32BE(250, 12 + 17);
    const body = Buffer.concat([first, ...Array.from({ length: 10 }, mp3Frame)]);
    expect(await audioDurationMs(await file('v.mp3', body))).toBe(6000); // 250 × 1152 / 48 kHz
  });

  it('answers null for formats it cannot read without decoding, or garbage', async () => {
    expect(await audioDurationMs(await file('a.m4a', Buffer.alloc(2000)))).toBeNull();
    expect(await audioDurationMs(await file('x.mp3', Buffer.alloc(2000)))).toBeNull();
    expect(await audioDurationMs(await file('x.wav', Buffer.from('not a wav at all')))).toBeNull();
  });
});

describe('clone recording checks', () => {
  it('accepts a recording between 2 s and 10 min', async () => {
    const p = await file('ok.wav', wav(2.5));
    expect(await probeCloneFile(p, 80_044)).toEqual({ durationMs: 2500, problem: null });
  });

  it('names the problem: type, empty, size, too short, too long', async () => {
    expect((await probeCloneFile(await file('notes.txt', Buffer.from('hi')), 2)).problem).toMatch(
      /^Use an audio recording \(mp3, wav/,
    );
    expect((await probeCloneFile(await file('empty.wav', Buffer.alloc(0)), 0)).problem).toBe(
      'The file is empty.',
    );
    expect((await probeCloneFile(await file('big.wav', wav(3)), 101 * 1024 * 1024)).problem).toBe(
      'The file is 101.0 MB; recordings can be at most 100.0 MB.',
    );
    expect(await probeCloneFile(await file('short.wav', wav(1.2)), 100)).toEqual({
      durationMs: 1200,
      problem: 'The recording lasts 1.2 s; use at least 2.0 s of speech.',
    });
    const long = await probeCloneFile(await file('long.wav', wav(601, 1000)), 1_202_044);
    expect(long.problem).toBe('The recording lasts 601.0 s; use at most 10 minutes.');
  });
});
