/**
 * The studio panels (Songs, Voice, Covers, Videos, Library, Jobs) to axe, in both themes: empty
 * (each says what to do next), busy, done, cancelled, with a take's ⋯ menu open and a library item
 * selected. Zero violations in the panel (the frame and the player bar have their own specs).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openPanel, setKey, type PanelName } from './app-helpers';

async function expectNoViolations(page: Page, what: string): Promise<void> {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    let axe = new AxeBuilder({ page }).include('#main-content');
    if ((await page.locator('.menu-list').count()) > 0) axe = axe.include('.menu-list');
    const { violations } = await axe.analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${what} (${colorScheme})`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'dark' });
}

test('every studio panel empty: an empty state says what to do next; axe finds nothing in either theme', async ({
  page,
}) => {
  test.setTimeout(150_000); // twelve axe runs over whole panels: about a minute on a loaded machine
  await setKey(page);
  const empty: Partial<Record<PanelName, string>> = {
    Songs: 'No songs yet',
    Voice: 'No takes yet',
    Covers: 'No cover yet',
    Videos: 'No videos yet',
    Library: 'Your library is empty',
    Jobs: 'No jobs yet',
  };
  for (const name of ['Songs', 'Voice', 'Covers', 'Videos', 'Library', 'Jobs'] as const) {
    await openPanel(page, name);
    const note = empty[name];
    if (note) await expect(page.getByRole('note', { name: note })).toBeVisible();
    await expectNoViolations(page, `${name}, empty`);
  }
});

test('Songs busy, done and cancelled, a take menu open, a library item selected, jobs listed, the library pickers: axe finds nothing', async ({
  page,
  emulator,
}) => {
  test.setTimeout(150_000); // two songs made, then a dozen axe runs
  emulator.configure({ stepMs: 1500, songDurationMs: 4000 });
  await setKey(page);
  await openPanel(page, 'Songs');
  await page.getByLabel('Song description').fill('warm lo-fi with soft rain');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const card = page.getByRole('listitem', { name: 'Song: warm lo-fi with soft rain' });
  await expect(card.getByTestId('job-state')).toHaveText(/Sent|Generating/, { timeout: 20_000 });
  await expect(card.getByRole('progressbar')).toBeVisible();
  await expectNoViolations(page, 'Songs, busy');
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 45_000 });

  // a second one, cancelled while it runs: its card ends with Retry and Dismiss
  emulator.configure({ stepMs: 30_000 });
  await page.getByRole('radio', { name: 'Custom' }).click();
  await page.getByLabel('Style of music').fill('city pop');
  await page.getByLabel('Title', { exact: true }).fill('Never finished');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const second = page.getByRole('listitem', { name: 'Song: Never finished' });
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect(second.getByTestId('job-state')).toHaveText('Cancelled');
  await expectNoViolations(page, 'Songs, done and cancelled, custom mode');

  // The list is fixed beside its button and closes when anything under it scrolls or the card
  // re-renders as the library reloads after the cancel; on a loaded machine the click can land just
  // before that, so the button is clicked again until the menu stays open.
  const more = card.getByRole('button', { name: /^More for .* · Take 1$/ });
  await more.scrollIntoViewIfNeeded();
  await expect(async () => {
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    await expect(page.getByRole('menu')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expectNoViolations(page, 'Songs, take menu open');
  await page.keyboard.press('Escape');

  await openPanel(page, 'Library');
  const list = page.getByRole('listbox', { name: 'Library items' });
  await list.getByRole('option').first().click();
  await expect(page.getByRole('region', { name: 'Item details' })).toBeVisible();
  await expectNoViolations(page, 'Library, item selected');
  await page.getByRole('button', { name: /^More actions for / }).click();
  await expectNoViolations(page, 'Library, details menu open');
  await page.keyboard.press('Escape');

  await openPanel(page, 'Jobs');
  await expect(page.getByRole('list', { name: 'Jobs' })).toBeVisible();
  await expectNoViolations(page, 'Jobs, done and cancelled');

  // the library songs offered by the Covers pickers: closed, open with matches, one chosen
  await openPanel(page, 'Covers');
  await page.getByRole('radio', { name: 'A library song' }).click();
  const picker = page.getByRole('combobox', { name: 'Library song', exact: true });
  await expect(picker).toHaveAttribute('placeholder', /^Search 2 songs and takes/);
  await expectNoViolations(page, 'Covers, library pickers closed');
  await picker.click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(2);
  await expectNoViolations(page, 'Covers, library picker open');
  await page.keyboard.press('Enter');
  await expect(picker).not.toHaveValue('');
  await expectNoViolations(page, 'Covers, a library song chosen');
});
