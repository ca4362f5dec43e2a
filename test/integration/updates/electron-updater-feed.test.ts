/**
 * The shell's updater (shell/updater.ts + services/updates) driving electron-updater's real
 * DebUpdater against the emulator's generic feed: parse latest-linux.yml, compare versions,
 * download the .deb in the background with sha512 verification, land in "ready" with the release
 * notes as text, install-on-quit registered only while automatic updates are on. Plus
 * electron-updater's own differential downloader rebuilding a new installer from the old one and
 * the blockmaps. Only Electron's `net` and `app` are replaced (support.ts).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CancellationToken } from 'builder-util-runtime';
import { DebUpdater } from 'electron-updater';
import { GenericDifferentialDownloader } from 'electron-updater/out/differentialDownloader/GenericDifferentialDownloader';
import type { UpdateState } from '@shared/ipc/updates';
import { startEmulator, type Emulator } from '../../emulator';
import {
  ARTIFACT_BYTES,
  BLOCK_BYTES,
  artifactBytes,
  channelFile,
  sha512Base64,
} from '../../emulator/routes/updates';
import { createSettingsStore } from '../../../src/main/services/settings';
import { createShellUpdates, writeUpdateConfig } from '../../../src/main/shell/updater';
import { NodeHttpExecutor, TestAppAdapter, quietLogger } from './support';

let emu: Emulator;
let dir: string;

beforeEach(async () => {
  emu = await startEmulator();
  dir = await mkdtemp(join(tmpdir(), 'cadenza-updates-'));
});
afterEach(async () => {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
});

function setup(feedPath: string, opts: { autoUpdate?: boolean; version?: string } = {}) {
  const feedUrl = /^https?:/.test(feedPath) ? feedPath : `${emu.url}${feedPath}`;
  // what electron-builder writes into resources/app-update.yml of an installed build
  const configPath = writeUpdateConfig(join(dir, 'resources'), feedUrl);
  const adapter = new TestAppAdapter(opts.version ?? '0.1.0', dir, configPath);
  const settings = createSettingsStore(
    join(dir, 'data'),
    {},
    { defaultLibraryDir: join(dir, 'lib') },
  );
  const states: UpdateState[] = [];
  let updater: DebUpdater | undefined;
  const controller = createShellUpdates({
    app: {
      getVersion: () => adapter.version,
      isPackaged: true,
      getPath: () => adapter.userDataPath,
    },
    env: { CADENZA_UPDATE_URL: feedUrl },
    settings,
    isElectron: true,
    onState: (s) => states.push(s),
    loadUpdater: () => {
      updater = new DebUpdater(null, adapter);
      // protected in the typings; the app's ElectronHttpExecutor (Electron's net) is what Node lacks
      (updater as unknown as { httpExecutor: NodeHttpExecutor }).httpExecutor =
        new NodeHttpExecutor();
      return updater;
    },
  });
  if (updater) updater.logger = quietLogger;
  const ready = (): Promise<UpdateState> =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const poll = (): void => {
        const s = controller.state();
        if (s.phase === 'ready' || s.phase === 'error') return resolve(s);
        if (Date.now() - started > 15_000) return reject(new Error(`stuck in ${s.phase}`));
        setTimeout(poll, 20);
      };
      poll();
    });
  return { controller, adapter, settings, states, ready, getUpdater: () => updater };
}

const servicePaths = (): string[] =>
  emu.log.filter((e) => e.origin === 'service').map((e) => e.path);

describe('updates against the emulator feed (electron-updater DebUpdater)', () => {
  it('finds 0.2.0, downloads the .deb in the background with a verified sha512 and is ready to restart', async () => {
    const { controller, adapter, states, ready, getUpdater } = setup('/updates/');
    controller.start();
    expect(controller.state()).toMatchObject({
      supported: true,
      autoUpdate: true,
      currentVersion: '0.1.0',
    });
    const afterCheck = await controller.check();
    expect(afterCheck.version).toBe('0.2.0');
    const s = await ready();
    expect(s).toMatchObject({
      phase: 'ready',
      version: '0.2.0',
      releaseDate: '2026-03-01T10:00:00.000Z',
      error: null,
    });
    expect(s.releaseNotes).toBe(
      'Cadenza 0.2.0\n\n• Covers start faster\n• Library search & sort fixes\n\nThanks for creating with Cadenza.',
    );
    expect(states.map((x) => x.phase)).toContain('available');

    // the downloaded file is byte for byte the feed's artifact
    const pending = join(
      adapter.baseCachePath,
      'cadenza-updater',
      'pending',
      'cadenza_0.2.0_amd64.deb',
    );
    const bytes = await readFile(pending);
    expect(bytes.length).toBe(ARTIFACT_BYTES);
    expect(sha512Base64(bytes)).toBe(
      sha512Base64(artifactBytes('cadenza_0.2.0_amd64.deb', '0.2.0')),
    );
    expect(servicePaths()).toEqual([
      '/updates/latest-linux.yml',
      '/updates/cadenza_0.2.0_amd64.deb',
    ]);
    // nothing is requested with a key
    expect(emu.log.every((e) => e.headers['x-api-key'] === undefined)).toBe(true);

    // installs on the next quit (install on next launch), not before
    expect(getUpdater()?.autoInstallOnAppQuit).toBe(true);
    expect(adapter.quitHandlers).toHaveLength(1);
    expect(adapter.quits).toBe(0);
    controller.stop();
  });

  it('is up to date when the feed has the running version', async () => {
    const { controller } = setup('/updates/v/0.1.0/');
    controller.start();
    const s = await controller.check();
    expect(s).toMatchObject({ phase: 'idle', upToDate: true, version: null });
    expect(s.lastCheckedAtMs).toEqual(expect.any(Number));
    expect(servicePaths()).toEqual(['/updates/v/0.1.0/latest-linux.yml']);
    controller.stop();
  });

  it('does not offer an older version (no downgrade)', async () => {
    const { controller } = setup('/updates/', { version: '0.3.0' });
    controller.start();
    expect(await controller.check()).toMatchObject({ phase: 'idle', upToDate: true });
    expect(servicePaths()).toEqual(['/updates/latest-linux.yml']);
    controller.stop();
  });

  it('discards a download whose bytes do not match the feed sha512', async () => {
    const { controller, adapter, ready } = setup('/updates/corrupt/');
    controller.start();
    await controller.check();
    const s = await ready();
    expect(s).toMatchObject({ phase: 'error', error: { code: 'bad_response' } });
    expect(s.error?.message).toMatch(/checksum/);
    await expect(
      readFile(
        join(adapter.baseCachePath, 'cadenza-updater', 'pending', 'cadenza_0.2.0_amd64.deb'),
      ),
    ).rejects.toThrow();
    expect(adapter.quitHandlers).toHaveLength(0);
    controller.stop();
  });

  it('a feed without this platform is a not_found error', async () => {
    const { controller } = setup('/updates/v/0.2.0/missing/');
    controller.start();
    expect(await controller.check()).toMatchObject({
      phase: 'error',
      error: { code: 'not_found' },
    });
    controller.stop();
  });

  it('with automatic updates off it never checks by itself and a manual download does not install on quit', async () => {
    const { controller, adapter, settings, ready, getUpdater } = setup('/updates/');
    await settings.update({ autoUpdate: false });
    controller.start();
    expect(controller.state().autoUpdate).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(servicePaths()).toEqual([]);
    await controller.check();
    expect(await ready()).toMatchObject({ phase: 'ready' });
    expect(getUpdater()?.autoInstallOnAppQuit).toBe(false);
    expect(adapter.quitHandlers).toHaveLength(0);
    controller.stop();
  });
});

describe('what the app takes from a feed', () => {
  it('downloads nothing a feed names on another origin', async () => {
    const { createServer } = await import('node:http');
    // A feed on one origin whose artifact lives on another (the emulator): the file is real and
    // its sha512 right, so only the origin rule can refuse it.
    const yml = channelFile('0.2.0', 'linux').replace(
      /url: (cadenza_[^\n]+)/,
      `url: ${emu.url}/updates/$1`,
    );
    const feed = createServer((_req, res) => res.writeHead(200).end(yml));
    await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
    try {
      const port = (feed.address() as { port: number }).port;
      const { controller, ready } = setup(`http://127.0.0.1:${port}/updates/`);
      controller.start();
      await controller.check();
      const s = await ready();
      expect(s).toMatchObject({ phase: 'error', error: { code: 'forbidden' } });
      expect(s.error?.message).toMatch(/another server/);
      expect(servicePaths()).toEqual([]);
      controller.stop();
    } finally {
      await new Promise<void>((r) => feed.close(() => r()));
    }
  });
});

describe('differential download (electron-updater GenericDifferentialDownloader)', () => {
  it('rebuilds 0.3.0 from the installed 0.2.0 installer with ranged requests for the changed blocks only', async () => {
    const base = `${emu.url}/updates/v/0.3.0/`;
    const yml = await (await fetch(`${base}latest.yml`)).text();
    const newSha = /^sha512: (.+)$/m.exec(yml)?.[1] ?? '';
    const oldFile = join(dir, 'Cadenza-Setup-0.2.0.exe');
    await writeFile(oldFile, artifactBytes('Cadenza-Setup-0.2.0.exe', '0.2.0'));
    const blockmap = async (url: string) =>
      JSON.parse(
        gunzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).toString('utf8'),
      ) as never;
    const oldMap = await blockmap(`${emu.url}/updates/v/0.2.0/Cadenza-Setup-0.2.0.exe.blockmap`);
    const newMap = await blockmap(`${base}Cadenza-Setup-0.3.0.exe.blockmap`);
    const newFile = join(dir, 'Cadenza-Setup-0.3.0.exe');
    const startLog = emu.log.length;

    await new GenericDifferentialDownloader(
      { size: ARTIFACT_BYTES, sha512: newSha },
      new NodeHttpExecutor(),
      {
        newUrl: new URL(`${base}Cadenza-Setup-0.3.0.exe`),
        oldFile,
        newFile,
        logger: quietLogger,
        requestHeaders: null,
        isUseMultipleRangeRequest: true,
        cancellationToken: new CancellationToken(),
      },
    ).download(oldMap, newMap);

    const rebuilt = await readFile(newFile);
    expect(createHash('sha512').update(rebuilt).digest('base64')).toBe(newSha);
    const requests = emu.log.slice(startLog);
    expect(requests.length).toBeGreaterThan(0);
    let fetchedBytes = 0;
    for (const r of requests) {
      expect(r.path).toBe('/updates/v/0.3.0/Cadenza-Setup-0.3.0.exe');
      for (const m of (r.headers.range ?? '').matchAll(/(\d+)-(\d+)/g))
        fetchedBytes += Number(m[2]) - Number(m[1]) + 1;
    }
    // two versions change at most four of the eight blocks
    expect(fetchedBytes).toBeGreaterThan(0);
    expect(fetchedBytes).toBeLessThanOrEqual(4 * BLOCK_BYTES);
  });
});
