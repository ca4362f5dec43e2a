/**
 * Issue 30: the CLI's start-up. Packages it loads only when a command needs them (undici,
 * music-metadata, the pronouncing dictionary) are files of their own beside the bundle
 * (scripts/build-cli.mjs), so a read-only command does not read and compile them: they were
 * 6.8 of its 9 MB. Each still answers when its import runs. The library's index is built on the
 * CLI's own thread: a worker thread's start cost more than a listing. Its code is not compiled
 * on each start: the build makes V8's code cache of it (scripts/cli-code-cache.cjs).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { Module } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toneWav } from '../../support/media-fixtures';
import { buildCli, CLI, createSandbox, type CliSandbox } from './run-cli';

const OUT = join(CLI, '..');
const LAZY = ['undici', 'music-metadata', 'cmu-pronouncing-dictionary'];

let box: CliSandbox;
beforeAll(buildCli, 90_000);
beforeEach(() => {
  box = createSandbox();
});
afterEach(() => box.dispose());

describe('the CLI start-up', () => {
  it('keeps the packages loaded on demand out of the code every command reads', () => {
    for (const code of ['cadenza-code.cjs', 'worker-code.cjs']) {
      const text = readFileSync(join(OUT, code), 'utf8');
      for (const name of LAZY) expect(text, `${name} in ${code}`).not.toContain(`/${name}/`);
      // what is left: the CLI's own code, zod, the logger (9 MB with them inlined)
      expect(statSync(join(OUT, code)).size, code).toBeLessThan(2.5 * 2 ** 20);
    }
    for (const name of LAZY) expect(statSync(join(OUT, `lib-${name}.cjs`)).size).toBeGreaterThan(0);
  });

  it('an empty listing loads none of them and starts no thread; a found file is probed through its own file', async () => {
    // which modules the process loaded and how many threads it started, printed at its exit
    const preload = join(box.root, 'loaded.cjs');
    writeFileSync(
      preload,
      [
        "const wt = require('node:worker_threads'); let threads = 0; const W = wt.Worker;",
        'wt.Worker = class extends W { constructor(...a) { super(...a); threads += 1; } };',
        "process.on('exit', () => process.stderr.write('LOADED ' + JSON.stringify(Object.keys(require.cache)) + '\\nTHREADS ' + threads + '\\n'));",
      ].join('\n'),
    );
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['-r', preload, CLI, ...args], {
        env: { ...box.env, CADENZA_KEYCHAIN: 'off' },
        encoding: 'utf8',
      });
    mkdirSync(box.libraryDir, { recursive: true });
    // the CLI's own listing: an empty folder is answered without the CLI's code otherwise
    // (quick-list.ts), which `--verbose` leaves to the CLI
    const empty = run(['library', 'list', '--json', '--verbose']);
    expect(empty.status, empty.stderr).toBe(0);
    // the index is built on the CLI's own thread (worker/here.ts): no second isolate to start
    expect(empty.stderr).toContain('THREADS 0');
    const loaded = JSON.parse(/LOADED (.*)/.exec(empty.stderr)![1]!) as string[];
    expect(loaded.some((f) => f.endsWith('cadenza-code.cjs'))).toBe(true);
    expect(loaded.filter((f) => /lib-[^/\\]+\.cjs$/.test(f))).toEqual([]);

    writeFileSync(join(box.libraryDir, 'found.wav'), toneWav(1.5));
    const found = run(['library', 'list', '--json']);
    expect(found.status, found.stderr).toBe(0);
    expect(found.stderr).toContain('THREADS 0');
    const [item] = JSON.parse(found.stdout) as Array<{ duration_ms: number; hasSidecar: boolean }>;
    expect(item).toMatchObject({ hasSidecar: false });
    expect(item!.duration_ms).toBeGreaterThan(1400);
    expect(item!.duration_ms).toBeLessThan(1600);
  }, 60_000);

  it("is not compiled again: V8's code cache made at build time is accepted by this Node", () => {
    const code = join(OUT, 'cadenza-code.cjs');
    // compiled as the launcher compiles it (src/cli/launch.ts)
    const script = new Script(Module.wrap(readFileSync(code, 'utf8')), {
      filename: code,
      cachedData: readFileSync(`${code}.cache`),
    });
    expect(script.cachedDataRejected).toBe(false);
  });

  it('the dictionary answers from its own file', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { dictionary } = require(join(OUT, 'lib-cmu-pronouncing-dictionary.cjs')) as {
      dictionary: Record<string, string>;
    };
    expect(dictionary.rain).toMatch(/EY1 N$/);
  });
});
