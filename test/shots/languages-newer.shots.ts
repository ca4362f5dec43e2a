/**
 * The newer UI in German and Japanese at 900×600 (for `npm run screenshots`; the kept ones are in
 * docs/screenshots/languages/): Settings › Spending and › Batches, the Library with a selection
 * (the selection bar) and the batch dialog with three prompts typed, each in both themes.
 * Files: `<what>-<lang>-<theme>-900x600.png` in CADENZA_SHOTS (default out/screenshots).
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, REPO_ROOT, test } from '../e2e/fixtures';
import { chooseAppLanguage, setKey } from '../e2e/app-helpers';
import { openLibrary, row, seedWorkspace } from '../e2e/library-workspace-helpers';

const OUT = process.env.CADENZA_SHOTS ?? join(REPO_ROOT, 'out/screenshots');

/** A catalog's words (the names the tests look for, in the language shown). */
function words(lang: string, ns: string, path: string): string {
  const file = join(REPO_ROOT, 'src/shared/i18n/locales', lang, `${ns}.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  return node as string;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 900, height: 600 });
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.mouse.move(0, 0);
    // layout and colour transitions settle (a picture, not a check)
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `${name}-${theme}-900x600.png`) });
  }
}

test('Spending, Batches, the selection bar and the batch dialog in German and Japanese', async ({
  app,
}) => {
  test.setTimeout(600_000);
  await mkdir(OUT, { recursive: true });
  await seedWorkspace(app.dirs.library);
  let page = await app.restart();
  await page.setViewportSize({ width: 900, height: 600 });
  await setKey(page);

  for (const lang of ['de', 'ja'] as const) {
    page = await chooseAppLanguage(app, lang);
    for (const [what, ns, key] of [
      ['settings-spending', 'settings', 'budget.title'],
      ['settings-batches', 'batch', 'settings.title'],
    ] as const) {
      const section = page.getByRole('region', { name: words(lang, ns, key), exact: true });
      await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shoot(page, `${what}-${lang}`);
    }

    await page.keyboard.press('Control+6'); // Library
    const list = await openLibraryIn(page, lang);
    await row(list, 'Paper Boats').click();
    await row(list, 'Salt Window').click({ modifiers: ['Shift'] });
    await expect(
      page.getByRole('toolbar', { name: words(lang, 'library', 'selection.aria') }),
    ).toBeVisible();
    await shoot(page, `library-selection-${lang}`);
    await page.keyboard.press('Escape');
    // the shortcut overview: the keys named as the language names them (Strg, Entf, Klick…)
    await list.focus();
    await page.keyboard.press('?');
    const overview = page.getByRole('dialog', { name: words(lang, 'shell', 'shortcuts.title') });
    await expect(overview).toBeVisible();
    await shoot(page, `shortcuts-${lang}`);
    await page.keyboard.press('Escape');
    await expect(overview).toBeHidden();

    await page.keyboard.press('Control+2'); // Songs
    await page.getByRole('button', { name: words(lang, 'batch', 'open') }).click();
    const dialog = page.getByRole('dialog', { name: words(lang, 'batch', 'dialog.title') });
    await dialog
      .getByLabel(words(lang, 'batch', 'dialog.name'), { exact: true })
      .fill('Drei Stimmungen');
    await dialog
      .getByLabel(words(lang, 'batch', 'dialog.list'), { exact: true })
      .fill('city pop, warm bass\nlo-fi piano, rain\nsurf rock, fast drums');
    await shoot(page, `batch-dialog-${lang}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

/** The Library's list, found by its name in the language shown. */
async function openLibraryIn(page: Page, lang: string) {
  if (lang === 'en') return openLibrary(page);
  const list = page.getByRole('listbox', { name: words(lang, 'library', 'list.aria') });
  await expect(list.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  return list;
}
