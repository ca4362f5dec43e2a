/**
 * The Settings page through the real preload, IPC handlers and settings store: opened by Ctrl+,,
 * it shows the library folder (here pinned by CADENZA_LIBRARY) and the updates; the theme follows
 * the OS until a choice is made by keyboard, which is saved and outlives a restart; axe finds
 * nothing on the page in either theme.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

const theme = (page: Page) => page.locator('html').getAttribute('data-theme');

test('Settings opens with Ctrl+, and holds the library folder and updates; axe finds nothing on it or Account in either theme', async ({
  app,
  page,
}) => {
  await page.keyboard.press('Control+,');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const folder = page.getByRole('region', { name: 'Library folder' });
  await expect(folder).toContainText(app.dirs.library);
  await expect(folder).toContainText('Set by CADENZA_LIBRARY');
  await expect(folder.getByRole('button', { name: 'Change folder…' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Updates' })).toContainText('Version 0.1.0');

  // "System" follows the OS setting as it changes
  const appearance = page.getByRole('region', { name: 'Appearance' });
  await expect(appearance.getByRole('radio', { name: 'System' })).toBeChecked();
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => theme(page)).toBe(colorScheme);
    await expectNoAxeViolations(page);
  }
  // Account keeps the key and credits (no updates, no library folder), and passes in both themes
  await page.keyboard.press('Control+1');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Updates' })).toHaveCount(0);
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
});

test('the theme choice is made by keyboard, saved in settings.json and kept after a restart', async ({
  app,
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.keyboard.press('Control+,');
  const appearance = page.getByRole('region', { name: 'Appearance' });
  await appearance.getByRole('radio', { name: 'System' }).focus();
  await page.keyboard.press('ArrowRight'); // Light
  await expect(appearance.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expect.poll(() => theme(page)).toBe('light');
  await expect
    .poll(
      async () =>
        (
          JSON.parse(await readFile(join(app.dirs.home, 'settings.json'), 'utf8')) as {
            theme?: string;
          }
        ).theme,
    )
    .toBe('light');
  expect(app.ipcLog.some((r) => r.channel === 'preferences:setTheme')).toBe(true);

  const again = await app.restart();
  await again.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => theme(again)).toBe('light'); // the OS says dark; the choice wins
  await again.keyboard.press('Control+,');
  await expect(
    again.getByRole('region', { name: 'Appearance' }).getByRole('radio', { name: 'Light' }),
  ).toBeChecked();
});
