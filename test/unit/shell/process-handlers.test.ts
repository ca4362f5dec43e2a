import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnTs } from '../../integration/jobs/fixtures/spawn';

const FIXTURE = resolve(__dirname, 'fixtures/crash-main.ts');
let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-crash-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function env(extra: Record<string, string>): Record<string, string> {
  return {
    CADENZA_HOME: join(root, 'data'),
    CADENZA_LIBRARY: join(root, 'library'),
    CADENZA_KEYCHAIN: 'off',
    CADENZA_BASE_URL: 'http://127.0.0.1:9',
    ...extra,
  };
}

async function mainLog(): Promise<string> {
  const dir = join(root, 'data', 'logs');
  const files = (await readdir(dir)).filter((f) => f.startsWith('main.'));
  return (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('');
}

describe('main process handlers (a real process, the Electron double)', () => {
  it('logs an unhandled rejection and carries on: no relaunch, jobs still tracked', async () => {
    const child = spawnTs(FIXTURE, env({ MODE: 'rejection' }));
    expect(await child.waitEvent('started')).toMatchObject({ lockHeld: true });
    const alive = await child.waitEvent('alive');
    expect(alive).toMatchObject({ relaunches: 0, lockHeld: true });
    expect((await child.exited).code).toBe(0);
    const log = await mainLog();
    expect(log).toContain('unhandled rejection (the app carries on)');
    expect(log).toContain('rejected on purpose');
    expect(log).not.toContain('uncaught exception');
  }, 40_000);

  it('on an uncaught exception logs it, flushes the job store, then relaunches and exits 1', async () => {
    const child = spawnTs(FIXTURE, env({ MODE: 'exception' }));
    expect(await child.waitEvent('started')).toMatchObject({ lockHeld: true });
    const quit = await child.waitEvent('quit');
    // the jobs tracker was closed (its data-folder lock released) before the app went away
    expect(quit).toMatchObject({ relaunches: 1, exits: [1], lockHeld: false });
    await child.exited;
    const lines = (await mainLog())
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; level: number; err?: { message: string } });
    const crash = lines.find((l) => l.msg === 'uncaught exception');
    expect(crash).toMatchObject({ level: 60, err: { message: 'thrown on purpose' } });
    expect(lines.find((l) => l.msg === 'relaunching after a crash')).toMatchObject({
      jobs: 'flushed',
    });
    expect(lines.indexOf(crash!)).toBeLessThan(
      lines.findIndex((l) => l.msg === 'relaunching after a crash'),
    );
  }, 40_000);

  it('does not relaunch when the app crashes right after starting (no crash loop)', async () => {
    const child = spawnTs(FIXTURE, env({ MODE: 'exception', MIN_UPTIME_MS: '60000' }));
    const quit = await child.waitEvent('quit');
    expect(quit).toMatchObject({ relaunches: 0, exits: [1], lockHeld: false });
    await child.exited;
    expect(await mainLog()).toContain('quitting after a crash at start');
  }, 40_000);
});
