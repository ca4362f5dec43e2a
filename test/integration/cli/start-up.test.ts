/**
 * The CLI's start-up (issue 30): the launcher keeps V8's compiled code of both bundles in the data
 * folder (cache/cli-code) once that folder exists.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, createSandbox, runCli, type CliSandbox } from './run-cli';

let box: CliSandbox;

beforeAll(async () => {
  await buildCli();
  box = createSandbox();
}, 180_000);
afterAll(() => box.dispose());

/** Every file under `dir` (the cache keeps one folder per Node version). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
}

describe('the CLI start-up', () => {
  it('keeps the compiled code of the CLI and its worker in the data folder', async () => {
    mkdirSync(box.dataDir, { recursive: true });
    mkdirSync(box.libraryDir, { recursive: true });
    const res = await runCli(['library', 'list', '--json'], { env: box.env, timeoutMs: 60_000 });
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual([]);
    // one cache entry per bundle: the command's code and the worker thread's
    expect(filesUnder(join(box.dataDir, 'cache', 'cli-code')).length).toBeGreaterThanOrEqual(2);
    const again = await runCli(['library', 'list', '--json'], { env: box.env, timeoutMs: 60_000 });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual([]);
  });
});
