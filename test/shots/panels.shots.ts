/**
 * Screenshots of every panel of the real app (built renderer, real main handlers, the emulator):
 * both themes (the OS preference, which the app follows by default) at 1280×800 and 900×600.
 * Run with `npm run screenshots`; files land in CADENZA_SHOTS (default out/screenshots) as
 * `<panel>-<theme>-<width>x<height>.png`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { toneWav } from '../support/media-fixtures';
import { expect, REPO_ROOT, test } from '../e2e/fixtures';
import { setKey } from '../e2e/app-helpers';

const OUT = process.env.CADENZA_SHOTS ?? join(REPO_ROOT, 'out/screenshots');
const SIZES = [
  [1280, 800],
  [900, 600],
] as const;
const THEMES = ['dark', 'light'] as const;

// a fresh data folder: first run shows (when the app has one)
test.use({ firstRunDone: false });

/** A few songs in the library folder, so Library and the player have something to show. */
async function seedLibrary(dir: string): Promise<void> {
  const songs = [
    ['Harbour lights', 12],
    ['Paper boats', 10],
    ['Low tide', 8],
  ] as const;
  await Promise.all(
    songs.flatMap(([title, seconds], i) => [
      writeFile(join(dir, `${title}.wav`), toneWav(seconds)),
      writeFile(
        join(dir, `${title}.wav.json`),
        JSON.stringify({
          schema_version: 1,
          id: `itm_shot${String(i).padStart(8, '0')}`,
          kind: 'song',
          title,
          prompt: 'warm lo-fi with soft rain',
          duration_ms: seconds * 1000,
          created_at: new Date(Date.UTC(2025, 0, 1, 0, 10 - i)).toISOString(),
        }),
      ),
    ]),
  );
}

/** Every size and theme of what the window shows now. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      // layout and colour transitions settle on the new size (a picture, not a check: no event to wait on)
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(OUT, `${name}-${theme}-${w}x${h}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('every panel, both themes, two sizes', async ({ app, page }) => {
  await mkdir(OUT, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // first run, when the app has one: its welcome and key steps, then skipped
  const welcome = page.getByRole('heading', { level: 1, name: 'Welcome to Cadenza' });
  // the first screen, whichever it is, before asking which (a loaded machine paints late)
  await expect(welcome.or(page.getByRole('navigation', { name: 'Main' }))).toBeVisible({
    timeout: 30_000,
  });
  if (await welcome.isVisible()) {
    await shoot(page, 'first-run-welcome');
    await page.getByRole('button', { name: 'Get started' }).click();
    await shoot(page, 'first-run-key');
    await page.getByRole('button', { name: 'Skip setup' }).click();
    await expect(welcome).toBeHidden();
  }

  await setKey(page);
  await seedLibrary(app.dirs.library);

  const nav = page.getByRole('navigation', { name: 'Main' });
  const labels = (await nav.getByRole('listitem').getByRole('button').allInnerTexts()).map(
    (t) => t.split('\n')[0]?.trim() ?? '',
  );
  for (const label of labels.filter(Boolean)) {
    await nav.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    if (label === 'Library')
      await expect(
        page.getByRole('listbox', { name: 'Library items' }).getByRole('option').first(),
      ).toBeVisible({ timeout: 20_000 });
    await page.mouse.move(0, 0);
    await shoot(page, label.toLowerCase());
  }
});
