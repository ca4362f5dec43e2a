/**
 * Screenshots of a collection in the Library (issue 31, point 4): the sidebar with the
 * collection open, its numbered tracks, and the details of one track with the star and rating,
 * both themes at 1280×800 and 900×600. Files land in CADENZA_SHOTS (default out/screenshots) as
 * `library-collection-<theme>-<width>x<height>.png`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toneWav } from '../support/media-fixtures';
import { expect, REPO_ROOT, test } from '../e2e/fixtures';
import { setKey } from '../e2e/app-helpers';

const OUT = process.env.CADENZA_SHOTS ?? join(REPO_ROOT, 'out/screenshots');
const SONGS = ['Harbour Lights · Take 1', 'Paper Boats', 'Low Tide'] as const;

test('a collection, both themes, two sizes', async ({ app, page }) => {
  await mkdir(OUT, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
  await setKey(page);
  const dir = app.dirs.library;
  await Promise.all(
    SONGS.flatMap((title, i) => [
      writeFile(join(dir, `${title}.wav`), toneWav(8 + i * 3)),
      writeFile(
        join(dir, `${title}.wav.json`),
        JSON.stringify({
          schema_version: 1,
          id: `itm_col${String(i).padStart(8, '0')}`,
          kind: 'song',
          title,
          prompt: 'warm lo-fi with soft rain',
          favourite: i === 0,
          rating: i === 0 ? 4 : null,
          created_at: new Date(Date.UTC(2025, 0, 1, 0, 10 - i)).toISOString(),
        }),
      ),
    ]),
  );
  await mkdir(join(dir, 'Collections'), { recursive: true });
  const order = [2, 0, 1];
  await writeFile(
    join(dir, 'Collections', 'Harbour EP.m3u8'),
    [
      '#EXTM3U',
      '#PLAYLIST:Harbour EP',
      '#EXTALB:Harbour EP',
      '#EXTART:The Harbour',
      ...order.flatMap((i) => [
        `#CADENZA-ITEM:itm_col${String(i).padStart(8, '0')}`,
        `#EXTINF:${8 + i * 3},${SONGS[i]}`,
        `../${SONGS[i]}.wav`,
      ]),
      '',
    ].join('\n'),
  );
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /^Library/ }).click();
  await expect(
    page.getByRole('listbox', { name: 'Library items' }).getByRole('option').first(),
  ).toBeVisible({ timeout: 20_000 });
  const sidebar = page.getByRole('navigation', { name: 'Collections' });
  await sidebar.getByRole('button', { name: /Harbour EP/ }).click();
  await expect(page.getByTestId('collection-track')).toHaveCount(3, { timeout: 20_000 });
  await page.getByTestId('collection-track').nth(1).click();
  await page.mouse.move(0, 0);
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [w, h] of [
      [1280, 800],
      [900, 600],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(OUT, `library-collection-${theme}-${w}x${h}.png`) });
    }
  }
});
