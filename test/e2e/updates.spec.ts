/**
 * Settings → Updates through the real preload, IPC handlers and settings store. Under the Electron
 * double the updater is off (electron-updater needs Electron's net and a packaged app), and the
 * card says why; the setting still round-trips to settings.json and survives a restart. The
 * updater itself against the emulator's feed: test/integration/updates/.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { openPanel } from './app-helpers';

test('the Updates card explains why this run cannot update, and the automatic-updates setting is saved', async ({
  app,
  page,
}) => {
  test.skip(
    !!process.env.ELECTRON_OVERRIDE_DIST_PATH,
    'under real Electron the unpackaged app reports "installed build only"',
  );
  await openPanel(page, 'Settings');
  const card = page.getByRole('region', { name: 'Updates' });
  await expect(card).toContainText(
    'Updates need the Electron runtime; this run uses the test double.',
  );
  await expect(card.getByRole('button', { name: 'Check for updates' })).toBeDisabled();
  const box = card.getByRole('checkbox', { name: 'Check for and download updates automatically' });
  await expect(box).toBeChecked();

  await box.uncheck();
  await expect(box).not.toBeChecked();
  await expect
    .poll(
      async () =>
        JSON.parse(await readFile(join(app.dirs.home, 'settings.json'), 'utf8')) as {
          autoUpdate?: boolean;
        },
    )
    .toMatchObject({ autoUpdate: false });
  expect(app.ipcLog.some((r) => r.channel === 'updates:setAutoUpdate')).toBe(true);

  const again = await app.restart();
  await openPanel(again, 'Settings');
  await expect(
    again
      .getByRole('region', { name: 'Updates' })
      .getByRole('checkbox', { name: 'Check for and download updates automatically' }),
  ).not.toBeChecked();
  await expect(again.getByRole('region', { name: 'Updates' })).toContainText('Version 0.1.0');
});
