/**
 * The Settings page through the real preload, IPC handlers and settings store: opened by Ctrl+,,
 * it shows the library folder (here pinned by CADENZA_LIBRARY) and the updates; axe finds nothing
 * on it in either theme.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('Settings opens with Ctrl+, and holds the library folder and updates; axe finds nothing in either theme', async ({
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

  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
});
