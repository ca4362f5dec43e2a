/**
 * Ratings in the standard frames (issue 31, point 3; shared/domain/rating.ts): ID3 POPM with
 * Cadenza's owner and the 1–5 ↔ 0–255 mapping, Vorbis RATING / FMPS_RATING, read back by
 * music-metadata and ffprobe; another program's POPM stays; a cleared rating removes Cadenza's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { encodeFlac, encodeMp3, type PcmAudio } from '../../../src/main/services/audio/encode';
import { flacTagBlocks, id3v2Tag } from '../../../src/main/services/audio/tags';
import { mergeId3, readId3Frames } from '../../../src/main/services/audio/tags/id3-merge';
import { RATING_POPM_EMAIL, ratingFromByte, ratingToByte } from '../../../src/shared/domain/rating';

const dir = mkdtempSync(join(tmpdir(), 'cadenza-rating-'));
const pcm: PcmAudio = {
  sampleRate: 44100,
  channels: [0, 1].map(() => Float32Array.from({ length: 22050 }, (_, i) => Math.sin(i / 7) / 3)),
};
const write = (name: string, bytes: Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

/** A POPM frame of ID3v2.4 as another program writes it. */
function otherPopm(email: string, byte: number): Uint8Array {
  const body = new Uint8Array([...new TextEncoder().encode(email), 0, byte, 0, 0, 0, 7]);
  const size = body.length;
  const head = new Uint8Array([
    ...new TextEncoder().encode('POPM'),
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
    0,
    0,
  ]);
  return new Uint8Array([...head, ...body]);
}

describe('ratings in files', () => {
  it('maps 1–5 to the POPM bytes players use, and every byte back to the nearest star', () => {
    expect([1, 2, 3, 4, 5].map(ratingToByte)).toEqual([1, 64, 128, 196, 255]);
    expect([1, 2, 3, 4, 5].map((r) => ratingFromByte(ratingToByte(r)))).toEqual([1, 2, 3, 4, 5]);
    expect([0, 1, 31, 32, 95, 96, 159, 160, 223, 224, 255].map(ratingFromByte)).toEqual([
      null,
      1,
      1,
      2,
      2,
      3,
      3,
      4,
      4,
      5,
      5,
    ]);
    expect(() => ratingToByte(6)).toThrow();
  });

  it('MP3: a POPM frame owned by Cadenza, read back as 4 stars (0.75) by music-metadata', async () => {
    const path = write(
      'rated.mp3',
      new Uint8Array([
        ...id3v2Tag({ title: 'Harbour Lights', rating: 4 }),
        ...(await encodeMp3(pcm)),
      ]),
    );
    const meta = await parseFile(path);
    expect(meta.common.rating).toHaveLength(1);
    expect(meta.common.rating![0]!.source).toBe(RATING_POPM_EMAIL);
    expect(meta.common.rating![0]!.rating).toBeCloseTo(0.77, 2); // 4 of 5 stars
    const popm = meta.native['ID3v2.4']!.find((t) => t.id === 'POPM')!;
    expect(popm.value).toMatchObject({ email: RATING_POPM_EMAIL, rating: 196 });
  });

  it("a merge replaces only Cadenza's POPM; another player's stays; rating 0 removes Cadenza's", () => {
    const tag = (frames: Uint8Array[]): Uint8Array => {
      const body = new Uint8Array(frames.flatMap((f) => [...f]));
      const n = body.length;
      return new Uint8Array([
        0x49,
        0x44,
        0x33,
        4,
        0,
        0,
        (n >> 21) & 0x7f,
        (n >> 14) & 0x7f,
        (n >> 7) & 0x7f,
        n & 0x7f,
        ...body,
      ]);
    };
    const before = readId3Frames(
      tag([
        otherPopm('Windows Media Player 9 Series', 255),
        ...readId3Frames(id3v2Tag({ rating: 2 })).map((f) => f.bytes),
      ]),
    );
    expect(before).toHaveLength(2);
    expect(before.map((f) => f.key)).toEqual(
      expect.arrayContaining([`POPM:${RATING_POPM_EMAIL}`, 'POPM:Windows Media Player 9 Series']),
    );
    const rated = readId3Frames(mergeId3(before, { rating: 5 }));
    expect(rated).toHaveLength(2);
    expect(rated.map((f) => f.key)).toEqual(
      expect.arrayContaining([`POPM:${RATING_POPM_EMAIL}`, 'POPM:Windows Media Player 9 Series']),
    );
    const ours = rated.find((f) => f.key === `POPM:${RATING_POPM_EMAIL}`)!;
    expect(ours.bytes.at(-1)).toBe(255);
    const cleared = readId3Frames(mergeId3(before, { rating: 0 }));
    expect(cleared.map((f) => f.key)).toEqual(['POPM:Windows Media Player 9 Series']);
  });

  it('FLAC: RATING=1–5 and FMPS_RATING=rating/5, read back by ffprobe', async () => {
    const path = write(
      'rated.flac',
      await encodeFlac(pcm, { blocks: flacTagBlocks({ title: 'Harbour Lights', rating: 3 }) }),
    );
    const out = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', path], {
        encoding: 'utf8',
      }),
    ) as { format: { tags: Record<string, string> } };
    const t = Object.fromEntries(
      Object.entries(out.format.tags).map(([k, v]) => [k.toUpperCase(), v]),
    );
    expect(t).toMatchObject({ RATING: '3', FMPS_RATING: '0.6' });
    expect(readFileSync(path).length).toBeGreaterThan(0);
  });
});
