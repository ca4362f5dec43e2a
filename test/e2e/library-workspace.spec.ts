/**
 * The Library as a workspace, end to end (issue 31, point 6), on the built app over real main:
 * select with Shift/Ctrl, star two takes of a song, "Keep starred takes" and Undo (the files and
 * sidecars go and come back), make an album of three songs, reorder it (drag and Alt+↓), export it
 * (order and track numbers read back with ffprobe) and check the `.m3u8` main wrote: UTF-8 without
 * a BOM, LF, NFC, relative forward-slash paths, the extended-M3U album lines and a Cadenza id line
 * per entry. A second test runs axe (both themes) on the selection bar, the collections sidebar and
 * the shortcut overview.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { CAFE, openLibrary, row, SEED_COUNT, seedWorkspace } from './library-workspace-helpers';
import { expect, test } from './fixtures';

test.setTimeout(240_000);

const selectedTitles = (list: Locator): Promise<string[]> =>
  list
    .locator('[role="option"][aria-selected="true"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));

interface Probed {
  format: { tags?: Record<string, string> };
}
const probeTags = (path: string): Record<string, string> => {
  const p = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', path], {
      encoding: 'utf8',
    }),
  ) as Probed;
  return Object.fromEntries(
    Object.entries(p.format.tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
};

/** "width,height" of the file's attached picture (ffprobe), or "" when it has none. */
const pictureSize = (path: string): string =>
  execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'v',
      '-show_entries',
      'stream=width,height',
      '-of',
      'csv=p=0',
      path,
    ],
    { encoding: 'utf8' },
  ).trim();

test('select, star two takes, keep starred + undo, an album of three reordered, exported and its playlist', async ({
  app,
}) => {
  const lib = app.dirs.library;
  await seedWorkspace(lib);
  const page = await app.restart();
  await page.setViewportSize({ width: 1280, height: 800 });
  const list = await openLibrary(page);
  const bar = page.getByRole('toolbar', { name: 'Selection' });

  // --- selection: click, Shift-click a range, Ctrl-click one more, Ctrl-click one off, Escape
  await row(list, 'Paper Boats').click();
  await expect(bar).toBeHidden();
  await row(list, CAFE).click({ modifiers: ['Shift'] });
  await expect(bar).toContainText('3 selected');
  await row(list, 'Salt Window').click({ modifiers: ['Control'] });
  await expect(bar).toContainText('4 selected');
  expect((await selectedTitles(list)).map((l) => l.split(',')[0]!.normalize('NFC')).sort()).toEqual(
    [CAFE, 'Low Tide', 'Paper Boats', 'Salt Window'],
  );
  await row(list, 'Low Tide').click({ modifiers: ['Control'] });
  await expect(bar).toContainText('3 selected');
  await expect(row(list, 'Low Tide')).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();

  // --- star two takes: take 1 by its row's star, take 2 by the details' Star toggle
  const take = (n: number) => row(list, 'Harbour Lights', n);
  await expect(take(3)).toBeVisible();
  await take(1).getByTestId('row-star').click();
  await expect(take(1).getByTestId('row-star')).toHaveAttribute('data-starred', 'true');
  await take(2).click();
  const details = page.getByRole('region', { name: 'Item details' });
  const detailStar = details.getByRole('button', { name: /^Star .*Harbour Lights/ });
  await expect(detailStar).toHaveAttribute('aria-pressed', 'false');
  await detailStar.click();
  await expect(detailStar).toHaveAttribute('aria-pressed', 'true');
  await expect(take(2).getByTestId('row-star')).toHaveAttribute('data-starred', 'true');
  await expect(take(3).getByTestId('row-star')).toHaveAttribute('data-starred', 'false');
  // kept in the sidecars (not an in-memory flag)
  for (const n of [1, 2]) {
    const side = JSON.parse(await readFile(join(lib, `Harbour Lights ${n}.wav.json`), 'utf8'));
    expect(side.favourite, `take ${n}`).toBe(true);
  }

  // --- keep starred takes: take 3 goes (file and sidecar); Undo puts both back
  const take3 = join(lib, 'Harbour Lights 3.wav');
  const take3Bytes = await readFile(take3);
  const take3Side = await readFile(`${take3}.json`, 'utf8');
  await details.getByRole('button', { name: 'Keep starred takes' }).click();
  // the Library's trash toast names the take that went (its Undo, or Ctrl+Z, puts it back)
  const toast = page.locator('.library-toast');
  await expect(toast).toContainText(/Moved “\u2068?Harbour Lights · Take 3\u2069?” to the trash\./);
  await expect(take(3)).toHaveCount(0);
  await expect(list.getByRole('option')).toHaveCount(SEED_COUNT - 1);
  expect(existsSync(take3)).toBe(false);
  expect(existsSync(`${take3}.json`)).toBe(false);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(take(3)).toBeVisible({ timeout: 20_000 });
  await expect(list.getByRole('option')).toHaveCount(SEED_COUNT);
  expect((await readFile(take3)).equals(take3Bytes)).toBe(true);
  expect(JSON.parse(await readFile(`${take3}.json`, 'utf8'))).toEqual(JSON.parse(take3Side));

  // --- an album of three songs
  const sidebar = page.getByRole('navigation', { name: 'Collections' });
  await sidebar.getByRole('button', { name: 'New collection' }).click();
  await sidebar.getByRole('textbox', { name: 'Collection name' }).fill('Harbour EP');
  await sidebar.getByRole('button', { name: 'Create' }).click();
  const ep = sidebar.getByRole('button', { name: /Harbour EP/ });
  await expect(ep).toBeVisible();
  // a new collection opens (empty): back to every item to fill it
  await expect(page.getByText(/^Nothing in it yet/)).toBeVisible();
  await sidebar.getByRole('button', { name: 'All items' }).click();
  for (const title of ['Paper Boats', 'Low Tide', CAFE]) {
    await row(list, title).click();
    await details
      .getByRole('combobox', { name: 'Add to collection…' })
      .selectOption({ label: 'Harbour EP' });
    await expect(ep).toContainText(String(['Paper Boats', 'Low Tide', CAFE].indexOf(title) + 1));
  }
  await ep.click();
  const tracks = page.getByTestId('collection-track');
  const order = async () =>
    (await tracks.locator('.collection-title').allTextContents()).map((s) => s.normalize('NFC'));
  await expect(tracks).toHaveCount(3);
  expect(await order()).toEqual(['Paper Boats', 'Low Tide', CAFE]);

  // --- reorder: drag Café Tide to the top, then Alt+↓ moves Low Tide below Paper Boats... to the end
  await tracks.nth(2).dragTo(tracks.nth(0));
  await expect.poll(order).toEqual([CAFE, 'Paper Boats', 'Low Tide']);
  await tracks.nth(1).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(order).toEqual([CAFE, 'Low Tide', 'Paper Boats']);
  const numbers = await tracks.locator('.collection-number').allTextContents();
  expect(numbers).toEqual(['1', '2', '3']);

  // --- the album's artist
  await page.getByRole('button', { name: 'Album…', exact: true }).click();
  const albumDialog = page.getByRole('dialog', { name: /^Album: / });
  await albumDialog.getByRole('textbox', { name: 'Album artist' }).fill('The Harbour');
  // the album's cover: Paper Boats' picture (the last track's; #EXTIMG names it)
  await albumDialog
    .getByRole('combobox', { name: 'Album cover' })
    .selectOption({ label: 'Paper Boats' });
  await albumDialog.getByRole('button', { name: 'Save' }).click();
  await expect(albumDialog).toBeHidden();
  await expect(page.locator('.collection-head')).toContainText('The Harbour');

  // --- the playlist main wrote
  const playlistPath = join(lib, 'Collections', 'Harbour EP.m3u8');
  await expect
    .poll(async () => (await readFile(playlistPath, 'utf8')).includes('#EXTIMG:'))
    .toBe(true);
  const bytes = await readFile(playlistPath);
  expect([...bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]); // no BOM
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes); // valid UTF-8
  expect(text).toBe(text.normalize('NFC'));
  expect(text).not.toContain('\r');
  expect(text).toContain(CAFE); // the NFD title, said in NFC
  const lines = text.trimEnd().split('\n');
  expect(lines.slice(0, 5)).toEqual([
    '#EXTM3U',
    '#PLAYLIST:Harbour EP',
    '#EXTALB:Harbour EP',
    '#EXTART:The Harbour',
    '#EXTIMG:../Paper Boats.png',
  ]);
  const entries = lines.filter((l) => !l.startsWith('#'));
  expect(entries).toEqual([`../${CAFE}.wav`, '../Low Tide.wav', '../Paper Boats.wav']);
  for (const e of entries) {
    expect(e).not.toContain('\\');
    expect(existsSync(resolve(dirname(playlistPath), e)), e).toBe(true);
  }
  expect(lines.filter((l) => l.startsWith('#CADENZA-ITEM:'))).toEqual([
    '#CADENZA-ITEM:itm_ws_cafe',
    '#CADENZA-ITEM:itm_ws_lowtide',
    '#CADENZA-ITEM:itm_ws_paper',
  ]);
  expect(lines.filter((l) => l.startsWith('#EXTINF:'))).toEqual([
    `#EXTINF:3,${CAFE}`,
    '#EXTINF:2,Low Tide',
    '#EXTINF:3,Paper Boats',
  ]);

  // --- export the album: its order, numbered, with its artist and cover
  const out = join(app.dirs.root, 'album-out');
  await mkdir(out);
  await page.getByRole('button', { name: 'Export album…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Export / });
  await dialog.getByRole('radio', { name: 'MP3' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Album' })).toHaveValue('Harbour EP');
  await app.dialogs.answerOpenDialog([out]);
  await dialog.getByRole('button', { name: 'Choose folder and export…' }).click();
  await expect(page.getByText(/^3 files exported to /)).toBeVisible({ timeout: 90_000 });
  const files = (await readdir(out)).filter((f) => f.endsWith('.mp3'));
  expect(files).toHaveLength(3);
  const byTrack = files
    .map((f) => ({ f, tags: probeTags(join(out, f)) }))
    .sort((a, b) => parseInt(a.tags.track!, 10) - parseInt(b.tags.track!, 10));
  expect(byTrack.map((x) => x.tags.track)).toEqual(['1/3', '2/3', '3/3']);
  expect(byTrack.map((x) => x.tags.title!.normalize('NFC'))).toEqual([
    CAFE,
    'Low Tide',
    'Paper Boats',
  ]);
  for (const x of byTrack) {
    expect(x.tags.album, x.f).toBe('Harbour EP');
    expect(x.tags.album_artist ?? x.tags.albumartist, x.f).toBe('The Harbour');
    // the album's cover (Paper Boats' 64×48 picture) on every track
    expect(pictureSize(join(out, x.f)), x.f).toBe('64,48');
  }
});

test('axe in both themes: the selection bar, the collections sidebar and the shortcut overview', async ({
  app,
}) => {
  await seedWorkspace(app.dirs.library);
  await mkdir(join(app.dirs.library, 'Collections'), { recursive: true });
  await writeFile(
    join(app.dirs.library, 'Collections', 'Harbour EP.m3u8'),
    '#EXTM3U\n#PLAYLIST:Harbour EP\n#CADENZA-ITEM:itm_ws_paper\n../Paper Boats.wav\n',
  );
  const page = await app.restart();
  await page.setViewportSize({ width: 1280, height: 800 });
  const list = await openLibrary(page);
  await row(list, 'Paper Boats').click();
  await row(list, 'Salt Window').click({ modifiers: ['Shift'] });
  await expect(page.getByRole('toolbar', { name: 'Selection' })).toContainText('4 selected');
  await expect(
    page
      .getByRole('navigation', { name: 'Collections' })
      .getByRole('button', { name: /Harbour EP/ }),
  ).toBeVisible();

  const check = async (selector: string) => {
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `${selector} (${colorScheme})`,
      ).toEqual([]);
    }
  };
  await check('.library-selection-bar');
  await check('.collections-sidebar');

  // a workspace at 900×600 too: with the selection bar about six rows show above the player;
  // with one item chosen, the details' buttons are in view beside the list (nothing scrolls)
  await page.setViewportSize({ width: 900, height: 600 });
  const player = page.getByRole('region', { name: 'Player' });
  const fold = async () => (await player.boundingBox())?.y ?? 600;
  const listBox = async () => (await list.boundingBox())!;
  let box = await listBox();
  expect(Math.min(box.y + box.height, await fold()) - box.y).toBeGreaterThanOrEqual(5.5 * 52);
  await expect(page.getByRole('toolbar', { name: 'Selection' })).toBeInViewport({ ratio: 1 });
  await row(list, 'Low Tide').click();
  const details = page.getByRole('region', { name: 'Item details' });
  for (const name of ['Play', 'Add to queue', 'Trim…']) {
    const b = (await details.getByRole('button', { name, exact: true }).boundingBox())!;
    expect(b.y + b.height, name).toBeLessThanOrEqual(await fold());
  }
  box = await listBox();
  expect(Math.min(box.y + box.height, await fold()) - box.y).toBeGreaterThanOrEqual(6 * 52);
  await page.setViewportSize({ width: 1280, height: 800 });
  await row(list, 'Paper Boats').click();
  await row(list, 'Salt Window').click({ modifiers: ['Shift'] });

  await list.focus();
  await page.keyboard.press('?');
  const overview = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(overview).toBeVisible();
  await check('.shortcut-overview');
  await page.keyboard.press('Escape');
  await expect(overview).toBeHidden();
  // Ctrl+/ opens it too
  await page.keyboard.press('Control+/');
  await expect(overview).toBeVisible();
});
