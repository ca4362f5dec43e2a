import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FileInfo } from '../../../src/shared/domain/files';
import { FileRegistry } from '../../../src/main/services/files/registry';
import { MAX_OPENED_FILES, OpenedFiles, pathsFromArgv } from '../../../src/main/shell/open-files';
import { SNIFFABLE } from '../../support/media-fixtures';

const { wav: WAV, mp3: MP3, flac: FLAC } = SNIFFABLE;

describe('pathsFromArgv', () => {
  const cwd = '/home/creator/Music';

  it('skips the executable of a packaged app and keeps every plain argument as an absolute path', () => {
    expect(
      pathsFromArgv(['/opt/Cadenza/cadenza', '/tmp/a.mp3', 'b.wav', '../c.flac'], {
        isPackaged: true,
        cwd,
      }),
    ).toEqual(['/tmp/a.mp3', '/home/creator/Music/b.wav', '/home/creator/c.flac']);
  });

  it("skips an unpackaged app's entry (the first plain argument) but not a second one", () => {
    expect(
      pathsFromArgv(['/usr/bin/electron', '.', 'song.mp3'], { isPackaged: false, cwd }),
    ).toEqual(['/home/creator/Music/song.mp3']);
    expect(
      pathsFromArgv(['/usr/bin/electron', '/repo/out/main/index.js'], { isPackaged: false, cwd }),
    ).toEqual([]);
  });

  it('skips Electron and Chromium switches, with or without values, wherever they are', () => {
    const argv = [
      '/usr/bin/electron',
      '--inspect=0',
      '--remote-debugging-port=0',
      '--user-data-dir=/tmp/ud',
      '/repo/out/main/index.js',
      '--allow-file-access-from-files',
      '-v',
      '/tmp/take.wav',
      '--original-process-start-time=13300000000000000',
    ];
    expect(pathsFromArgv(argv, { isPackaged: false, cwd })).toEqual(['/tmp/take.wav']);
  });

  it('after a lone "--" every argument is a path, even one starting with a dash', () => {
    expect(
      pathsFromArgv(['/opt/cadenza', '--no-sandbox', '--', '-odd name.mp3', '--x.wav'], {
        isPackaged: true,
        cwd,
      }),
    ).toEqual(['/home/creator/Music/-odd name.mp3', '/home/creator/Music/--x.wav']);
  });

  it("never takes the app's own path, turns file: URLs into paths and drops other URLs and duplicates", () => {
    const argv = [
      '/opt/cadenza',
      '/opt/cadenza/resources/app.asar',
      pathToFileURL('/tmp/My Song.mp3').href,
      'cadenza://open?x=1',
      'https://example.test/a.mp3',
      '/tmp/My Song.mp3',
      '/tmp/./My Song.mp3',
    ];
    expect(
      pathsFromArgv(argv, { isPackaged: true, cwd, appPaths: ['/opt/cadenza/resources/app.asar'] }),
    ).toEqual(['/tmp/My Song.mp3']);
  });

  it('keeps at most the first 50 paths', () => {
    const argv = ['/opt/cadenza', ...Array.from({ length: 80 }, (_, i) => `/tmp/${i}.wav`)];
    const got = pathsFromArgv(argv, { isPackaged: true, cwd });
    expect(got).toHaveLength(MAX_OPENED_FILES);
    expect(got[49]).toBe('/tmp/49.wav');
  });
});

describe('OpenedFiles', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cadenza-open-with-'));
    await writeFile(join(dir, 'take.wav'), WAV);
    await writeFile(join(dir, 'song.mp3'), MP3);
    await writeFile(join(dir, 'demo.flac'), FLAC);
    await writeFile(join(dir, 'notes.mp3'), 'just some text, renamed to .mp3\n');
    await writeFile(join(dir, 'notes.txt'), 'hello');
    await mkdir(join(dir, 'album.mp3'));
    await symlink(join(dir, 'take.wav'), join(dir, 'link.wav'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  function setup(opts: { windows?: boolean } = {}) {
    const registry = new FileRegistry();
    const log: string[] = [];
    const pushed: FileInfo[][] = [];
    const opened = new OpenedFiles({
      registry,
      deliver: (files) => {
        if (opts.windows === false) return false;
        pushed.push(files);
        return true;
      },
      log: (line) => log.push(line),
    });
    return { registry, log, pushed, opened };
  }

  it('registers the audio files of a command line as handles, refusing missing files, folders and a text file renamed .mp3 with a log line each', async () => {
    const { registry, log, pushed, opened } = setup();
    const argv = [
      '/usr/bin/electron',
      '--user-data-dir=/tmp/ud',
      '/repo/out/main/index.js',
      join(dir, 'take.wav'),
      join(dir, 'missing.wav'),
      join(dir, 'album.mp3'),
      join(dir, 'notes.mp3'),
      join(dir, 'notes.txt'),
      join(dir, 'song.mp3'),
      join(dir, 'link.wav'),
    ];
    await opened.add(pathsFromArgv(argv, { isPackaged: false, cwd: dir }), 'command line');
    const files = await opened.take();
    expect(files.map((f) => [f.name, f.mimeType, f.sizeBytes])).toEqual([
      ['take.wav', 'audio/wav', WAV.length],
      ['song.mp3', 'audio/mpeg', MP3.length],
      ['take.wav', 'audio/wav', WAV.length], // the link, resolved
    ]);
    for (const f of files) expect(f.handle).toMatch(/^fh_[A-Za-z0-9_-]{16,64}$/);
    expect(JSON.stringify(files)).not.toContain(dir);
    expect(registry.get(files[2]!.handle).path).toBe(join(dir, 'take.wav'));
    expect(log).toEqual([
      '[open-with] command line: not opened: “missing.wav” was not found.',
      '[open-with] command line: not opened: “album.mp3” is not a file.',
      '[open-with] command line: not opened: “notes.mp3” is not an audio file.',
      '[open-with] command line: not opened: “notes.txt” is not an audio file.',
    ]);
    expect(pushed).toEqual([]); // the renderer had not asked yet: queued, not pushed
    expect(await opened.take()).toEqual([]); // taken once
  });

  it('take waits for registrations still running, then later files are pushed instead of queued', async () => {
    const { pushed, opened } = setup();
    void opened.add([join(dir, 'take.wav')], 'command line');
    const first = await opened.take();
    expect(first.map((f) => f.name)).toEqual(['take.wav']);
    const second = await opened.add(
      [join(dir, 'demo.flac'), join(dir, 'notes.mp3')],
      'second launch',
    );
    expect(second.map((f) => f.name)).toEqual(['demo.flac']);
    expect(pushed).toEqual([second]);
    expect(opened.waiting).toBe(0);
  });

  it('queues again when no window took them, or when a new window is loading', async () => {
    const noWindow = setup({ windows: false });
    await noWindow.opened.take();
    await noWindow.opened.add([join(dir, 'song.mp3')], 'open-file');
    expect(noWindow.opened.waiting).toBe(1);
    expect((await noWindow.opened.take()).map((f) => f.name)).toEqual(['song.mp3']);

    const { pushed, opened } = setup();
    await opened.take();
    opened.windowOpened();
    await opened.add([join(dir, 'take.wav')], 'open-file');
    expect(pushed).toEqual([]);
    expect((await opened.take()).map((f) => f.name)).toEqual(['take.wav']);
  });

  it('an add with only refused files neither queues nor pushes', async () => {
    const { pushed, opened, log } = setup();
    await opened.take();
    expect(await opened.add([join(dir, 'notes.mp3'), 'relative.wav'], 'open-file')).toEqual([]);
    expect(pushed).toEqual([]);
    expect(log).toHaveLength(2);
  });
});
