/**
 * Songs and Library in German, Japanese and the pseudo-RTL mode (for `npm run screenshots`; the
 * kept ones are in docs/screenshots/languages/): a finished song's takes beside the composer, and
 * the library with an item selected, at 1280×800 in both themes and at 900×600 dark.
 * Files: `<panel>-<lang>-<theme>-<width>x<height>.png` in CADENZA_SHOTS (default out/screenshots).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, REPO_ROOT, test } from '../e2e/fixtures';
import { chooseAppLanguage, openPanel, setKey } from '../e2e/app-helpers';

const OUT = process.env.CADENZA_SHOTS ?? join(REPO_ROOT, 'out/screenshots');
const SHOTS = [
  ['dark', 1280, 800],
  ['light', 1280, 800],
  ['dark', 900, 600],
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  for (const [theme, width, height] of SHOTS) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height });
    await page.mouse.move(0, 0);
    // layout and colour transitions settle on the new size (a picture, not a check)
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(OUT, `${name}-${theme}-${width}x${height}.png`) });
  }
}

test('Songs and Library in German, Japanese and pseudo-RTL', async ({ app, emulator }) => {
  test.setTimeout(600_000);
  await mkdir(OUT, { recursive: true });
  let page = app.page;
  await setKey(page);
  emulator.configure({ stepMs: 200, songDurationMs: 4000 });
  await openPanel(page, 'Songs');
  await page.getByRole('radio', { name: 'Custom' }).click();
  await page.getByLabel('Style of music').fill('city pop, warm bass');
  await page.getByLabel('Title', { exact: true }).fill('Neon Tide');
  await page.getByRole('button', { name: 'Insert [Verse]' }).click();
  await page.keyboard.type('City lights on the water\nI keep the radio low');
  await page.getByRole('button', { name: 'Insert [Chorus]' }).click();
  await page.keyboard.type('Neon tide, carry me home');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(
    page.getByRole('listitem', { name: 'Song: Neon Tide' }).getByTestId('job-state'),
  ).toHaveText('Done', { timeout: 60_000 });

  for (const lang of ['de', 'ja', 'ar-XB'] as const) {
    page = await chooseAppLanguage(app, lang);
    await page.keyboard.press('Control+2'); // Songs
    await expect(page.getByTestId('job-state').first()).toBeVisible();
    await page.locator('#main-content').evaluate((el) => el.scrollTo(0, 0));
    await shoot(page, `songs-${lang}`);
    await page.keyboard.press('Control+6'); // Library
    const first = page.locator('[role="listbox"] [role="option"]').first();
    await expect(first).toBeVisible({ timeout: 20_000 });
    await first.click();
    await shoot(page, `library-${lang}`);
  }
});
