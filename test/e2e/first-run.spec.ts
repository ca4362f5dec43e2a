/**
 * First run on a fresh data folder, by keyboard alone: welcome → key → library folder → "Make your
 * first song" → a song from a description that lands in the library, an extension of it and its
 * whole song, all by keyboard. axe finds nothing on the steps in either theme; first run is saved
 * as done and does not come back after a restart.
 */
import AxeBuilder from '@axe-core/playwright';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, VALID_KEY } from './fixtures';

test.use({ firstRunDone: false });
test.setTimeout(180_000);

async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      colorScheme,
    ).toEqual([]);
  }
}

/** Presses Tab until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the target');
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('first run by keyboard alone, from the welcome to a first song, an extension and its whole song; shown once', async ({
  app,
  page,
  emulator,
}) => {
  emulator.configure({ stepMs: 300, songDurationMs: 3000 });
  await expect(heading(page, 'Welcome to Cadenza')).toBeFocused();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await tabTo(page, page.getByRole('button', { name: 'Get started' }));
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Your API key')).toBeFocused();
  const key = page.getByLabel('API key', { exact: true });
  await tabTo(page, key);
  await page.keyboard.type(VALID_KEY);
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Library folder')).toBeFocused();
  await expect(page.getByRole('region', { name: 'Library folder' })).toContainText(
    app.dirs.library,
  );
  await expectNoAxeViolations(page);
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Your first song')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Make your first song' }));
  await page.keyboard.press('Enter');

  // the studio, on Songs, with focus on the song description and its focus ring drawn
  await expect(heading(page, 'Songs')).toBeVisible();
  const description = page.getByLabel('Song description');
  await expect(description).toBeFocused();
  expect(
    await description.evaluate(
      (el) => el.ownerDocument.defaultView!.getComputedStyle(el).outlineStyle,
    ),
  ).toBe('solid');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Key set' })).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          JSON.parse(await readFile(join(app.dirs.home, 'settings.json'), 'utf8')) as {
            firstRunDone?: boolean;
          }
        ).firstRunDone,
    )
    .toBe(true);

  const prompt = page.getByLabel('Song description');
  await tabTo(page, prompt);
  await page.keyboard.type('warm lo-fi with soft rain');
  await page.keyboard.press('Control+Enter');
  await expect
    .poll(async () => (await readdir(app.dirs.library)).filter((n) => n.endsWith('.mp3')), {
      timeout: 45_000,
    })
    .toHaveLength(2);

  // an extension of take 1 from its ⋯ menu, from where the take ends
  const more = page.getByRole('button', { name: /^More for .* · Take 1$/ }).first();
  await tabTo(page, more, 80);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Extend' })).toBeFocused();
  await page.keyboard.press('Enter');
  const start = page.getByRole('form', { name: /^Extend / }).getByLabel('Continue at (seconds)');
  await tabTo(page, start);
  await page.keyboard.press('Control+Enter');
  // the library's media files; a render in progress is a hidden temp file (.cadenza-tmp-…mp3)
  const media = async () =>
    (await readdir(app.dirs.library)).filter((n) => n.endsWith('.mp3') && !n.startsWith('.'));
  await expect.poll(media, { timeout: 45_000 }).toHaveLength(4);

  // and its whole song, from the Library: the first item that offers one
  await page.keyboard.press('Control+6');
  const list = page.getByRole('listbox', { name: 'Library items' });
  await expect(list.getByRole('option')).toHaveCount(4, { timeout: 20_000 });
  await tabTo(page, list);
  const whole = page.getByRole('button', { name: 'Whole song' });
  await page.keyboard.press('Home');
  for (let i = 0; i < 4 && !(await whole.isVisible()); i++) await page.keyboard.press('ArrowDown');
  await tabTo(page, whole);
  await page.keyboard.press('Enter');
  await expect.poll(media, { timeout: 30_000 }).toHaveLength(5);
  expect((await media()).filter((n) => n.includes('(whole song)'))).toHaveLength(1);

  const again = await app.restart();
  await expect(again.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(heading(again, 'Welcome to Cadenza')).toHaveCount(0);
});
