/** Temp leftovers are found in a large folder without listing it on main's thread in one go. */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempLeftovers } from '../../../src/main/services/ground/atomic';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('removeTempLeftovers', () => {
  it('finds the leftovers among thousands of names (the folder is read a step at a time)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cadenza-temps-'));
    const names = Array.from({ length: 2500 }, (_, i) => `song ${i}.mp3`);
    for (let i = 0; i < names.length; i += 250)
      await Promise.all(names.slice(i, i + 250).map((n) => writeFile(join(dir, n), '')));
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const live = `.cadenza-tmp-p${process.pid}-1.part`;
    await writeFile(join(dir, `.cadenza-tmp-p${dead}-0.part`), 'x');
    await writeFile(join(dir, `.cadenza-tmp-p${dead}-9.part`), 'x');
    await writeFile(join(dir, live), 'x');
    expect(await removeTempLeftovers(dir)).toBe(2);
    const left = await readdir(dir);
    expect(left).toHaveLength(2501);
    expect(left).toContain(live);
    expect(await removeTempLeftovers(join(dir, 'missing'))).toBe(0);
  });
});
