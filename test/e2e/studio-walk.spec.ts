/**
 * The studio walk of issue 20, by keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, shortcuts;
 * no clicks, no filling of fields the keyboard did not reach): first run from the welcome to a
 * first song in the library, an extension of that song from its take ⋯ menu, then the whole song
 * of the extension as a new library item that is longer than the extension's own part. axe finds
 * nothing at the end, in either theme. With CADENZA_SHOTS=<folder> it also saves screenshots of the
 * key steps for a person to look at (never committed).
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, VALID_KEY } from './fixtures';
import { expectNoAxeViolations, tabTo } from './app-helpers';

test.use({ firstRunDone: false });
test.setTimeout(240_000);

interface Sidecar {
  id: string;
  title: string;
  duration_ms: number | null;
  parent_id: string | null;
}

async function sidecars(dir: string): Promise<Sidecar[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.mp3.json'));
  return Promise.all(
    names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as Sidecar),
  );
}

const SHOTS = process.env.CADENZA_SHOTS;
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `studio-walk-${name}.png`) });
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('keyboard alone: first run to a first song, its extension from the take menu, and the whole song in the library', async ({
  app,
  page,
  emulator,
}) => {
  emulator.configure({ stepMs: 300, songDurationMs: 6000 });
  await page.setViewportSize({ width: 1280, height: 800 });

  // First run: welcome → key → library folder → "Make your first song".
  await expect(heading(page, 'Welcome to Cadenza')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Get started' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Your API key')).toBeFocused();
  await tabTo(page, page.getByLabel('API key', { exact: true }));
  await page.keyboard.type(VALID_KEY);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Library folder')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Your first song')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Make your first song' }));
  await page.keyboard.press('Enter');

  // A first song from a style prompt, saved in the library.
  await expect(heading(page, 'Songs')).toBeVisible();
  await expect(page.getByLabel('Song description')).toBeFocused();
  await page.keyboard.type('warm lo-fi with soft rain');
  await page.keyboard.press('Control+Enter');
  const first = page.getByRole('listitem', { name: 'Song: warm lo-fi with soft rain' });
  await expect(first.getByTestId('job-state')).toHaveText('Done', { timeout: 60_000 });
  const take1 = first.getByRole('listitem', { name: / · Take 1$/ });
  await expect(take1.getByTestId('take-status')).toContainText('In your library', {
    timeout: 30_000,
  });
  const songs = await sidecars(app.dirs.library);
  expect(songs).toHaveLength(2);
  const songMs = emulator.songs()[0]!.durationMs;
  expect(songs.map((s) => s.duration_ms)).toEqual([songMs, songMs]);

  // Extend take 1 from its ⋯ menu: Enter opens the menu on "Extend", Enter chooses it.
  const more1 = take1.getByRole('button', { name: /^More for .* · Take 1$/ });
  await tabTo(page, more1);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Extend' })).toBeFocused();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: /^Extend / });
  await expect(form).toBeVisible();
  // focus is in the Extend form (not left on the ⋯ button of a card further down)
  await expect(form.locator(':focus')).toHaveCount(1);
  const title = form.getByLabel('Title of the extension');
  await tabTo(page, title);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Soft rain, later');
  await tabTo(page, form.getByLabel('Lyrics for the continuation'));
  await page.keyboard.type('[Verse]\nThe rain goes on');
  await shoot(page, 'extend');
  await page.keyboard.press('Control+Enter');
  await expect(form.getByRole('status')).toHaveText(
    /^Extension of ".*" from 0:0\d\.\d submitted\.$/,
  );

  const ext = page.getByRole('listitem', { name: 'Song: Soft rain, later' });
  await expect(ext.getByTestId('job-state')).toHaveText('Done', { timeout: 60_000 });
  const extTake1 = ext.getByRole('listitem', { name: 'Soft rain, later · Take 1' });
  await expect(extTake1.getByTestId('take-status')).toContainText('In your library', {
    timeout: 30_000,
  });
  const made = emulator.songs().filter((s) => s.parentSongId !== undefined);
  expect(made).toHaveLength(2);
  const extension = (await sidecars(app.dirs.library)).find(
    (s) => s.title === 'Soft rain, later' && s.parent_id !== null,
  );
  expect(extension?.duration_ms).toBe(made[0]!.durationMs);

  // The whole song of the extension, from its take ⋯ menu: Enter opens it on "Extend", ↓ "Whole song".
  const moreExt = extTake1.getByRole('button', { name: 'More for Soft rain, later · Take 1' });
  await tabTo(page, moreExt, { back: true, max: 80 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Extend' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Whole song' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(moreExt).toBeFocused();
  await expect(extTake1.getByRole('status')).toHaveText(
    'Saved “Soft rain, later (whole song)” as a new item in your library.',
    { timeout: 60_000 },
  );
  await shoot(page, 'whole-song-take');

  // The new item: in the library folder and in the Library list, longer than the extension part.
  let whole: Sidecar | undefined;
  await expect
    .poll(async () => {
      whole = (await sidecars(app.dirs.library)).find(
        (s) => s.title === 'Soft rain, later (whole song)',
      );
      return whole?.duration_ms ?? 0;
    })
    .toBeGreaterThan(extension!.duration_ms!);
  const continueAtMs = made[0]!.continueAtS! * 1000;
  expect(Math.abs(whole!.duration_ms! - (continueAtMs + extension!.duration_ms!))).toBeLessThan(
    300,
  );
  // the Library's own shortcut, as its navigation button announces it
  const shortcut = await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Library' })
    .getAttribute('aria-keyshortcuts');
  await page.keyboard.press(shortcut!.split(' ')[0]!);
  await expect(heading(page, 'Library')).toBeVisible();
  // the list says each item's length ("…, Song, 0:12"): the whole song's is the longer
  const lengthOf = async (name: RegExp): Promise<number> => {
    const label = (await page.getByRole('option', { name }).getAttribute('aria-label')) ?? '';
    const [, m, sec] = /, (\d+):(\d\d)(, take \d+)?$/.exec(label) ?? [];
    return Number(m) * 60 + Number(sec);
  };
  const wholeS = await lengthOf(/^Soft rain, later \(whole song\), Song, /);
  expect(Math.abs(wholeS - whole!.duration_ms! / 1000)).toBeLessThanOrEqual(0.5);
  expect(wholeS).toBeGreaterThan(await lengthOf(/^Soft rain, later · Take 1, Song, /));
  await shoot(page, 'whole-song-library');

  await expectNoAxeViolations(page);
});
