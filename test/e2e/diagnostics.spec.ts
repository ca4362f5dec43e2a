/**
 * Diagnostics from the Account panel, in the built app: a renderer error reaches main's log,
 * "Copy diagnostic report" puts a report on the clipboard (from main) with the version, the
 * service address, the job states and recent log lines — and never the key — and "Open logs
 * folder" opens the data folder's logs/.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, VALID_KEY } from './fixtures';
import { setKey } from './app-helpers';

const realElectron = !!process.env.ELECTRON_OVERRIDE_DIST_PATH;

async function mainLog(logsDir: string): Promise<string> {
  const files = (await readdir(logsDir).catch(() => [] as string[])).filter((f) =>
    f.startsWith('main.'),
  );
  return (await Promise.all(files.map((f) => readFile(join(logsDir, f), 'utf8')))).join('');
}

test('renderer errors reach the log; Copy diagnostic report copies a report without the key', async ({
  page,
  app,
  emulator,
}) => {
  const logsDir = join(app.dirs.home, 'logs');
  await setKey(page);

  // an error nobody catches, and a rejection nobody handles, in the renderer
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('renderer boom for the e2e log');
    }, 0);
    void Promise.reject(new Error('renderer rejection for the e2e log'));
  });
  await expect.poll(() => mainLog(logsDir)).toContain('renderer boom for the e2e log');
  await expect.poll(() => mainLog(logsDir)).toContain('renderer rejection for the e2e log');

  const card = page.getByRole('region', { name: 'Help with a problem' });
  await card.getByRole('button', { name: 'Copy diagnostic report' }).click();
  await expect(
    card.getByText('Diagnostic report copied. Paste it into your message or bug report.'),
  ).toBeVisible();

  const report = await app.clipboardText();
  expect(report).toContain('Cadenza diagnostic report');
  expect(report).toMatch(/Version: \d+\.\d+\.\d+ \(app\)/);
  expect(report).toContain(`Service address: ${emulator.url}`);
  expect(report).toContain(`Logs folder: ${logsDir}`);
  expect(report).toContain('Jobs: none');
  expect(report).toMatch(/Recent log lines \(main\.\d+\.log\)/);
  expect(report).toContain('renderer error: Uncaught Error: renderer boom for the e2e log');
  expect(report).not.toContain(VALID_KEY);
  // the report stayed in main: it never crossed IPC to the renderer
  expect(app.ipcLog.some((r) => r.payload.includes('Cadenza diagnostic report'))).toBe(false);

  if (!realElectron) {
    await card.getByRole('button', { name: 'Open logs folder' }).click();
    await expect.poll(() => app.openedExternal).toContain(`path:${logsDir}`);
  }
  expect(await mainLog(logsDir)).not.toContain(VALID_KEY);
});
