/**
 * The studio's finishing and custom-singer views (for `npm run screenshots`, issue 29): Songs with
 * the Extend form open, the Export and Trim dialogs on a take, Covers with a cover done, and a
 * trained custom singer — both themes, 1280×800 and 900×600, as `<view>-<theme>-<w>x<h>.png`.
 */
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, REPO_ROOT, test } from '../e2e/fixtures';
import { openPanel, pickFromLibrary, setKey } from '../e2e/app-helpers';
import { pickSinger } from '../e2e/covers-helpers';

const OUT = process.env.CADENZA_SHOTS ?? join(REPO_ROOT, 'out/screenshots');

test.setTimeout(300_000);

/** Both themes at both sizes of what the window shows now; `focus` is scrolled into view first. */
async function shoot(page: Page, name: string, focus?: Locator): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [w, h] of [
      [1280, 800],
      [900, 600],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      if (focus) await focus.scrollIntoViewIfNeeded();
      // layout and colour transitions settle on the new size (a picture, not a check)
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(OUT, `${name}-${theme}-${w}x${h}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('studio: extend, export, trim, a cover done, a trained singer', async ({ page, emulator }) => {
  await mkdir(OUT, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await setKey(page);
  emulator.configure({ stepMs: 200, songDurationMs: 8000 });

  // Songs: one submission in custom mode, both takes saved
  await openPanel(page, 'Songs');
  await page.getByRole('radio', { name: 'Custom' }).click();
  await page.getByLabel('Style of music').fill('city pop, warm bass');
  await page.getByLabel('Title', { exact: true }).fill('Neon Tide');
  await page.getByRole('button', { name: 'Insert [Verse]' }).click();
  await page.keyboard.type('City lights on the water\nI keep the radio low');
  await page.keyboard.press('Control+Enter');
  const job = page.getByRole('listitem', { name: 'Song: Neon Tide' });
  await expect(job.getByTestId('job-state')).toHaveText('Done', { timeout: 60_000 });
  const take = job.getByRole('listitem', { name: 'Neon Tide · Take 1' });
  const more = take.getByRole('button', { name: 'More for Neon Tide · Take 1' });
  await expect(more).toBeVisible({ timeout: 30_000 });

  // Extend open on take 1
  await more.click();
  await page.getByRole('menuitem', { name: 'Extend' }).click();
  await page.mouse.move(0, 0);
  await shoot(page, 'songs-extend');
  await page.getByRole('button', { name: 'Back to create' }).click();

  // Export dialog on take 1
  await more.click();
  await page.getByRole('menuitem', { name: 'Export…' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export “Neon Tide”' });
  await exportDialog.getByLabel('Artist').fill('Ada');
  await exportDialog.getByLabel('Genre').fill('City pop');
  await exportDialog.getByLabel('Year').fill('2026');
  await shoot(page, 'export');
  await exportDialog.getByRole('button', { name: 'Cancel' }).click();

  // Trim dialog on take 1
  await more.click();
  await page.getByRole('menuitem', { name: 'Trim…' }).click();
  const trim = page.getByRole('dialog', { name: /Neon Tide/ });
  await expect(trim).toBeVisible();
  await page.waitForTimeout(1000); // the waveform's peaks arrive from the worker
  await shoot(page, 'trim');
  await page.keyboard.press('Escape');
  await expect(trim).toBeHidden();

  // Covers: the library song covered by a built-in singer, done
  await openPanel(page, 'Covers');
  const card = page.getByRole('region', { name: 'Make a cover' });
  await card.getByRole('radio', { name: 'A library song' }).check();
  await pickFromLibrary(card, 'Library song', 'Neon Tide', 'neon');
  await pickSinger(card, 'Jonah Reed');
  await card.getByRole('button', { name: 'Make cover' }).click();
  const result = card.getByRole('group', { name: 'Cover result' });
  await expect(result.getByRole('status')).toHaveText(/^Done/, { timeout: 60_000 });
  await page.mouse.move(0, 0);
  await shoot(page, 'covers-done', result);

  // Custom singer: five minutes of links measured and trained, the singer ready
  const train = page.getByRole('region', { name: 'Train a custom singer' });
  await train
    .getByRole('textbox', { name: 'Audio links (one per line)' })
    .fill(
      `${emulator.mediaUrl}/media/tone.mp3?seconds=199\n${emulator.mediaUrl}/media/tone.mp3?seconds=161`,
    );
  await train.getByRole('textbox', { name: 'Singer name' }).fill('Warm Tenor');
  await train.getByRole('button', { name: 'Measure links' }).click();
  await expect(train.getByRole('button', { name: 'Train singer' })).toBeEnabled();
  await train.getByRole('button', { name: 'Train singer' }).click();
  await expect(train.getByRole('list', { name: 'Your singers' })).toContainText(
    'Warm Tenor — ready',
    { timeout: 60_000 },
  );
  await page.mouse.move(0, 0);
  await shoot(page, 'custom-singer-trained', train.getByRole('group', { name: 'Training result' }));
});
