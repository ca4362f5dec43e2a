import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataLock } from '../../../src/main/services/jobs/lock';
import { spawnTs, type Child } from '../../integration/jobs/fixtures/spawn';

const CHILD = resolve(__dirname, 'fixtures/lock-child.ts');
let dir: string;
const children: Child[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cadenza-lock-'));
});

afterEach(async () => {
  for (const c of children.splice(0)) {
    if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
    await c.exited;
  }
  await rm(dir, { recursive: true, force: true });
});

describe('data-folder lock', () => {
  it(
    'lets exactly one of two processes poll, and the other takes over when the holder dies',
    { timeout: 30_000 },
    async () => {
      const startAt = String(Date.now() + 1500); // both start competing at the same moment
      const a = spawnTs(CHILD, { DATA_DIR: dir, START_AT: startAt, RETRY: '1' });
      const b = spawnTs(CHILD, { DATA_DIR: dir, START_AT: startAt, RETRY: '1' });
      children.push(a, b);
      const [ra, rb] = await Promise.all([a.waitEvent('first-try'), b.waitEvent('first-try')]);
      expect([ra.acquired, rb.acquired].filter(Boolean)).toHaveLength(1);
      const [winner, loser] = ra.acquired ? [a, b] : [b, a];

      const holder = await new DataLock({ dir }).holder();
      expect(holder?.pid).toBe(winner.proc.pid);
      expect(holder?.holder).toBe('child');
      expect(await new DataLock({ dir }).tryAcquire()).toBe(false); // this process too is refused

      winner.proc.kill('SIGKILL');
      await winner.exited;
      const taken = await loser.waitEvent('acquired', 10_000);
      expect(taken.pid).toBe(loser.proc.pid);
    },
  );

  it('takes over a lock whose heartbeat stopped, but not a live one from another machine', async () => {
    const info = {
      pid: 999_999,
      host: 'other-machine',
      token: 't1',
      acquiredAt: '',
      heartbeatAt: '',
      holder: 'app',
    };
    await writeFile(join(dir, 'jobs.lock'), JSON.stringify(info));
    const lock = new DataLock({ dir, staleMs: 1000 });
    expect(await lock.tryAcquire()).toBe(false);
    const old = new Date(Date.now() - 5000);
    await utimes(join(dir, 'jobs.lock'), old, old);
    expect(await lock.tryAcquire()).toBe(true);
    expect((await lock.holder())?.pid).toBe(process.pid);
    await lock.release();
    expect(await lock.holder()).toBeNull();
  });

  it('notices when its lock was taken away', async () => {
    let lost = false;
    const lock = new DataLock({ dir, staleMs: 1000, heartbeatMs: 50, onLost: () => (lost = true) });
    expect(await lock.tryAcquire()).toBe(true);
    await writeFile(
      join(dir, 'jobs.lock'),
      JSON.stringify({ pid: 1, host: 'x', token: 'someone-else' }),
    );
    await expect.poll(() => lost, { timeout: 2000 }).toBe(true);
    expect(lock.held).toBe(false);
  });
});
