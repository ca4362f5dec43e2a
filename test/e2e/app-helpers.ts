/**
 * Steps every e2e spec repeats: save the test key in Account, open a panel from the main
 * navigation, a file's sha-256 to compare what the service received with what was on disk, Tab to
 * a control (keyboard-only walks) and axe in both themes.
 */
import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, openAccount, VALID_KEY, type AppHandle } from './fixtures';
import type { AppLanguage } from '../../src/shared/i18n/languages';

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

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, the way a keyboard user reaches a
 * control; fails after `max` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 40 }: { back?: boolean; max?: number } = {},
): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${String(target)}`);
}

/** axe over the whole window in the dark and the light theme: no violations in either. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      colorScheme,
    ).toEqual([]);
  }
}

/**
 * Picks a library item in an item picker the way a creator does: focus the field, type part of
 * the title, click the match (waits for the item to reach the list).
 */
export async function pickFromLibrary(
  scope: Locator,
  label: string,
  title: string,
  typed = title,
): Promise<void> {
  const field = scope.getByRole('combobox', { name: label });
  await field.click();
  await field.fill(typed);
  await scope
    .getByRole('listbox')
    .getByRole('option')
    .filter({ has: scope.page().locator('.picker-title').getByText(title, { exact: true }) })
    .first()
    .click({ timeout: 15_000 });
  await expect(field).toHaveValue(title);
}

/**
 * Switches the app to `lang` as a creator would (Settings → Language); the pseudo right-to-left
 * mode, offered in development builds only, is saved as main's setting and read at a restart.
 * Resolves the page showing it, `<html lang dir>` already following.
 */
export async function chooseAppLanguage(app: AppHandle, lang: AppLanguage): Promise<Page> {
  let page = app.page;
  if (lang === 'ar-XB') {
    // the pseudo-locales are offered in development builds only: saved as main's setting, then
    // read at the next start
    await page.evaluate(async (l) => {
      const api = (
        globalThis as unknown as {
          cadenza: { preferences: { setLanguage(l: string): Promise<unknown> } };
        }
      ).cadenza;
      await api.preferences.setLanguage(l);
    }, lang);
    page = await app.restart();
  } else {
    await page.keyboard.press('Control+8');
    await page.locator(`select:has(option[value="${lang}"])`).selectOption(lang);
  }
  const htmlLang = lang === 'ar-XB' ? 'ar' : lang;
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar-XB' ? 'rtl' : 'ltr');
  return page;
}
