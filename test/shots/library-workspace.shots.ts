/**
 * Screenshots of the Library as a workspace (issue 31, Done when): the list with a selection (the
 * selection bar), an open collection (an album of three, numbered, with its artist) and the
 * shortcut overview, in both themes at 1280×800 and 900×600. Files land in CADENZA_SHOTS (default
 * out/screenshots) as `library-<what>-<theme>-<width>x<height>.png`; the kept ones are in
 * docs/screenshots/library-workspace/.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, REPO_ROOT, test } from '../e2e/fixtures';
import { openLibrary, row, seedWorkspace } from '../e2e/library-workspace-helpers';

const OUT = process.env.CADENZA_SHOTS ?? join(REPO_ROOT, 'out/screenshots');

async function shoot(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [w, h] of [
      [1280, 800],
      [900, 600],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(OUT, `library-${name}-${theme}-${w}x${h}.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the Library with a selection, a collection and the shortcut overview', async ({ app }) => {
  await mkdir(OUT, { recursive: true });
  const lib = app.dirs.library;
  await seedWorkspace(lib);
  await mkdir(join(lib, 'Collections'), { recursive: true });
  await writeFile(
    join(lib, 'Collections', 'Harbour EP.m3u8'),
    [
      '#EXTM3U',
      '#PLAYLIST:Harbour EP',
      '#EXTALB:Harbour EP',
      '#EXTART:The Harbour',
      '#EXTIMG:../Paper Boats.png',
      '#EXTINF:3,Café Tide',
      '#CADENZA-ITEM:itm_ws_cafe',
      '../Café Tide.wav',
      '#EXTINF:2,Low Tide',
      '#CADENZA-ITEM:itm_ws_lowtide',
      '../Low Tide.wav',
      '#EXTINF:3,Paper Boats',
      '#CADENZA-ITEM:itm_ws_paper',
      '../Paper Boats.wav',
      '',
    ].join('\n'),
  );
  const page = await app.restart();
  await page.setViewportSize({ width: 1280, height: 800 });
  const list = await openLibrary(page);

  // a selection: a Shift range and a Ctrl-click, two takes starred
  await row(list, 'Harbour Lights', 1).getByTestId('row-star').click();
  await row(list, 'Harbour Lights', 2).getByTestId('row-star').click();
  await row(list, 'Paper Boats').click();
  await row(list, 'Salt Window').click({ modifiers: ['Shift'] });
  await row(list, 'Harbour Lights', 2).click({ modifiers: ['Control'] });
  await expect(page.getByRole('toolbar', { name: 'Selection' })).toContainText('5 selected');
  await page.mouse.move(0, 0);
  await shoot(page, 'selection');

  // the shortcut overview, over the selection
  await list.focus();
  await page.keyboard.press('?');
  const overview = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(overview).toBeVisible();
  await shoot(page, 'shortcuts');
  await page.keyboard.press('Escape');
  await expect(overview).toBeHidden();

  // a collection: the album of three, one track chosen
  await page.keyboard.press('Escape');
  const sidebar = page.getByRole('navigation', { name: 'Collections' });
  await sidebar.getByRole('button', { name: /Harbour EP/ }).click();
  const tracks = page.getByTestId('collection-track');
  await expect(tracks).toHaveCount(3, { timeout: 20_000 });
  await tracks.nth(1).click();
  await page.mouse.move(0, 0);
  await shoot(page, 'collection');
});
