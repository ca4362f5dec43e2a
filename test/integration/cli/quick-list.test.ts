/**
 * Issue 30: `cadenza library list [--json]` of a folder of found files the probe cache knows is
 * answered before the CLI's code is loaded (src/cli/quick-list.ts, out/cli/cadenza-list.cjs) — and
 * prints exactly what the CLI prints. Anything it cannot be sure of goes to the CLI as before.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENERIC_FAILURE } from '../../../src/cli/failure';
import { toneWav } from '../../support/media-fixtures';
import { pictureMp3 } from '../../support/picture-mp3';
import { buildCli, CLI, createSandbox, type CliSandbox } from './run-cli';

const QUICK = join(CLI, '..', 'cadenza-list.cjs');

let box: CliSandbox;
beforeAll(buildCli, 90_000);
beforeEach(() => {
  box = createSandbox();
  writeFileSync(
    join(box.root, 'loaded.cjs'),
    "process.on('exit', () => process.stderr.write('LOADED ' + JSON.stringify(Object.keys(require.cache)) + '\\n'));",
  );
});
afterEach(() => box.dispose());

/** The command's output, and whether the CLI's code ran (else the quick listing answered). */
function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, ['-r', join(box.root, 'loaded.cjs'), CLI, ...args], {
    env: { ...box.env, CADENZA_KEYCHAIN: 'off', ...env },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  const loaded = JSON.parse(/LOADED (.*)/.exec(r.stderr)![1]!) as string[];
  return {
    stdout: r.stdout,
    stderr: r.stderr.replace(/LOADED .*\n/, ''),
    cliCode: loaded.some((f) => f.endsWith('cadenza-code.cjs')),
  };
}

function foundFolder(): void {
  const album = join(box.libraryDir, 'Artist', 'Album');
  mkdirSync(album, { recursive: true });
  writeFileSync(join(album, '01 tone.wav'), toneWav(1.5));
  writeFileSync(join(album, '02 cover.mp3'), pictureMp3(2000));
  writeFileSync(join(box.libraryDir, 'song.wav'), toneWav(0.5));
  writeFileSync(join(box.libraryDir, 'song.jpg'), 'an image beside it');
  writeFileSync(join(box.libraryDir, 'notes.txt'), 'not media');
}

describe('the quick listing', () => {
  it('is a small file without the schemas or the logger', () => {
    const text = readFileSync(QUICK, 'utf8');
    for (const name of ['zod', 'pino', 'date-fns', 'undici', 'music-metadata'])
      expect(text, name).not.toContain(`node_modules/${name}/`);
    expect(statSync(QUICK).size).toBeLessThan(64 * 1024);
  });

  it('answers an empty folder, as the CLI does', () => {
    mkdirSync(box.libraryDir, { recursive: true });
    for (const args of [
      ['library', 'list', '--json'],
      ['library', 'list'],
    ]) {
      const quick = run(args);
      expect(quick.cliCode).toBe(false);
      const cli = run([...args, '--verbose']);
      expect(quick.stdout).toBe(cli.stdout);
      expect(quick.stderr).toBe(cli.stderr.replace(/.* (DEBUG|INFO) .*\n/g, ''));
    }
    expect(run(['library', 'list']).stderr).toContain('is empty');
  });

  it("answers a second listing without the CLI's code, as the CLI answers it", () => {
    foundFolder();
    // the first listing probes the files (the CLI) and leaves the probe cache in the data folder
    const first = run(['library', 'list', '--json']);
    expect(first.cliCode).toBe(true);
    expect(existsSync(join(box.dataDir, 'probe-cache.json'))).toBe(true);
    const items = JSON.parse(first.stdout) as Array<{ title: string; file: string }>;
    expect(items.map((i) => i.file).sort()).toEqual([
      'Artist/Album/01 tone.wav',
      'Artist/Album/02 cover.mp3',
      'song.wav',
    ]);
    expect(items.map((i) => i.title)).toContain('Huge cover');

    // `--verbose` is left to the CLI: the same listing both ways, with and without `--json`, a
    // key from the environment redacted
    for (const env of [{}, { CADENZA_API_KEY: 'cover' }])
      for (const args of [
        ['library', 'list', '--json'],
        ['library', 'list'],
      ]) {
        const quick = run(args, env);
        expect(quick.cliCode, args.join(' ')).toBe(false);
        expect(quick.stderr).toBe('');
        const cli = run([...args, '--verbose'], env);
        expect(cli.cliCode).toBe(true);
        expect(quick.stdout, args.join(' ')).toBe(cli.stdout);
      }
    expect(run(['library', 'list'], { CADENZA_API_KEY: 'cover' }).stdout).toContain('[redacted]');
  });

  it('ends as the CLI does when its reader goes away (`| head`)', async () => {
    mkdirSync(box.libraryDir, { recursive: true });
    // more than a pipe holds, so the listing is still being written when the reader leaves
    for (let i = 0; i < 800; i++)
      writeFileSync(join(box.libraryDir, `tone ${i}.wav`), toneWav(0.05));
    expect(run(['library', 'list', '--json']).cliCode).toBe(true);
    const child = spawn(process.execPath, [CLI, 'library', 'list', '--json'], {
      env: { ...box.env, CADENZA_KEYCHAIN: 'off' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe(`cadenza: ${GENERIC_FAILURE}\n`);
  });

  it('leaves a sidecar, an unknown file, a settings file or a saved index to the CLI', () => {
    foundFolder();
    run(['library', 'list', '--json']);
    expect(run(['library', 'list', '--json']).cliCode).toBe(false);

    writeFileSync(join(box.libraryDir, 'new.wav'), toneWav(0.25));
    const unknown = run(['library', 'list', '--json']);
    expect(unknown.cliCode).toBe(true);
    expect(JSON.parse(unknown.stdout)).toHaveLength(4);
    expect(run(['library', 'list', '--json']).cliCode).toBe(false); // now the cache knows it

    writeFileSync(join(box.libraryDir, 'song.wav.json'), '{"schema_version":1}');
    expect(run(['library', 'list', '--json']).cliCode).toBe(true);
    rmSync(join(box.libraryDir, 'song.wav.json'));

    // without CADENZA_LIBRARY, a settings file that names a folder (valid or not: only the
    // CLI's schema can say) is the CLI's to read; one that names none leaves the default folder
    writeFileSync(join(box.dataDir, 'settings.json'), `{"libraryDir":"${box.libraryDir}"}`);
    expect(run(['library', 'list', '--json'], { CADENZA_LIBRARY: '' }).cliCode).toBe(true);
    expect(run(['library', 'list', '--json']).cliCode).toBe(false);
    mkdirSync(join(box.home, 'Music', 'Cadenza'), { recursive: true }); // the default folder
    for (const settings of ['{}', '{"schema_version":1,"baseUrl":"not an address"}', '[1']) {
      writeFileSync(join(box.dataDir, 'settings.json'), settings);
      const quick = run(['library', 'list'], { CADENZA_LIBRARY: '' });
      expect(quick.cliCode, settings).toBe(false);
      expect(quick.stderr).toMatch(/The library at .*Cadenza is empty/);
      const cli = run(['library', 'list', '--verbose'], { CADENZA_LIBRARY: '' });
      expect(quick.stderr).toBe(cli.stderr.replace(/.* (DEBUG|INFO) .*\n/g, ''));
    }

    writeFileSync(join(box.dataDir, 'library-index.json'), '');
    expect(run(['library', 'list', '--json']).cliCode).toBe(true);
  });
});
