/**
 * The Songs studio at work (for `npm run screenshots`): the composer in custom mode beside a
 * finished submission's two takes and one still generating, both themes, 1280×800 and 900×600.
 */
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { expect, REPO_ROOT, test } from '../e2e/fixtures';
import { openPanel, setKey } from '../e2e/app-helpers';

const OUT = process.env.CADENZA_SHOTS ?? join(REPO_ROOT, 'out/screenshots');

test('songs: composer beside takes', async ({ page, emulator }) => {
  await mkdir(OUT, { recursive: true });
  const welcome = page.getByRole('dialog', { name: /welcome/i });
  if (await welcome.isVisible()) await welcome.getByRole('button', { name: /skip/i }).click();
  await setKey(page);
  emulator.configure({ stepMs: 200, songDurationMs: 4000 });
  await openPanel(page, 'Songs');
  await page.getByLabel('Song description').fill('dreamy synthwave about night driving');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const first = page.getByRole('listitem', { name: /^Song: dreamy/ });
  await expect(first.getByTestId('job-state')).toHaveText('Done', { timeout: 40_000 });
  emulator.configure({ stepMs: 20_000 });
  await page.getByRole('radio', { name: 'Custom' }).click();
  await page.getByLabel('Style of music').fill('city pop, warm bass');
  await page.getByLabel('Title', { exact: true }).fill('Neon Tide');
  await page.getByRole('button', { name: 'Insert [Verse]' }).click();
  await page.keyboard.type('City lights on the water\nI keep the radio low');
  await page.getByRole('button', { name: 'Insert [Chorus]' }).click();
  await page.keyboard.type('Neon tide, carry me home');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('listitem', { name: 'Song: Neon Tide' })).toBeVisible();
  await page.mouse.move(0, 0);
  // the top of the studio: the switch, the fields and the newest submission beside them
  await page
    .locator('#main-content, main')
    .first()
    .evaluate((el) => el.scrollTo(0, 0));
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [w, h] of [
      [1280, 800],
      [900, 600],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(OUT, `songs-takes-${theme}-${w}x${h}.png`) });
    }
  }
  // the take menu open (in the dark theme its file name says)
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await first.getByRole('button', { name: /^More for .* · Take 1$/ }).click();
  await page.screenshot({ path: join(OUT, 'songs-take-menu-dark-1280x800.png') });
  await page.keyboard.press('Escape');

  // the Library at its smallest with an item selected: titles stay, actions by importance
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Library/ })
    .click();
  await page.getByRole('listbox', { name: 'Library items' }).getByRole('option').first().click();
  await page.setViewportSize({ width: 900, height: 600 });
  await page.getByRole('button', { name: /^More actions for / }).click();
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(OUT, 'library-selected-dark-900x600.png') });

  // the library songs just made, offered by the Covers picker (open, one word typed)
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPanel(page, 'Covers');
  await page.getByRole('radio', { name: 'A library song' }).click();
  const picker = page.getByRole('combobox', { name: 'Library song', exact: true });
  await picker.click();
  await picker.fill('dream');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(OUT, 'covers-picker-dark-1280x800.png') });
  await page.keyboard.press('Enter');
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { name: 'Covers', level: 1 }).click();
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(OUT, 'covers-chosen-dark-1280x800.png') });
  await page.getByRole('combobox', { name: /Add a library song or cover/ }).click();
  await page.keyboard.press('Enter');
  await page.mouse.move(0, 0);
  await page.getByRole('list', { name: /^Chosen for training/ }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(OUT, 'covers-training-dark-1280x800.png') });
});
