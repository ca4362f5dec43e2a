/**
 * Checks on the app's own media elements in the page: they loaded their `cadenza-media://` URL
 * (Chromium decoded what main's protocol handler served), with the expected length. Work the same
 * under the Electron double (test/support/electron-double/MEDIA.md) and in real Electron.
 */
import Module from 'node:module';
import type { Locator, Page } from '@playwright/test';
import type { SchemeRequestRecord } from '../support/electron-double';
import { expect, MAIN_JS } from './fixtures';

/** Page-side view of an HTMLMediaElement (DOM types are not in this tsconfig). */
type PageMedia = {
  readyState: number;
  duration: number;
  currentTime: number;
  paused: boolean;
  error: { code: number; message: string } | null;
};

export interface MediaState {
  readyState: number;
  duration: number;
  currentTime: number;
  paused: boolean;
  error: string | null;
}

export const mediaState = (media: Locator): Promise<MediaState> =>
  media.evaluate((node) => {
    const m = node as unknown as PageMedia;
    return {
      readyState: m.readyState,
      duration: m.duration,
      currentTime: m.currentTime,
      paused: m.paused,
      error: m.error ? `${m.error.code} ${m.error.message}` : null,
    };
  });

/**
 * Waits until the element has at least `minReadyState` (1 = metadata, 2 = current data) without a
 * media error, and checks its duration is `durationS` within `toleranceS`.
 */
export async function expectMediaLoaded(
  media: Locator,
  durationS: number,
  { minReadyState = 1, toleranceS = 0.2 }: { minReadyState?: number; toleranceS?: number } = {},
): Promise<MediaState> {
  await expect
    .poll(
      async () => {
        const s = await mediaState(media);
        return s.error ?? s.readyState;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(minReadyState);
  const state = await mediaState(media);
  expect(Math.abs(state.duration - durationS), `duration ${state.duration} s`).toBeLessThanOrEqual(
    toleranceS,
  );
  return state;
}

/** Waits until an `<img>` decoded and checks its natural width. */
export async function expectImageDecoded(img: Locator, naturalWidth: number): Promise<void> {
  await expect
    .poll(() =>
      img.evaluate((node) => {
        const i = node as unknown as { complete: boolean; naturalWidth: number };
        return i.complete ? i.naturalWidth : -1;
      }),
    )
    .toBe(naturalWidth);
}

/** The double's log of the page's requests to handled schemes; null with real Electron. */
export function pageSchemeRequests(): SchemeRequestRecord[] | null {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return null;
  const electron = Module.createRequire(MAIN_JS)('electron') as {
    protocol: { pageRequests: SchemeRequestRecord[] };
  };
  return electron.protocol.pageRequests;
}

/** Page-side view of an element the app played (DOM types are not in this tsconfig). */
export type PlayedPageMedia = {
  src: string;
  readyState: number;
  duration: number;
  currentTime: number;
  paused: boolean;
  error: { code: number } | null;
};
type PlayedLog = { __playedMedia?: PlayedPageMedia[] };

export interface PlayedMediaState {
  src: string;
  readyState: number;
  duration: number;
  currentTime: number;
  paused: boolean;
  /** The media error's code, or null. */
  error: number | null;
}

/**
 * From now on, remembers every media element the app calls play() on: howler's html5 `Audio` is
 * never in the DOM, so this is how a test reaches the element the player bar really plays.
 */
export async function recordPlayedMedia(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as PlayedLog & {
      HTMLMediaElement: { prototype: { play(): Promise<void> } };
    };
    if (g.__playedMedia) return;
    const played: PlayedPageMedia[] = [];
    g.__playedMedia = played;
    const proto = g.HTMLMediaElement.prototype;
    const original = proto.play;
    proto.play = function (this: PlayedPageMedia) {
      if (!played.includes(this)) played.push(this);
      return original.call(this);
    };
  });
}

/** The state of the last element the app played `src` with, or null (see recordPlayedMedia). */
export const playedState = (page: Page, src: string): Promise<PlayedMediaState | null> =>
  page.evaluate((url) => {
    const list = (globalThis as unknown as PlayedLog).__playedMedia ?? [];
    const m = [...list].reverse().find((x) => x.src === url);
    return m
      ? {
          src: m.src,
          readyState: m.readyState,
          duration: m.duration,
          currentTime: m.currentTime,
          paused: m.paused,
          error: m.error?.code ?? null,
        }
      : null;
  }, src);

/** The player bar: everything the app plays goes through it (one engine). */
export const playerBar = (page: Page): Locator => page.getByRole('region', { name: 'Player' });

/**
 * Waits until the bar plays a URL matching `src` (its `data-src`, status "playing") and shows
 * `title`/`origin` if given; answers the URL. Call recordPlayedMedia before the click that plays.
 */
export async function barPlays(
  page: Page,
  src: string | RegExp,
  shows: { title?: string | RegExp; origin?: string | RegExp } = {},
): Promise<string> {
  const bar = playerBar(page);
  await expect(bar).toHaveAttribute('data-src', src, { timeout: 15_000 });
  await expect(bar).toHaveAttribute('data-status', 'playing', { timeout: 15_000 });
  if (shows.title) await expect(bar.getByTestId('player-title')).toHaveText(shows.title);
  if (shows.origin) await expect(bar.getByTestId('player-origin')).toContainText(shows.origin);
  return (await bar.getAttribute('data-src')) ?? '';
}

/**
 * Waits until the element the app played `src` with (see recordPlayedMedia) has at least
 * `minReadyState` without a media error, and checks its duration is `durationS` ± `toleranceS`
 * (null: any length).
 */
export async function expectPlayedLoaded(
  page: Page,
  src: string,
  durationS: number | null,
  { minReadyState = 1, toleranceS = 0.2 }: { minReadyState?: number; toleranceS?: number } = {},
): Promise<PlayedMediaState> {
  await expect
    .poll(
      async () => {
        const s = await playedState(page, src);
        return s ? (s.error !== null ? -s.error : s.readyState) : -10;
      },
      { timeout: 15_000, message: `the played element for ${src} loads (negative: error code)` },
    )
    .toBeGreaterThanOrEqual(minReadyState);
  const state = (await playedState(page, src))!;
  if (durationS !== null)
    expect(
      Math.abs(state.duration - durationS),
      `duration ${state.duration} s`,
    ).toBeLessThanOrEqual(toleranceS);
  return state;
}

/**
 * The `cadenza-media:` sources of every element the app played (recordPlayedMedia) that is playing
 * now (howler's released elements, emptied of their source, do not count).
 */
export const playingSources = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    ((globalThis as unknown as PlayedLog).__playedMedia ?? [])
      .filter((m) => !m.paused && m.src.startsWith('cadenza-media:'))
      .map((m) => m.src),
  );
