/**
 * Steps every e2e spec repeats: save the test key in Account, open a panel from the main
 * navigation, and a file's sha-256 to compare what the service received with what was on disk.
 */
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, openAccount, VALID_KEY } from './fixtures';

export type PanelName = 'Songs' | 'Voice' | 'Covers' | 'Videos' | 'Library' | 'Jobs' | 'Settings';

export const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Saves VALID_KEY on the Account panel and waits until the app shows its last four characters. */
export async function setKey(page: Page): Promise<void> {
  await openAccount(page);
  await page.getByLabel('API key', { exact: true }).fill(VALID_KEY);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText('Key ending in 1234')).toBeVisible();
}

/** Opens a panel from the main navigation and waits for its heading. */
export async function openPanel(page: Page, name: PanelName): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}
