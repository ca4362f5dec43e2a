/**
 * A found M4A read without music-metadata (probe/found-m4a.ts) answers what the full probe
 * answers — length, title, genre, lyrics, whether it has a cover — and leaves to the full probe
 * what it does not read. The files are made here with ffmpeg (7 s of a tone, AAC or ALAC).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeFile, probeFound } from '../../../src/main/services/audio/probe';
import { plainM4a } from '../../../src/main/services/audio/probe/found-m4a';
import { windowedReads } from '../../../src/main/services/audio/probe/reads';
import { openRegular } from '../../../src/main/services/ground/regular-file';

let dir: string;
const TONE = ['-f', 'lavfi', '-i', 'sine=f=440:d=7'];
const ffmpeg = (...args: string[]): void => {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
};
const at = (name: string): string => join(dir, name);

/** Read by found-m4a.ts. */
const PLAIN = ['moov-last.m4a', 'tagged.m4a', 'jpeg.m4a', 'png.m4a', 'alac.m4a'];
/** Left to the full probe: fragments, time-stamped lyrics, two tracks, a video track. */
const LEFT = ['fragments.m4a', 'lrc.m4a', 'two.m4a', 'video.mp4'];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cadenza-m4a-'));
  ffmpeg('-f', 'lavfi', '-i', 'color=c=red:s=64x64:d=1', '-frames:v', '1', at('c.jpg'));
  ffmpeg('-f', 'lavfi', '-i', 'color=c=blue:s=64x64:d=1', '-frames:v', '1', at('c.png'));
  ffmpeg(...TONE, '-c:a', 'aac', at('moov-last.m4a'));
  ffmpeg(
    ...TONE,
    ...['-c:a', 'aac', '-movflags', 'faststart', '-metadata', 'title=  Café Ünï  '],
    ...['-metadata', 'genre=Rock/Pop', '-metadata', 'lyrics=line one\nline two'],
    at('tagged.m4a'),
  );
  for (const [pic, out] of [
    ['c.jpg', 'jpeg.m4a'],
    ['c.png', 'png.m4a'],
  ] as const)
    ffmpeg(
      ...[...TONE, '-i', at(pic), '-map', '0', '-map', '1', '-c:a', 'aac', '-c:v', 'copy'],
      ...['-disposition:v', 'attached_pic', '-metadata', 'title=Covered', at(out)],
    );
  ffmpeg(...TONE, '-c:a', 'alac', at('alac.m4a'));
  ffmpeg(...TONE, '-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov', at('fragments.m4a'));
  ffmpeg(...TONE, '-metadata', 'lyrics=[00:01.00]timed', '-c:a', 'aac', at('lrc.m4a'));
  ffmpeg(...TONE, '-f', 'lavfi', '-i', 'sine=f=220:d=7', '-map', '0', '-map', '1', at('two.m4a'));
  ffmpeg(
    ...[...TONE, '-f', 'lavfi', '-i', 'testsrc=s=64x64:d=7', '-c:a', 'aac', '-c:v', 'libx264'],
    ...['-shortest', at('video.mp4')],
  );
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function plain(name: string) {
  const opened = await openRegular(at(name));
  try {
    return await plainM4a(windowedReads(opened.handle, opened.stat.size), opened.stat.size, null);
  } finally {
    await opened.handle.close();
  }
}

describe('plainM4a', () => {
  it.each(PLAIN)('%s: what the full probe answers', async (name) => {
    const p = (await probeFile(at(name), { art: true }))!;
    expect(await plain(name)).toEqual({
      durationMs: p.durationMs,
      title: p.tags.title,
      genre: p.tags.genre,
      lyrics: p.tags.lyrics ?? null,
      hasArt: p.art !== null,
      userText: null,
    });
  });

  it('reads the tags and the cover', async () => {
    expect(await plain('tagged.m4a')).toMatchObject({
      title: 'Café Ünï',
      genre: ['Rock/Pop'],
      lyrics: 'line one\nline two',
      hasArt: false,
    });
    expect(await plain('jpeg.m4a')).toMatchObject({ title: 'Covered', hasArt: true });
    expect(await plain('png.m4a')).toMatchObject({ hasArt: true });
    expect(Math.abs((await plain('moov-last.m4a'))!.durationMs! - 7_000)).toBeLessThan(50);
  });

  it.each(LEFT)('%s: left to the full probe, which the found file still gets', async (name) => {
    expect(await plain(name)).toBeNull();
    const found = await probeFound(at(name), null);
    const p = await probeFile(at(name), { art: true });
    expect(found?.durationMs).toBe(p?.durationMs);
  });
});
