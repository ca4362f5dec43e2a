/**
 * Studio fixes (issue 29, points 2, 3, 10 and 12) in the built app: at 1280×800 the Extend form
 * stays in its column with nothing clipped and a start inside the service's length; a
 * just-finished extension take's ⋯ menu opens on the first click; the open menu is inside the
 * page's landmarks. At 900×600 the Trim dialog's actions stay inside the window.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openPanel, setKey } from './app-helpers';
import { toneWav } from '../support/media-fixtures';
import { iso } from '../support/bidi';

test.setTimeout(150_000);

async function box(l: Locator) {
  const b = await l.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

/** One click, no retry: the menu must be open after it. */
async function openMenuOnce(page: Page, more: Locator): Promise<void> {
  await more.click();
  await expect(page.getByRole('menu')).toBeVisible({ timeout: 2_000 });
  // and it stays open while the page settles
  await page.waitForTimeout(700);
  await expect(page.getByRole('menu')).toBeVisible();
}

test('Extend at 1280×800: beside "Your songs", nothing clipped, default start inside the length; the take menu opens first time and sits in a landmark', async ({
  page,
  emulator,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  emulator.configure({ stepMs: 500, songDurationMs: 8000 });
  await setKey(page);
  await openPanel(page, 'Songs');
  await page.getByRole('radio', { name: 'Custom' }).check();
  await page.getByLabel('Style of music', { exact: true }).fill('sea shanty, accordion');
  await page.getByLabel('Title', { exact: true }).fill('Harbour Lights');
  await page.getByLabel('Lyrics', { exact: true }).fill('[Verse]\nLanterns on the quay');
  await page.getByLabel('Lyrics', { exact: true }).press('Control+Enter');
  const card = page.getByRole('listitem', { name: 'Song: Harbour Lights' });
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 40_000 });
  const lengthMs = emulator.songs()[0]!.durationMs;

  // point 12: the open menu is inside the page's landmarks
  const take1 = card.getByRole('listitem', { name: 'Harbour Lights · Take 1' });
  await openMenuOnce(page, take1.getByRole('button', { name: 'More for Harbour Lights · Take 1' }));
  const { violations } = await new AxeBuilder({ page }).withRules(['region']).analyze();
  expect(violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await page.getByRole('menuitem', { name: 'Extend' }).click();

  // point 2: the form stays in its column and shows its buttons whole
  const form = page.getByRole('form', { name: 'Extend Harbour Lights' });
  await expect(form).toBeVisible();
  const start = form.getByLabel('Continue at (seconds)');
  const defaultS = Number(await start.inputValue());
  expect(defaultS).toBeGreaterThan(0);
  expect(defaultS).toBeLessThanOrEqual(Math.floor(lengthMs / 100) / 10 - 1 + 1e-9);
  await form.getByRole('button', { name: 'Play Harbour Lights' }).click();
  const usePos = form.getByRole('button', { name: 'Use the player’s position' });
  await expect(usePos).toBeVisible();
  const formBox = await box(form);
  const results = await box(page.getByRole('region', { name: 'Your songs' }));
  expect(formBox.x + formBox.width).toBeLessThanOrEqual(results.x);
  for (const b of [
    form.getByRole('button', { name: 'Back to create' }),
    usePos,
    form.getByRole('slider', { name: 'Continue at (timeline)' }),
    start,
  ]) {
    const r = await box(b);
    expect(r.x).toBeGreaterThanOrEqual(formBox.x);
    expect(r.x + r.width).toBeLessThanOrEqual(formBox.x + formBox.width);
  }

  await start.fill('5.5');
  await form.getByLabel('Title of the extension').fill('Harbour Lights II');
  await form.getByLabel('Lyrics for the continuation').fill('[Chorus]\nHome before the tide');
  await form.getByLabel('Lyrics for the continuation').press('Control+Enter');
  const ext = page.getByRole('listitem', { name: 'Song: Harbour Lights II' });
  await expect(ext.getByTestId('job-state')).toHaveText('Done', { timeout: 40_000 });

  // point 3: the just-finished extension take's menu opens on the first click
  const extTake = ext.getByRole('listitem', { name: / · Take 1$/ });
  await openMenuOnce(page, extTake.getByRole('button', { name: /^More for / }));
});

test('Trim at 900×600: Save as new item stays inside the window, Play selection sits with the dialog’s actions', async ({
  app,
}) => {
  const file = join(app.dirs.library, 'Low tide.wav');
  await writeFile(file, toneWav(8));
  await writeFile(
    `${file}.json`,
    JSON.stringify({
      schema_version: 1,
      id: 'itm_e2etrimsmall000001',
      kind: 'song',
      title: 'Low tide',
      duration_ms: 8000,
      created_at: '2025-03-14T09:00:00.000Z',
    }),
  );
  const page = await app.restart();
  await openPanel(page, 'Library');
  const list = page.getByRole('listbox', { name: 'Library items' });
  await list.getByRole('option', { name: /^Low tide,/ }).click();
  const details = page.getByRole('region', { name: 'Item details' });
  await details.getByRole('button', { name: 'Trim…' }).click();
  const dialog = page.getByRole('dialog', { name: `Trim “${iso('Low tide')}”` });
  await expect(dialog.getByRole('slider', { name: 'Start of the region' })).toBeVisible();
  await page.setViewportSize({ width: 900, height: 600 });

  // point 10: the actions are whole and clear of the window's edge
  const save = await box(dialog.getByRole('button', { name: 'Save as new item' }));
  expect(save.y + save.height).toBeLessThanOrEqual(600 - 16);
  const dialogBox = await box(dialog);
  expect(dialogBox.y).toBeGreaterThanOrEqual(0);
  expect(dialogBox.y + dialogBox.height).toBeLessThanOrEqual(600);
  // Play selection is on the actions' row (same middle), not beside the fade fields
  const play = await box(dialog.getByRole('button', { name: 'Play selection' }));
  expect(Math.abs(play.y + play.height / 2 - (save.y + save.height / 2))).toBeLessThanOrEqual(1);
  const fade = await box(dialog.getByLabel('Fade in (seconds)'));
  expect(play.y).toBeGreaterThan(fade.y + fade.height);
});

test('Export at 900×600: every option whole inside the dialog, actions in view; a shorter window scrolls the body only', async ({
  app,
}) => {
  const file = join(app.dirs.library, 'Harbour.wav');
  await writeFile(file, toneWav(4));
  await writeFile(
    `${file}.json`,
    JSON.stringify({
      schema_version: 1,
      id: 'itm_e2eexportsmall00001',
      kind: 'song',
      title: 'Harbour',
      duration_ms: 4000,
      created_at: '2025-03-14T09:00:00.000Z',
    }),
  );
  const page = await app.restart();
  await page.setViewportSize({ width: 900, height: 600 });
  await openPanel(page, 'Library');
  await page
    .getByRole('listbox', { name: 'Library items' })
    .getByRole('option', { name: /^Harbour,/ })
    .click();
  const details = page.getByRole('region', { name: 'Item details' });
  await details.getByRole('button', { name: /^More actions for / }).click();
  await page.getByRole('menuitem', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export “Harbour”' });
  const body = dialog.locator('.dialog-body');
  const last = dialog.getByRole('checkbox', { name: /^Without Cadenza data/ });
  const option = dialog.locator('label').filter({ hasText: 'Without Cadenza data' });
  const submit = dialog.getByRole('button', { name: 'Choose folder and export…' });
  await expect(last).toBeVisible();

  /** `inner` lies whole inside `outer` (a scrolling edge cuts nothing of it). */
  const inside = async (inner: Locator, outer: Locator) => {
    const a = await box(inner);
    const b = await box(outer);
    expect(a.y, 'top edge').toBeGreaterThanOrEqual(b.y - 0.5);
    expect(a.y + a.height, 'bottom edge').toBeLessThanOrEqual(b.y + b.height + 0.5);
  };
  // at 900×600 it all fits: no scrolling, the last option whole, the actions clear of the edge
  expect(await body.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  await inside(option, body);
  const actions = await box(submit);
  expect(actions.y + actions.height).toBeLessThanOrEqual(600 - 16);

  // a shorter window: the body scrolls, the title and actions stay; the last option scrolls in whole
  await page.setViewportSize({ width: 900, height: 440 });
  await expect
    .poll(() => body.evaluate((el) => el.scrollHeight - el.clientHeight))
    .toBeGreaterThan(10);
  const shortActions = await box(submit);
  expect(shortActions.y + shortActions.height).toBeLessThanOrEqual(440);
  await last.focus();
  await inside(option, body);
  await inside(submit, page.locator('body'));
});
