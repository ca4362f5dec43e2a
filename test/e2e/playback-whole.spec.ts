/**
 * A song plays to its end (issue 29, point 1). Library files of 30 s and 4 minutes — MP3, WAV
 * and FLAC, made from a real recording in the set-up — and a song while it generates (the
 * emulator's melodic `songAudio: 'tones'`) play continuously from 0 past the 15 s mark, then a
 * seek near the end plays on to the end, with no media error on the way. `playbackRate` keeps it
 * short: the pipeline reads and decodes every byte at that pace.
 *
 * Under the Electron double this needs Chromium to take more than one answer per media element
 * (Range requests after the first, at seeks and when its buffer refills): the answers come from
 * main's handler (test/support/electron-double/MEDIA.md), and `pageRequests` shows them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { copyFile, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, REPO_ROOT, test } from './fixtures';
import { openPanel, setKey } from './app-helpers';
import { pageSchemeRequests, playerBar, recordPlayedMedia } from './media-checks';

/** Fast enough to keep the spec short, slow enough for Chromium to keep playing audio. */
const RATE = 4;
/** Made once per version, outside git. */
const MEDIA_DIR = join(REPO_ROOT, 'node_modules/.cache/cadenza-e2e-playback/v1');
const RECORDING = '/usr/share/sounds/freedesktop/stereo/phone-incoming-call.oga';

interface Song {
  file: string;
  title: string;
  seconds: number;
}

const FORMATS = ['mp3', 'wav', 'flac'] as const;
const LENGTHS = [30, 240];

/** `<seconds>s.wav/.mp3/.flac`: the recording looped (a sine when it is not installed). */
function makeMedia(): Song[] {
  mkdirSync(MEDIA_DIR, { recursive: true });
  const out: Song[] = [];
  for (const seconds of LENGTHS) {
    const base = join(MEDIA_DIR, `${seconds}s`);
    if (!existsSync(`${base}.flac`)) {
      const source = existsSync(RECORDING)
        ? ['-stream_loop', '-1', '-i', RECORDING]
        : ['-f', 'lavfi', '-i', 'sine=frequency=330'];
      const wav = ['-t', String(seconds), '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le'];
      execFileSync('ffmpeg', ['-v', 'error', '-y', ...source, ...wav, `${base}.wav`]);
      execFileSync('lame', ['--quiet', '-V', '2', `${base}.wav`, `${base}.mp3`]);
      execFileSync('flac', ['--silent', '-f', `${base}.wav`, '-o', `${base}.flac`]);
    }
    for (const format of FORMATS)
      out.push({
        file: `${seconds}s.${format}`,
        title: `Harbour ${seconds} s ${format.toUpperCase()}`,
        seconds,
      });
  }
  return out;
}

const libraryUrl = (file: string): string => `cadenza-media://library/${encodeURIComponent(file)}`;

/** The state of the element the app played `src` with last (see recordPlayedMedia). */
interface Played {
  src: string;
  currentTime: number;
  duration: number;
  paused: boolean;
  ended: boolean;
  error: number | null;
  /** The element's `played` ranges: what was really played, in media seconds. */
  played: Array<[number, number]>;
}

const played = (page: Page, src: string | RegExp): Promise<Played | null> =>
  page.evaluate(
    ({ source, flags }) => {
      type El = {
        src: string;
        currentTime: number;
        duration: number;
        paused: boolean;
        ended: boolean;
        error: { code: number } | null;
        played: { length: number; start(i: number): number; end(i: number): number };
      };
      const list = (globalThis as unknown as { __playedMedia?: El[] }).__playedMedia ?? [];
      const match = new RegExp(source, flags);
      const m = [...list].reverse().find((x) => match.test(x.src));
      if (!m) return null;
      const ranges: Array<[number, number]> = [];
      for (let i = 0; i < m.played.length; i++) ranges.push([m.played.start(i), m.played.end(i)]);
      return {
        src: m.src,
        currentTime: m.currentTime,
        duration: m.duration,
        paused: m.paused,
        ended: m.ended,
        error: m.error?.code ?? null,
        played: ranges,
      };
    },
    typeof src === 'string'
      ? { source: `^${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, flags: '' }
      : { source: src.source, flags: src.flags },
  );

/**
 * Sets the playback rate of the element the app plays now, and notes its `ended` and `error`
 * events (howler rewinds an element that ended, and the queue moves on to the next entry).
 */
const speedUp = (page: Page): Promise<void> =>
  page.evaluate((rate) => {
    type El = {
      src: string;
      paused: boolean;
      playbackRate: number;
      currentTime: number;
      duration: number;
      error: { code: number } | null;
      addEventListener(type: string, listener: () => void): void;
      __watched?: boolean;
    };
    const g = globalThis as unknown as { __playedMedia?: El[]; __mediaEnds?: MediaEnd[] };
    const ends = (g.__mediaEnds ??= []);
    for (const m of g.__playedMedia ?? []) {
      if (!m.paused) m.playbackRate = rate;
      if (m.__watched) continue;
      m.__watched = true;
      m.addEventListener('ended', () =>
        ends.push({ src: m.src, atS: m.currentTime, durationS: m.duration, error: null }),
      );
      m.addEventListener('error', () =>
        ends.push({
          src: m.src,
          atS: m.currentTime,
          durationS: m.duration,
          error: m.error?.code ?? -1,
        }),
      );
    }
  }, RATE);

/** An element's `ended` or `error` event (howler's released elements, given a placeholder `data:` source, fail on it: those are not the app's media). */
interface MediaEnd {
  src: string;
  atS: number;
  durationS: number;
  error: number | null;
}

const mediaEnds = (page: Page): Promise<MediaEnd[]> =>
  page.evaluate(() => (globalThis as unknown as { __mediaEnds?: MediaEnd[] }).__mediaEnds ?? []);

/**
 * Plays on until `untilS` (media seconds), checking at every look that nothing failed or paused
 * and the position only moved forwards; answers the last state.
 */
async function playsOnTo(page: Page, src: string | RegExp, untilS: number): Promise<Played> {
  let last = -1;
  let lastSrc = '';
  let state: Played | null = null;
  await expect
    .poll(
      async () => {
        state = await played(page, src);
        if (!state) return 'not playing yet';
        if (state.error !== null) return `media error ${state.error} at ${state.currentTime} s`;
        if (state.ended) return `ended at ${state.currentTime} s`;
        // the same element never goes back (a preview's stream handing over to the saved file
        // is a new element, which starts where the stream was)
        if (state.src === lastSrc && state.currentTime + 0.05 < last)
          return `went back from ${last} s to ${state.currentTime} s`;
        last = state.currentTime;
        lastSrc = state.src;
        return state.currentTime >= untilS ? 'there' : `at ${state.currentTime} s`;
      },
      { timeout: 30_000, intervals: [250], message: `plays on to ${untilS} s` },
    )
    .toBe('there');
  return state!;
}

/** Seeks with the player bar's slider to `atS` and plays on to the end. */
async function seekAndPlayToEnd(page: Page, src: string, atS: number): Promise<void> {
  const bar = playerBar(page);
  await bar.getByRole('slider', { name: 'Seek' }).fill(String(atS));
  await expect
    .poll(async () => (await played(page, src))?.currentTime ?? -1)
    .toBeGreaterThanOrEqual(atS - 0.1);
  await speedUp(page);
  await expect
    .poll(async () => (await mediaEnds(page)).filter((e) => e.src === src), {
      timeout: 30_000,
      message: `${src} plays to its end`,
    })
    .not.toEqual([]);
  const [end] = (await mediaEnds(page)).filter((e) => e.src === src);
  expect(end!.error, `${src}: no media error`).toBeNull();
  expect(Math.abs(end!.atS - end!.durationS)).toBeLessThan(0.3);
}

test.setTimeout(300_000);

test('library songs of 30 s and 4 minutes in MP3, WAV and FLAC play from 0 past 15 s, then from near the end to the end', async ({
  app,
}) => {
  const songs = makeMedia();
  // written beside the library and swapped in, then the app starts on them
  const staged = join(app.dirs.root, 'staged-library');
  await mkdir(staged, { recursive: true });
  for (const [i, song] of songs.entries()) {
    await copyFile(join(MEDIA_DIR, song.file), join(staged, song.file));
    const sidecar = {
      schema_version: 1,
      id: `itm_play${String(i).padStart(8, '0')}`,
      kind: 'song',
      title: song.title,
      lyrics: null,
      tags: [],
      duration_ms: song.seconds * 1000,
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    };
    await writeFile(join(staged, `${song.file}.json`), JSON.stringify(sidecar));
  }
  await rename(app.dirs.library, `${app.dirs.library}.empty`);
  await rename(staged, app.dirs.library);
  const page = await app.restart();
  const pageRequests = pageSchemeRequests();

  await openPanel(page, 'Library');
  const list = page.getByRole('listbox', { name: 'Library items' });
  await expect(list.getByRole('option')).toHaveCount(songs.length, { timeout: 30_000 });
  await recordPlayedMedia(page);
  const bar = playerBar(page);

  for (const song of songs) {
    await test.step(song.title, async () => {
      await list.getByRole('option', { name: new RegExp(`^${song.title},`) }).click();
      await page
        .getByRole('region', { name: 'Item details' })
        .getByRole('button', { name: 'Play', exact: true })
        .click();
      const src = libraryUrl(song.file);
      await expect(bar).toHaveAttribute('data-src', src);
      await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
      await speedUp(page);

      const at15 = await playsOnTo(page, src, 15.5);
      // Chromium's reading of a VBR MP3's length may be off by a frame count or so
      expect(Math.abs(at15.duration - song.seconds)).toBeLessThan(0.6);
      // one stretch from the start: nothing skipped
      expect(at15.played).toHaveLength(1);
      expect(at15.played[0]![0]).toBeLessThan(0.1);
      expect(at15.played[0]![1]).toBeGreaterThanOrEqual(15);

      await seekAndPlayToEnd(page, src, song.seconds - 3);
      expect(
        (await mediaEnds(page)).filter(
          (e) => e.error !== null && e.src.startsWith('cadenza-media:'),
        ),
      ).toEqual([]);

      if (pageRequests) {
        const asked = pageRequests.filter((r) => r.url === src && r.resourceType === 'media');
        const size = (await stat(join(app.dirs.library, song.file))).size;
        // Chromium came back for more (the seek at least), and main answered each with a range
        expect(asked.length).toBeGreaterThan(1);
        for (const r of asked) {
          expect(r.status, `${r.range} answered`).toBe(206);
          expect(r.contentRange).toMatch(new RegExp(`^bytes \\d+-${size - 1}/${size}$`));
        }
      }
    });
  }
  expect(app.console.filter((c) => c.type === 'pageerror')).toEqual([]);
});

// The song streams in while it plays: main's handler answers the growing cache entry with a body
// that follows it and no length, and the double hands that body to Chromium as it comes
// (live-media.ts; MEDIA.md, "Streaming, as modelled"), so playback starts seconds into generating.
test('a song plays while it generates: from 0 past 15 s, then from near the end to the end', async ({
  page,
  emulator,
}) => {
  // streams for 12 s after 12 s in the queue and processing (3 steps), 30 s of melody
  emulator.configure({ songAudio: 'tones', stepMs: 12_000, songDurationMs: 30_000 });
  await setKey(page);
  await openPanel(page, 'Songs');
  await page.getByLabel('Song description').fill('harbour lights, slow synth');
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  const card = page.getByRole('listitem', { name: /^Song: / });
  const take1 = card.getByRole('listitem', { name: /take 1$/i });
  await expect(take1.getByTestId('take-status')).toHaveText(/Generating/, { timeout: 40_000 });
  await recordPlayedMedia(page);
  const play = take1.getByRole('button', { name: /^Play / });
  await expect(play).toBeEnabled();
  await play.click();
  const bar = playerBar(page);
  await expect(bar).toHaveAttribute('data-src', /^cadenza-media:\/\/cache\/[a-f0-9]{32}$/, {
    timeout: 15_000,
  });
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  await speedUp(page);
  // its end is not known yet (the service announces no length while it streams): the bar says
  // so rather than 0:00, and the seek slider stays bounded (no Infinity for assistive tech)
  const lengthUnknown = async (orAnnounced?: string): Promise<void> => {
    await expect(bar.getByTestId('player-duration')).toHaveText(
      orAnnounced ? new RegExp(`^(live|${orAnnounced})$`) : 'live',
    );
    const seek = bar.getByRole('slider', { name: 'Seek' });
    expect(Number.isFinite(Number(await seek.getAttribute('max'))), 'slider max').toBe(true);
    if (!orAnnounced)
      await expect(seek).toHaveAttribute('aria-valuetext', /played; the length is not known/);
  };
  await lengthUnknown();

  // the stream plays on (the file on disk takes over once the song is saved, at the same place)
  const anySource = /^cadenza-media:\/\/(cache|library)\//;
  const at15 = await playsOnTo(page, anySource, 15.5);
  expect(at15.src, 'still the stream at 15 s').toMatch(/^cadenza-media:\/\/cache\//);
  expect(at15.played).toHaveLength(1);
  expect(at15.played[0]![0]).toBeLessThan(0.1);
  // …while the song was still generating
  await expect(card.getByTestId('job-state')).not.toHaveText('Done', { timeout: 1 });
  // (once the service says the song is complete, it may announce its length before it is saved)
  await lengthUnknown('0:30');
  // a song still arriving has no known end (main's answer declares no length), so Chromium
  // reads its duration as unbounded until the stream ends; after that, the song's length
  if (Number.isFinite(at15.duration)) expect(Math.abs(at15.duration - 30)).toBeLessThan(0.5);
  else expect(at15.duration).toBe(Infinity);
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 60_000 });
  await expect(bar).toHaveAttribute('data-src', /^cadenza-media:\/\/library\//);
  // the saved file has its length
  await expect(bar.getByTestId('player-duration')).toHaveText('0:30');
  const file = (await bar.getAttribute('data-src'))!;
  // the stream itself was played to its end or handed over, with no error
  const stream = (await mediaEnds(page)).filter((e) => /^cadenza-media:\/\/cache\//.test(e.src));
  for (const end of stream) expect(end.error).toBeNull();
  // at this pace the stream is often played out before the song is saved: the file then waits
  // in the player, paused, and plays from near its end when asked
  await bar.getByRole('slider', { name: 'Seek' }).fill('27');
  if ((await bar.getAttribute('data-status')) !== 'playing')
    await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await seekAndPlayToEnd(page, file, 27);
  expect(
    (await mediaEnds(page)).filter((e) => e.error !== null && e.src.startsWith('cadenza-media:')),
  ).toEqual([]);
});
