/**
 * The upgrade of older library files in the built app (issue 28, point 4): a library as an
 * earlier version left it (sidecars without an audio hash, files without tags) is found at start;
 * the consent dialog says how many files and bytes and that a synced folder uploads them again
 * (axe finds nothing in either theme); once agreed the Library shows the files tagged. With
 * CADENZA_SHOTS=<folder> it saves the dialog at 1280×800 and 900×600.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toneWav } from '../support/media-fixtures';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, openPanel } from './app-helpers';

const SHOTS = process.env.CADENZA_SHOTS;
test.use({ upgradeUnanswered: true });

test('older files: asked first, then tagged in the background with progress in the Library', async ({
  app,
}) => {
  test.setTimeout(180_000);
  const dir = app.dirs.library;
  for (const n of [1, 2, 3]) {
    const file = `Old song ${n}.wav`;
    await writeFile(join(dir, file), toneWav(2));
    await writeFile(
      join(dir, `${file}.json`),
      JSON.stringify({
        schema_version: 1,
        id: `itm_old${n}`,
        kind: 'song',
        title: `Old song ${n}`,
        prompt: 'warm synthwave',
        created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
      }),
    );
  }
  const page = await app.restart(); // the first start with these files
  const dialog = page.getByRole('dialog', { name: 'Add tags to your older files?' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText('3 files');
  await expect(dialog).toContainText('The sound is not changed, but each file is rewritten.');
  await expect(dialog.getByRole('button', { name: 'Add tags' })).toBeFocused();
  if (SHOTS) {
    await mkdir(SHOTS, { recursive: true });
    for (const [w, h] of [
      [1280, 800],
      [900, 600],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: join(SHOTS, `upgrade-consent-${w}x${h}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Add tags' }).click();
  await expect(dialog).toBeHidden();
  await openPanel(page, 'Library');
  const section = page.getByRole('region', { name: 'Tags for older files' });
  await expect(section).toContainText('Tagged 3 files.', { timeout: 60_000 });
  const sidecar = JSON.parse(await readFile(join(dir, 'Old song 1.wav.json'), 'utf8')) as {
    audio_sha256?: string;
  };
  expect(sidecar.audio_sha256).toMatch(/^[0-9a-f]{64}$/);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'upgrade-done-1280x800.png') });
});
