/**
 * One player, end to end in Chromium: a song take and then a voice sample play through the same
 * engine (the take stops, the bar shows the sample and where it came from); the bar is driven by
 * keyboard alone (transport, waveform seek, volume, the queue and Escape); axe finds nothing on the
 * bar and the open queue. With CADENZA_SHOTS=<folder> it also saves screenshots at 1280×800 and
 * 900×600 for a person to look at (never committed).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { toneWav } from '../support/media-fixtures';
import { expect, test } from './fixtures';
import { openPanel, setKey } from './app-helpers';
import {
  barPlays,
  expectPlayedLoaded,
  playedState,
  playerBar,
  playingSources,
  recordPlayedMedia,
} from './media-checks';

test.setTimeout(120_000);

const SHOTS = process.env.CADENZA_SHOTS;

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  for (const [w, h] of [
    [1280, 800],
    [900, 600],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: join(SHOTS, `${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Presses Tab until the focused element matches `selector` (at most `max` times). */
async function tabTo(page: Page, selector: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await page.locator(`${selector}:focus`).count()) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The focused element's label (aria-label, else its text). */
const focused = async (page: Page): Promise<string> => {
  const el = page.locator(':focus');
  return (await el.getAttribute('aria-label')) ?? (await el.textContent())?.trim() ?? '';
};

/** Three WAV songs with sidecars in the library folder (12, 10 and 8 s). */
async function seedLibrary(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const songs = [
    ['Harbour lights', 12],
    ['Paper boats', 10],
    ['Low tide', 8],
  ] as const;
  await Promise.all(
    songs.flatMap(([title, seconds], i) => [
      writeFile(join(dir, `${title}.wav`), toneWav(seconds)),
      writeFile(
        join(dir, `${title}.wav.json`),
        JSON.stringify({
          schema_version: 1,
          id: `itm_seed${String(i).padStart(8, '0')}`,
          kind: 'song',
          title,
          duration_ms: seconds * 1000,
          created_at: new Date(Date.UTC(2025, 0, 1, 0, 10 - i)).toISOString(),
        }),
      ),
    ]),
  );
}

test('a song take, then a voice sample: the take stops and the bar shows the sample', async ({
  page,
  emulator,
}) => {
  emulator.configure({ stepMs: 1000, songDurationMs: 8000 });
  await setKey(page);
  await openPanel(page, 'Songs');
  await page.getByLabel('Song description').fill('harbour at dusk, slow guitar');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const card = page.getByRole('listitem', { name: /^Song: / }).first();
  await expect(card.getByTestId('job-state')).toHaveText('Done', { timeout: 45_000 });
  const take1 = card.getByRole('listitem', { name: / · Take 1$/ });

  await recordPlayedMedia(page);
  await take1.getByRole('button', { name: /^Play .* · Take 1$/ }).click();
  const take = await barPlays(page, /^cadenza-media:\/\/library\//, {
    title: / · Take 1$/,
    origin: 'Songs',
  });
  await expect
    .poll(async () => (await playedState(page, take))?.currentTime ?? 0)
    .toBeGreaterThan(0.5);
  await expect(take1.getByRole('button', { name: /^Pause .* · Take 1$/ })).toBeVisible();
  await shoot(page, 'songs-take-playing');

  await openPanel(page, 'Voice');
  await page
    .getByRole('region', { name: 'All voices' })
    .getByRole('button', { name: 'Play sample of Ava' })
    .click();
  const sample = await barPlays(page, /^cadenza-media:\/\/cache\//, {
    title: 'Ava',
    origin: 'Voice sample · not in the queue',
  });
  await expectPlayedLoaded(page, sample, 3, { minReadyState: 2 });
  // one engine: the take is no longer playing, only the sample is
  expect(await playingSources(page)).toEqual([sample]);
  await expect(
    page
      .getByRole('region', { name: 'All voices' })
      .getByRole('button', { name: 'Pause sample of Ava' }),
  ).toBeVisible();
  await shoot(page, 'voice-sample-playing');

  await openPanel(page, 'Songs');
  await expect(take1.getByRole('button', { name: /^Play .* · Take 1$/ })).toBeVisible();
});

test('the bar by keyboard alone: play from the Library, pause, next, seek on the waveform, volume, the queue and Escape; axe finds nothing', async ({
  app,
  page,
}) => {
  await seedLibrary(app.dirs.library);
  await page.setViewportSize({ width: 1280, height: 800 });
  await recordPlayedMedia(page);
  // Ctrl+6 opens the Library; Tab to the list, Home, Enter plays from there (the queue)
  await page.keyboard.press('Control+6');
  await expect(page.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible();
  const list = page.getByRole('listbox', { name: 'Library items' });
  await expect(list.getByRole('option')).toHaveCount(3, { timeout: 20_000 });
  await tabTo(page, '[role="listbox"]');
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  const bar = playerBar(page);
  const first = await barPlays(page, /Harbour%20lights\.wav$/, {
    title: 'Harbour lights',
    origin: 'Library · 1 of 3 in the queue',
  });
  await expect(bar.getByTestId('player-duration')).toHaveText('0:12');

  // Tab into the bar: Previous, Pause, Next
  await tabTo(page, '.player button[aria-label="Previous"]');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Pause');
  await page.keyboard.press('Enter');
  await expect(bar).toHaveAttribute('data-status', 'paused');
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(bar).toHaveAttribute('data-status', 'playing');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Next');
  await page.keyboard.press('Enter');
  const second = await barPlays(page, /Paper%20boats\.wav$/, { title: 'Paper boats' });
  expect(await playingSources(page)).toEqual([second]);
  expect(second).not.toBe(first);

  // the seek slider over the waveform: Home, then → steps 5 s; the played part is drawn
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Seek');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(async () => (await playedState(page, second))?.currentTime ?? 0)
    .toBeGreaterThanOrEqual(4.9);
  await expect(bar.locator('.waveform')).toHaveAttribute('data-played', /^0\.5\d\d$/);

  // a click on the waveform seeks there (the slider lies over it)
  const track = await bar.locator('.player-seek-track').boundingBox();
  await page.mouse.click(track!.x + track!.width * 0.2, track!.y + track!.height / 2);
  await expect
    .poll(async () => (await playedState(page, second))?.currentTime ?? 0)
    .toBeGreaterThanOrEqual(1.8);
  expect((await playedState(page, second))!.currentTime).toBeLessThan(3.5);
  await page.keyboard.press('Home'); // focus stayed on the slider after the click

  // Mute, then the volume slider steps by 5 %
  await tabTo(page, '.player button[aria-label="Mute"]');
  await page.keyboard.press('Enter');
  await expect(bar.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Volume');
  await page.keyboard.press('ArrowLeft');
  await expect(bar.getByRole('slider', { name: 'Volume' })).toHaveValue('75');

  // the queue: Enter opens it with focus inside, the current entry is marked; Escape closes it
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('Queue (3)');
  await page.keyboard.press('Enter');
  const queue = page.getByRole('region', { name: 'Queue' });
  await expect(queue).toBeVisible();
  await expect(queue.getByRole('heading', { name: 'Queue' })).toBeFocused();
  await expect(queue.locator('[aria-current="true"]')).toContainText('Paper boats');
  await expect(queue.getByRole('button', { name: 'Play Paper boats (now playing)' })).toBeVisible();
  await expect(queue.getByRole('listitem').first()).toContainText('0:12');

  const axe = await new AxeBuilder({ page }).include('.player').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
    [],
  );
  await shoot(page, 'queue-open');

  await page.keyboard.press('Escape');
  await expect(queue).toBeHidden();
  await expect(bar.getByRole('button', { name: 'Queue (3)' })).toBeFocused();
  const closed = await new AxeBuilder({ page }).include('.player').analyze();
  expect(closed.violations.map((v) => v.id)).toEqual([]);
  await shoot(page, 'library-playing');
});
