/**
 * `cadenza` on PATH runs under whatever `node` the shell finds: the bundle refuses a Node older
 * than package.json's engines floor with one plain line, before any bundled code runs.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, CLI } from './run-cli';

let dir: string;
/** A preload that makes this Node report another version, as an old system Node would. */
function pretendNode(version: string): string {
  const file = join(dir, `pretend-${version}.cjs`);
  writeFileSync(
    file,
    `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: ${JSON.stringify(version)} } });`,
  );
  return file;
}

async function run(version?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = [...(version ? ['-r', pretendNode(version)] : []), CLI, '--version'];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args);
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cadenza-node-floor-'));
  await buildCli();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the CLI on an old Node', () => {
  it('refuses Node 20 with one line naming the floor', async () => {
    const r = await run('20.20.2');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'cadenza: needs Node 22.19 or newer (this is 20.20.2); run it with npx cadenza inside the project, or install a newer Node\n',
    );
  });

  it('refuses 22.18 and accepts 22.19 and a newer major', async () => {
    expect((await run('22.18.0')).code).toBe(1);
    for (const v of ['22.19.0', '24.1.0']) {
      const r = await run(v);
      expect(r.code).toBe(0);
      expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });
});
