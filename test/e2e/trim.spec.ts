/**
 * Trim end to end by keyboard alone: the built app (real preload, main handlers, the worker's
 * decode → cut → fade → encode) trims a library item — a recording from alsa-utils re-encoded
 * with ffmpeg — from the Library's details. The new file is checked with ffmpeg (an independent
 * decoder): the boundaries to the sample, the fade on the samples; the original is unchanged.
 */
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ffmpegPcm } from '../support/ffmpeg-pcm';
import { sha } from './app-helpers';
import { expect, test } from './fixtures';
import { iso } from '../support/bidi';

test.setTimeout(120_000);

const ALSA = '/usr/share/sounds/alsa';
const RATE = 44_100;
const frameAt = (ms: number): number => Math.round((ms * RATE) / 1000);

/** Presses Tab (Shift+Tab with `back`) until `target` has focus. */
async function tabTo(page: Page, target: Locator, back = false): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('Tab never reached the control');
}

test('trims a library item by keyboard alone into a new item; ffmpeg checks the cut and the fade', async ({
  app,
}) => {
  const file = join(app.dirs.library, 'Voices.wav');
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-i', join(ALSA, 'Front_Center.wav'), '-i', join(ALSA, 'Noise.wav'), '-i', join(ALSA, 'Rear_Right.wav'),
    '-filter_complex', '[0][1][2]concat=n=3:v=0:a=1',
    '-ar', String(RATE), '-ac', '2', '-c:a', 'pcm_s16le', file,
  ]); // prettier-ignore
  const frames = ffmpegPcm(file).channels[0]!.length;
  await writeFile(
    `${file}.json`,
    JSON.stringify({
      schema_version: 1,
      id: 'itm_e2etrimvoices00001',
      kind: 'song',
      title: 'Voices',
      duration_ms: Math.round((frames / RATE) * 1000),
      created_at: '2025-03-14T09:00:00.000Z',
    }),
  );
  const before = sha(await readFile(file));
  const page = await app.restart();

  // Library by its shortcut, the list, the item, its Trim action
  const nav = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Library/ });
  const shortcut = (await nav.getAttribute('aria-keyshortcuts'))!.split(' ')[0]!;
  await page.keyboard.press(shortcut);
  await expect(page.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible();
  const list = page.getByRole('listbox', { name: 'Library items' });
  await expect(list.getByRole('option', { name: /^Voices,/ })).toBeVisible();
  await tabTo(page, list);
  await page.keyboard.press('ArrowDown');
  const details = page.getByRole('region', { name: 'Item details' });
  await expect(details.getByRole('heading', { name: 'Voices' })).toBeVisible();
  await tabTo(page, details.getByRole('button', { name: 'Trim…' }));
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: `Trim “${iso('Voices')}”` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  const start = dialog.getByRole('slider', { name: 'Start of the region' });
  const readout = (id: string) => dialog.getByTestId(id);
  await tabTo(page, start);
  await page.keyboard.press('Shift+ArrowRight');
  for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowRight');
  await expect(readout('region-start')).toHaveText('0:01.250');
  // the end typed exactly
  await tabTo(page, dialog.getByLabel('End time'));
  await page.keyboard.press('Control+a');
  await page.keyboard.type('0:03.875');
  await page.keyboard.press('Enter');
  await expect(readout('region-end')).toHaveText('0:03.875');
  await expect(readout('region-length')).toHaveText('0:02.625');
  // zoom in with +, and out again
  await tabTo(page, start, true);
  await page.keyboard.press('+');
  await expect(dialog.getByTestId('zoom-level')).toHaveText(/2\.0× zoom/);
  await page.keyboard.press('-');
  await expect(dialog.getByTestId('zoom-level')).toHaveText(/Whole length/);
  await tabTo(page, dialog.getByLabel('Fade out (seconds)'));
  await page.keyboard.type('0.5');

  const axe = await new AxeBuilder({ page }).include('.dialog').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);

  await tabTo(page, dialog.getByRole('button', { name: 'Save as new item' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(
    details.getByText(`Saved “${iso('Voices (trimmed)')}” as a new item.`),
  ).toBeVisible();
  await expect(list.getByRole('option', { name: /^Voices \(trimmed\),/ })).toBeVisible();
  // the new item, newest first: its details say where it comes from
  await tabTo(page, list, true);
  await page.keyboard.press('Home');
  await expect(details.getByRole('heading', { name: 'Voices (trimmed)' })).toBeVisible();
  await expect(details.getByText(', 0:01.250 to 0:03.875')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Voices', exact: true })).toBeVisible();

  // ffmpeg's decode of the new file against ffmpeg's decode of the source
  const made = join(app.dirs.library, 'Voices (trimmed).wav');
  const got = ffmpegPcm(made);
  const want = ffmpegPcm(file);
  const from = frameAt(1250);
  const n = frameAt(3875) - from;
  const fade = frameAt(500);
  expect(got.sampleRate).toBe(RATE);
  expect(got.channels[0]!.length).toBe(n);
  for (let c = 0; c < 2; c++)
    for (let i = 0; i < n; i++) {
      const gain = i >= n - fade ? (n - 1 - i) / fade : 1;
      const diff = Math.abs(got.channels[c]![i]! - want.channels[c]![from + i]! * gain);
      if (diff > 1 / 32768) throw new Error(`sample ${i} of channel ${c} is off by ${diff}`);
    }
  expect(got.channels[0]![n - 1]).toBe(0);
  const sidecar = JSON.parse(await readFile(`${made}.json`, 'utf8')) as Record<string, unknown>;
  expect(sidecar.trimmed_from).toEqual({
    source_id: 'itm_e2etrimvoices00001',
    source_title: 'Voices',
    start_ms: 1250,
    end_ms: 3875,
    fade_in_ms: 0,
    fade_out_ms: 500,
    fade_curve: 'linear',
  });
  expect(sha(await readFile(file))).toBe(before);
});
