/**
 * IPC fuzz: the real handlers and the real core on temp folders, registered on the double's
 * ipcMain, get malformed arguments and path-traversal strings on EVERY contract channel (the
 * contract is iterated, so new channels are fuzzed automatically).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { createElectronDouble, type ElectronDouble } from '../../support/electron-double';
import { createServiceClient } from '../../../src/main/services/api';
import { createCore, type Core } from '../../../src/main/services/core';
import { createEncryptedFileBackend } from '../../../src/main/services/secrets';
import { FileRegistry } from '../../../src/main/services/files/registry';
import { buildHandlers, type ElectronForHandlers } from '../../../src/main/shell/handlers';
import { registerIpc } from '../../../src/main/shell/ipc';
import { RENDERER_ENTRY_URL, senderCheck } from '../../../src/main/shell/security';
import { invokeContract } from '../../../src/shared/ipc/contract';
import { channelName, type InvokeDef } from '../../../src/shared/ipc/define';
import { resultSchema } from '../../../src/shared/result';
import { createShellDiagnostics } from '../../../src/main/shell/diagnostics';
import { logsDirOf } from '../../../src/main/services/log';

/** Logs folder and report as the app builds them (shell/app.ts), over this process's data folder. */
const diagnosticsOf = (core: Core, env: NodeJS.ProcessEnv, electron: ElectronForHandlers) =>
  createShellDiagnostics({
    core,
    env,
    logsDir: logsDirOf(core.paths.dataDir),
    app: electron.app,
    shell: electron.shell,
    clipboard: electron.clipboard,
  });

let root: string;
let outside: string;
let sentinel: string;
let double: ElectronDouble;
let rendererUrl: string;
let registry: FileRegistry;

const CHANNELS = Object.entries(invokeContract).flatMap(([ns, methods]) =>
  Object.entries(methods as Record<string, InvokeDef>).map(([method, def]) => ({
    channel: channelName(ns, method),
    def,
  })),
);

function hostileValues(): unknown[] {
  const polluted = JSON.parse('{"__proto__": {"polluted": "yes"}, "kind": "audio"}') as unknown;
  return [
    undefined,
    null,
    0,
    -1,
    1e308,
    Number.NaN,
    true,
    '',
    '../../etc/passwd',
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/etc/passwd',
    '/etc/shadow',
    '/dev/zero',
    '/proc/self/environ',
    `${root}/../${outside.split('/').pop()}/sentinel.wav`,
    sentinel,
    'C:\\Windows\\System32\\config\\SAM',
    '\\\\server\\share\\file.wav',
    'file:///etc/passwd',
    'http://example.com',
    'javascript:alert(1)',
    'a\0b',
    '/tmp/x.wav\0.png',
    'x'.repeat(1_000_000),
    'fh_../../../../etc/passwd',
    'fh_AAAAAAAAAAAAAAAAAAAAAAAA',
    '<img src=x onerror=alert(1)>',
    {},
    [],
    [null],
    ['../../etc/passwd'],
    ['/etc/passwd', '/dev/zero', '/proc/self/environ'],
    [sentinel],
    Array.from({ length: 200 }, () => '/etc/passwd'),
    { kind: 'audio', multiple: 'yes' },
    { kind: '../../etc', multiple: true },
    { kind: 'audio', multiple: false, extra: { deep: true } },
    polluted,
    { constructor: { prototype: { polluted: 'yes' } } },
    { toString: 'not a function', valueOf: 1 },
  ];
}

function argumentSets(): unknown[][] {
  const values = hostileValues();
  const sets: unknown[][] = [[]];
  for (const v of values) {
    sets.push([v], [v, v], [v, 'any'], [v, 'audio'], [v, 'audio', 'extra']);
  }
  sets.push(
    [['/etc/passwd'], 'any'],
    [[sentinel], 'any'],
    [[join(root, 'data', 'settings.json')], 'any'],
    [{ kind: 'any' }],
    [{ kind: 'any', multiple: true }],
  );
  return sets;
}

async function snapshot(dir: string): Promise<string> {
  const entries = await readdir(dir, { withFileTypes: true });
  const rows = await Promise.all(
    entries.map(
      async (e) => `${e.name}:${e.isFile() ? (await stat(join(dir, e.name))).mtimeMs : 'dir'}`,
    ),
  );
  return rows.sort().join('\n');
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-fuzz-'));
  outside = await mkdtemp(join(tmpdir(), 'cadenza-fuzz-outside-'));
  sentinel = join(outside, 'sentinel.wav');
  await writeFile(
    sentinel,
    Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE'), Buffer.alloc(40)]),
  );
  rendererUrl = RENDERER_ENTRY_URL;

  double = createElectronDouble({ userDataDir: join(root, 'user-data') });
  const env = {
    CADENZA_HOME: join(root, 'data'),
    CADENZA_LIBRARY: join(root, 'library'),
    CADENZA_BASE_URL: 'http://127.0.0.1:9',
  };
  const safeStorage = double.module.safeStorage as Parameters<
    typeof createEncryptedFileBackend
  >[0]['cipher'];
  const core = createCore({
    env,
    userDataDir: join(root, 'user-data'),
    // the real client, sent once: a saved key is checked with the (refusing) service, and the
    // GET retries' back-off would only slow hundreds of hostile calls down
    clientFactory: (baseUrl, getKey) =>
      createServiceClient({ baseUrl, getKey, retry: { attempts: 1, baseDelayMs: 1 } }),
    keychainBackend: null,
    secretBackends: [
      createEncryptedFileBackend({ cipher: safeStorage, dataDir: env.CADENZA_HOME }),
    ],
  });
  registry = new FileRegistry();
  const electron = double.module as unknown as ElectronForHandlers;
  registerIpc(
    double.ipcMain,
    buildHandlers({
      core,
      registry,
      env,
      electron,
      diagnostics: diagnosticsOf(core, env, electron),
    }),
    {
      isTrustedSender: senderCheck({}),
    },
  );
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('IPC fuzz', () => {
  it('covers every contract channel', () => {
    expect(double.ipcMain.channels().sort()).toEqual(CHANNELS.map((c) => c.channel).sort());
  });

  it.each(CHANNELS.map((c) => [c.channel, c.def] as const))(
    '%s answers a valid Result to hostile arguments',
    async (channel, def) => {
      const outsideBefore = await snapshot(outside);
      const passwdBefore = (await stat('/etc/passwd')).mtimeMs;
      const schema = resultSchema(def.result);
      for (const args of argumentSets()) {
        const answer = await double.ipcMain.invokeAs(rendererUrl, channel, ...args);
        const parsed = schema.safeParse(answer);
        expect(
          parsed.success,
          `${channel}(${JSON.stringify(args).slice(0, 120)}) → ${JSON.stringify(answer).slice(0, 200)}`,
        ).toBe(true);
        const value = (answer as { ok: boolean; value?: unknown }).value;
        // A file only becomes a handle when it is a real regular file of the asked kind.
        if ((answer as { ok: boolean }).ok && Array.isArray(value)) {
          for (const info of value as { handle: string }[]) {
            const entry = registry.get(info.handle);
            expect(entry.path.startsWith('/proc/') || entry.path.startsWith('/dev/')).toBe(false);
            expect((await stat(entry.path)).isFile()).toBe(true);
          }
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(await snapshot(outside)).toBe(outsideBefore);
      expect((await stat('/etc/passwd')).mtimeMs).toBe(passwdBefore);
      // Inside the temp root, only the app's own folders may have appeared.
      expect(
        (await readdir(root)).filter((n) => !['data', 'library', 'user-data', 'out'].includes(n)),
      ).toEqual([]);
    },
  );

  it('never opened a dialog or the browser for hostile input that failed validation', () => {
    // diagnostics:openLogsFolder takes no argument: it only ever opens the data folder's logs
    const logsFolder = `path:${join(root, 'data', 'logs')}`;
    expect(
      double.state.openedExternal.every(
        (u) => u.startsWith('https://cadenza.example') || u === logsFolder,
      ),
    ).toBe(true);
    for (const call of double.dialogs.calls) {
      const message = (call.options as { message?: string }).message ?? '';
      expect(message).not.toMatch(/etc\/passwd|javascript:|\0/);
    }
  });

  it.each(CHANNELS.map((c) => [c.channel] as const))(
    '%s refuses a wrong sender',
    async (channel) => {
      for (const url of [
        'https://evil.example/',
        'file:///etc/passwd',
        // the built renderer's files on disk are not the app (it loads from app://cadenza)
        pathToFileURL(join(root, 'out', 'renderer', 'index.html')).href,
        'app://evil/index.html',
        'app://cadenza.evil/index.html',
        'app://cadenza:1/index.html',
        'about:blank',
        '',
      ]) {
        const answer = await double.ipcMain.invokeAs(url, channel);
        expect(answer).toEqual({
          ok: false,
          error: { code: 'forbidden', message: expect.any(String), key: 'errors:requestForbidden' },
        });
      }
      const fromSubframe = JSON.parse(
        await double.ipcMain.invokeJson(channel, '[]', {
          sender: undefined,
          frameUrl: rendererUrl,
          isTopFrame: false,
        }),
      ) as {
        value: unknown;
      };
      expect(fromSubframe.value).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    },
  );
});

describe('hostile files over IPC (files:registerDropped / files:pick)', () => {
  const registerDropped = (paths: unknown, kind: unknown) =>
    double.ipcMain.invokeAs(rendererUrl, 'files:registerDropped', paths, kind) as Promise<{
      ok: boolean;
      value?: unknown;
    }>;

  it('has no "any" kind: every handle is a file sniffed as audio, an image or a video', async () => {
    const notes = join(outside, 'notes.txt');
    await writeFile(notes, 'not media');
    expect((await registerDropped([notes], 'any')).ok).toBe(false);
    expect((await registerDropped([sentinel], 'any')).ok).toBe(false);
    const picked = (await double.ipcMain.invokeAs(rendererUrl, 'files:pick', {
      kind: 'any',
      multiple: false,
    })) as { ok: boolean };
    expect(picked.ok).toBe(false);
  });

  it('refuses system files in every spelling and kind, and never hands out a handle', async () => {
    const forms = [
      '//proc/self/environ',
      '/tmp/../proc/self/environ',
      '/./proc/self/environ',
      '/proc/self/root/etc/passwd',
      '/etc/shadow',
      '/etc//shadow',
      '/dev/null',
      '//dev/zero',
    ];
    const handlesBefore = registry.size;
    for (const kind of ['audio', 'image', 'video', 'any'])
      for (const p of forms) {
        const answer = await registerDropped([p], kind);
        expect(answer.ok, `${kind} ${p} → ${JSON.stringify(answer)}`).toBe(false);
      }
    expect(registry.size).toBe(handlesBefore);
  });

  it('refuses a symlink named .wav that leads into /proc or to a FIFO', async () => {
    const { symlink } = await import('node:fs/promises');
    const { execFileSync } = await import('node:child_process');
    await symlink('/proc/self/environ', join(outside, 'environ.wav'));
    execFileSync('mkfifo', [join(outside, 'pipe.wav')]);
    await symlink(join(outside, 'pipe.wav'), join(outside, 'to-pipe.wav'));
    for (const name of ['environ.wav', 'pipe.wav', 'to-pipe.wav']) {
      const answer = await registerDropped([join(outside, name)], 'audio');
      expect(answer.ok, name).toBe(false);
    }
  });
});

describe('links main measures on the renderer’s say-so (SSRF)', () => {
  // Only this machine's loopback is ever a target here; private ranges are checked as a pure
  // function in test/unit/http/address-guard.test.ts.
  let hits: string[];
  let port: number;
  let redirector: Server;
  const optIn = process.env.CADENZA_ALLOW_LOOPBACK;

  beforeAll(async () => {
    delete process.env.CADENZA_ALLOW_LOOPBACK;
    hits = [];
    redirector = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url?.startsWith('/hop'))
        res.writeHead(302, { location: `http://127.0.0.2:${port}/after-hop.mp3` }).end();
      else res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.alloc(4096));
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    port = (redirector.address() as { port: number }).port;
  });
  afterAll(async () => {
    if (optIn !== undefined) process.env.CADENZA_ALLOW_LOOPBACK = optIn;
    await new Promise<void>((r) => redirector.close(() => r()));
  });

  // Measuring is limited to 10 links per 10 s (covers/rate.ts): these tests wait their turn.
  const forms = () => [
    `http://127.0.0.1:${port}/a.mp3`,
    `http://0x7f000001:${port}/a.mp3`,
    `http://2130706433:${port}/a.mp3`,
    `http://127.1:${port}/a.mp3`,
    `http://0177.0.0.1:${port}/a.mp3`,
    `http://localhost:${port}/a.mp3`,
    `http://[::1]:${port}/a.mp3`,
    `http://[::ffff:127.0.0.1]:${port}/a.mp3`,
    `http://[::ffff:7f00:1]:${port}/a.mp3`,
    `http://127.0.0.1:${port}/a.mp3?secret=from-the-renderer`,
    `http://127.0.0.1/a.mp3`,
  ];

  it('covers:checkTraining refuses every loopback spelling and sends nothing', async () => {
    const answer = (await double.ipcMain.invokeAs(
      rendererUrl,
      'covers:checkTraining',
      forms().map((url) => ({ kind: 'url', url })),
    )) as { ok: boolean; value: { links: { problem: string | null }[] } };
    expect(answer.ok).toBe(true);
    for (const link of answer.value.links) expect(link.problem).toMatch(/does not connect/);
    expect(hits).toEqual([]);
  }, 40_000);

  it('videos:checkSinging refuses a loopback audio link and a loopback photo', async () => {
    const answer = (await double.ipcMain.invokeAs(rendererUrl, 'videos:checkSinging', {
      audio: { kind: 'url', url: `http://127.0.0.1:${port}/a.mp3` },
      imageUrl: `http://[::1]:${port}/face.png`,
    })) as { ok: boolean; value?: unknown; error?: unknown };
    expect(JSON.stringify(answer)).toMatch(/does not connect/);
    expect(hits).toEqual([]);
  }, 40_000);

  it('checks every redirect hop: a link allowed by the opt-in that redirects elsewhere is refused', async () => {
    process.env.CADENZA_ALLOW_LOOPBACK = '1';
    try {
      const answer = (await double.ipcMain.invokeAs(rendererUrl, 'covers:checkTraining', [
        { kind: 'url', url: `http://127.0.0.1:${port}/hop.mp3` },
      ])) as { ok: boolean; value: { links: { problem: string | null }[] } };
      expect(hits).toEqual(['/hop.mp3']);
      expect(answer.value.links[0]?.problem).toMatch(/does not connect to 127\.0\.0\.2/);
    } finally {
      delete process.env.CADENZA_ALLOW_LOOPBACK;
    }
  }, 40_000);
});
