/** window.cadenza from the page: files by handle (picked and dropped), openExternal policy, app info. */
import { writeFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CadenzaApi } from '../../src/shared/ipc/api';
import { ACCOUNT_PAGE_URL } from '../../src/shared/defaults';
import { test, expect, openAccount, REPO_ROOT } from './fixtures';

type Renderer = { cadenza: CadenzaApi };
const WAV = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.alloc(4),
  Buffer.from('WAVEfmt '),
  Buffer.alloc(52),
]);

test('a picked file comes back as a handle with its name and size, never its path', async ({
  page,
  app,
}) => {
  const wav = join(app.dirs.root, 'take one.wav');
  await writeFile(wav, WAV);
  await app.dialogs.answerOpenDialog([wav]);
  const picked = await page.evaluate(() =>
    (globalThis as unknown as Renderer).cadenza.files.pick({ kind: 'audio' }),
  );
  expect(picked).toEqual({
    ok: true,
    value: [
      {
        handle: expect.stringMatching(/^fh_/),
        name: 'take one.wav',
        sizeBytes: WAV.length,
        mimeType: 'audio/wav',
      },
    ],
  });
  expect(JSON.stringify(picked)).not.toContain(app.dirs.root);
  const dialog = app.dialogs.calls.find((c) => c.method === 'showOpenDialog');
  expect(dialog?.options).toMatchObject({
    properties: ['openFile'],
    filters: [{ name: 'Audio', extensions: expect.arrayContaining(['wav', 'mp3']) }],
  });

  // Cancelled: nothing registered.
  expect(
    await page.evaluate(() =>
      (globalThis as unknown as Renderer).cadenza.files.pick({ kind: 'audio' }),
    ),
  ).toEqual({ ok: true, value: [] });
});

test('dropped files become handles through webUtils; a file of the wrong kind is refused', async ({
  page,
  app,
}) => {
  const wav = join(app.dirs.root, 'dropped.wav');
  const text = join(app.dirs.root, 'notes.wav');
  await writeFile(wav, WAV);
  await writeFile(text, 'not audio');
  await page.evaluate(() => {
    const g = globalThis as unknown as Renderer & {
      document: {
        body: {
          addEventListener(
            t: string,
            l: (e: {
              preventDefault(): void;
              dataTransfer: { files: ArrayLike<{ name: string; size: number }> };
            }) => void,
          ): void;
        };
      };
      dropResults: unknown[];
    };
    g.dropResults = [];
    g.document.body.addEventListener('drop', (e) => {
      e.preventDefault();
      void g.cadenza.files
        .registerDropped(Array.from(e.dataTransfer.files), 'audio')
        .then((r) => g.dropResults.push(r));
    });
  });
  await app.dropFiles('body', [{ path: wav, mimeType: 'audio/wav' }]);
  await app.dropFiles('body', [{ path: text, mimeType: 'audio/wav' }]);
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as { dropResults: unknown[] }).dropResults.length),
    )
    .toBe(2);
  const [good, bad] = await page.evaluate(
    () => (globalThis as unknown as { dropResults: unknown[] }).dropResults,
  );
  expect(good).toEqual({
    ok: true,
    value: [
      {
        handle: expect.stringMatching(/^fh_/),
        name: 'dropped.wav',
        sizeBytes: WAV.length,
        mimeType: 'audio/wav',
      },
    ],
  });
  expect(bad).toMatchObject({
    ok: false,
    error: { code: 'invalid_argument', message: expect.stringContaining('notes.wav') },
  });
  // The path crossed IPC once, from the preload to main, and never came back.
  const withPath = app.ipcLog.filter((r) => r.payload.includes(wav));
  expect(withPath.map((r) => `${r.direction} ${r.channel}`)).toEqual([
    'invoke files:registerDropped',
  ]);
});

test('openExternal opens only allowlisted https pages', async ({ page, app }) => {
  const api = (url: string) =>
    page.evaluate((u) => (globalThis as unknown as Renderer).cadenza.app.openExternal(u), url);
  expect(await api('https://cadenza.example/help')).toEqual({ ok: true, value: null });
  expect(await api('http://cadenza.example/help')).toMatchObject({
    ok: false,
    error: { code: 'forbidden' },
  });
  expect(await api('https://evil.example/')).toMatchObject({
    ok: false,
    error: { code: 'forbidden' },
  });
  expect(await api('file:///etc/passwd')).toMatchObject({
    ok: false,
    error: { code: 'forbidden' },
  });
  await openAccount(page);
  await page.getByRole('button', { name: 'Get an API key' }).first().click();
  await expect
    .poll(() => app.openedExternal)
    .toEqual(['https://cadenza.example/help', ACCOUNT_PAGE_URL]);
});

test('the page gets a frozen, named API and no raw IPC', async ({ page }) => {
  const version = (
    JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const facts = await page.evaluate(async () => {
    const g = globalThis as unknown as Renderer & Record<string, unknown>;
    const before = g.cadenza;
    try {
      (g as Record<string, unknown>).cadenza = {};
    } catch {
      /* non-writable */
    }
    return {
      same: g.cadenza === before,
      frozen: Object.isFrozen(g.cadenza) && Object.isFrozen(g.cadenza.account),
      ipc: ['ipcRenderer', 'require', 'process', 'electron'].filter((k) => k in g),
      info: await g.cadenza.app.info(),
    };
  });
  expect(facts).toEqual({
    same: true,
    frozen: true,
    ipc: [],
    info: {
      ok: true,
      value: { version, platform: process.platform, testDouble: true, demo: false },
    },
  });
});

test('the renderer’s localStorage survives a restart, as in Electron’s profile', async ({
  page,
  app,
}) => {
  type LS = {
    localStorage: { setItem(k: string, v: string): void; getItem(k: string): string | null };
  };
  await page.evaluate(() =>
    (globalThis as unknown as LS).localStorage.setItem('cadenza-e2e', 'kept'),
  );
  const restarted = await app.restart();
  expect(
    await restarted.evaluate(() =>
      (globalThis as unknown as LS).localStorage.getItem('cadenza-e2e'),
    ),
  ).toBe('kept');
});
