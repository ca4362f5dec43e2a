/**
 * Cost before a spend and the budget ask, end to end (issue 32, points 2 and 3) on the built app
 * over real main and the emulator: Create's cost line says "not known yet" before any history;
 * after two finished songs it shows the learned figure (never a price) and what will be left;
 * with Settings › Spending "ask before spending more than 0" for Songs, Create asks with the
 * numbers, and Cancel sends nothing. axe finds nothing in the ask, in either theme. With
 * CADENZA_SHOTS=<folder> it saves each at 1280×800 and 900×600 (docs/screenshots/spending/).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { chooseAppLanguage, expectNoAxeViolations, openPanel, setKey } from './app-helpers';
import { expect, test } from './fixtures';

test.setTimeout(300_000);

const SHOTS = process.env.CADENZA_SHOTS;

/** Saves the window at both sizes, `inView` scrolled into view (and checked visible) at each. */
async function shots(page: Page, name: string, inView: Locator): Promise<void> {
  for (const [w, h] of [
    [1280, 800],
    [900, 600],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await inView.scrollIntoViewIfNeeded();
    await expect(inView).toBeInViewport();
    if (SHOTS) {
      await mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `${name}-${w}x${h}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the cost line before and after history, and the budget ask that sends nothing after Cancel', async ({
  page,
  emulator,
}) => {
  emulator.configure({ stepMs: 300, songDurationMs: 2000 });
  const submitted = () =>
    emulator.log.filter((e) => e.method === 'POST' && e.path === '/v2/submit').length;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await setKey(page);
  await openPanel(page, 'Songs');
  const description = page.getByLabel('Song description');
  const line = page.getByTestId('cost-line').first();
  await expect(line).toHaveText(
    'Uses Songs: how much is not known yet. Cadenza learns it from your key’s finished jobs.',
  );
  await description.fill('harbour lights, slow piano');
  await shots(page, 'cost-not-known-yet', line);

  // two finished songs, one after the other: main keeps a sample of each
  for (const [i, prompt] of ['harbour lights, slow piano', 'neon rain, synthwave'].entries()) {
    await description.fill(prompt);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(submitted).toBe(i + 1);
    await expect(line).toContainText(
      new RegExp(`learned from ${i + 1} finished jobs? on your key, not a price`),
      { timeout: 60_000 },
    );
  }
  await expect(line).toHaveText(
    /^Uses Songs: usually 1 each time \(learned from 2 finished jobs on your key, not a price\)\. About \d+ left after\.$/,
  );
  await description.fill('desert road, dusty guitar');
  await shots(page, 'cost-learned', line);

  // Settings › Spending: ask before spending more than 0 Songs in one go
  await openPanel(page, 'Settings');
  const spending = page.getByRole('region', { name: 'Spending' });
  await spending.getByLabel('Songs: ask before spending more than').fill('0');
  await spending.getByRole('button', { name: 'Save spending limits' }).click();
  await expect(spending.getByText('Saved.')).toBeVisible();

  await openPanel(page, 'Songs');
  await description.fill('desert road, dusty guitar');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Spend more than your budget?' });
  await expect(ask).toContainText(
    'This usually takes about 1 from your Songs counter (learned from your key’s finished jobs, not a price): more than your budget of 0 in one go.',
  );
  await expect(ask.getByRole('button', { name: 'Send anyway' })).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shots(page, 'budget-ask', ask);

  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await page.waitForTimeout(2000);
  expect(submitted()).toBe(2);
});

/** The bar's controls all sit inside the Create card, Save and ⋯ on one row. */
async function expectPresetBarFits(page: Page, card: Locator, save: Locator, more: Locator) {
  const c = (await card.boundingBox())!;
  const s = (await save.boundingBox())!;
  const m = (await more.boundingBox())!;
  expect(Math.abs(s.y - m.y), 'Save and ⋯ on one row').toBeLessThan(4);
  for (const b of [s, m]) {
    expect(b.x).toBeGreaterThanOrEqual(c.x);
    expect(b.x + b.width).toBeLessThanOrEqual(c.x + c.width + 0.5);
  }
}

test('the preset bar and the rhyme list at 900×600, in English and German: one row of actions, nothing clipped', async ({
  app,
}) => {
  let page = app.page;
  await page.setViewportSize({ width: 900, height: 600 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await setKey(page);
  await openPanel(page, 'Songs');
  const card = page.locator('.card').filter({ has: page.getByRole('list', { name: 'Presets' }) });
  const save = page.getByRole('button', { name: 'Save style as preset…' });
  const more = page.getByRole('button', { name: 'More preset actions' });
  await expect(page.getByRole('list', { name: 'Presets' }).getByRole('button')).toHaveCount(5);
  await page.getByRole('radio', { name: 'Custom' }).check();
  await page.getByLabel('Style of music').fill('city pop, warm bass');
  await expect(save).toBeEnabled();
  await expectPresetBarFits(page, card, save, more);
  // Import… and Export… behind ⋯, by keyboard
  await more.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Import…' })).toBeFocused();
  await expect(page.getByRole('menuitem', { name: 'Export…' })).toBeDisabled();
  await shots(page, 'presets-menu', more);
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();

  const lyrics = page.getByLabel('Lyrics', { exact: true });
  await lyrics.fill('[Verse]\nI drive all night');
  await lyrics.press('End');
  const rhymes = page.getByRole('list', { name: 'Rhymes' });
  await expect(rhymes.getByText('light', { exact: true })).toBeVisible({ timeout: 60_000 });
  await shots(page, 'rhymes', rhymes);
  await shots(page, 'presets', card.getByRole('list', { name: 'Presets' }));

  page = await chooseAppLanguage(app, 'de');
  await page.setViewportSize({ width: 900, height: 600 });
  await page.keyboard.press('Control+2');
  await expect(page.locator('#main-content h1')).toBeVisible();
  const deSave = page.getByRole('button', { name: 'Stil als Preset speichern…' });
  const deMore = page.getByRole('button', { name: 'Weitere Preset-Aktionen' });
  const deCard = page.locator('.card').filter({ has: page.getByRole('list', { name: 'Presets' }) });
  await expectPresetBarFits(page, deCard, deSave, deMore);
  await page.getByRole('radio').nth(1).check();
  const deLyrics = page.locator('textarea.lyrics-editor');
  await deLyrics.fill('[Verse]\nI drive all night');
  await deLyrics.press('End');
  await expect(page.getByTestId('rhymes-english-only')).toContainText(
    'Die Reimhilfe kennt nur englische Wörter',
  );
  await shots(page, 'rhymes-de', page.getByTestId('rhymes-english-only'));
  await shots(page, 'presets-de', deCard.getByRole('list', { name: 'Presets' }));
});
