/**
 * The media cache (previews while a song streams) and link measuring over the same HTTP policy,
 * against the emulator's transport faults: no crash, a clear AppError or problem, nothing partial
 * left in the cache folder.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { measureUrl } from '../../../src/main/services/covers/measure';
import { createHttpPolicy } from '../../../src/main/services/http/policy';
import { createMediaCache, type MediaCache } from '../../../src/main/services/remote-media/cache';
import { caught, useEmulator } from './harness';

const h = useEmulator();
let cache: MediaCache;
let cacheDir = '';

beforeEach(async () => {
  cacheDir = join(h.dir, 'media-cache');
  cache = createMediaCache({
    dir: cacheDir,
    policy: createHttpPolicy({ timeouts: { minBytesPerSecond: 4096, throughputWindowMs: 600 } }),
  });
  await cache.open();
});
afterEach(async () => {
  await cache.close();
});

const mediaFiles = async (): Promise<string[]> =>
  (await readdir(cacheDir)).filter((n) => n.endsWith('.media'));

describe('media cache', () => {
  it('Connection: close on every answer: the whole file arrives', async () => {
    h.emu.configure({ connectionClose: true });
    const id = await cache.cacheRemote(`${h.emu.mediaUrl}/media/big?bytes=2000000`);
    await cache.whenComplete(id);
    expect(cache.describe(id)).toMatchObject({ complete: true, bytes: 2_000_000 });
  });

  it('a drip under the throughput floor: the fetch fails as a timeout, nothing is kept', async () => {
    h.emu.configure({ drip: { bytes: 64, everyMs: 50 } });
    h.emu.inject({ path: '/media/big', kind: 'drip' });
    const id = await cache.cacheRemote(`${h.emu.mediaUrl}/media/big?bytes=100000`);
    const e = await caught(cache.whenComplete(id));
    expect(e.code).toBe('timeout');
    expect(e.message).toMatch(/too slowly/);
    expect(cache.describe(id)).toBeUndefined();
    expect(await mediaFiles()).toEqual([]);
  });

  it('a reset or a short body mid-file: a network error, nothing is kept', async () => {
    for (const kind of ['reset_mid_body', 'short_body'] as const) {
      h.emu.inject({ path: '/media/big', kind });
      const id = await cache.cacheRemote(`${h.emu.mediaUrl}/media/big?bytes=300000&k=${kind}`);
      const e = await caught(cache.whenComplete(id));
      expect(e.code).toBe('network');
      expect(e.message).toMatch(/connection closed after \d+ of 300000 bytes/);
      expect(cache.describe(id)).toBeUndefined();
    }
    expect(await mediaFiles()).toEqual([]);
  });

  it('an HTML error page: refused before anything is cached', async () => {
    h.emu.inject({ path: '/media/big', kind: 'html502' });
    const e = await caught(cache.cacheRemote(`${h.emu.mediaUrl}/media/big?bytes=1000`));
    expect(e.code).toBe('server');
    expect(await mediaFiles()).toEqual([]);
  });
});

describe('measuring a link', () => {
  it('over closing connections, it still measures', async () => {
    h.emu.configure({ connectionClose: true });
    const m = await measureUrl(`${h.emu.mediaUrl}/media/tone.mp3?seconds=300`);
    expect(m.problem).toBeNull();
    expect(m.durationS).toBeGreaterThan(299);
  });

  it('a reset mid-body or a drip past the deadline is a problem, not a crash', async () => {
    h.emu.inject({ path: '/media/tone.mp3', kind: 'reset_mid_body' });
    const reset = await measureUrl(`${h.emu.mediaUrl}/media/tone.mp3?seconds=300`);
    expect(reset.problem).toMatch(/^Could not measure this link: the connection/);
    h.emu.configure({ drip: { bytes: 8, everyMs: 100 } });
    h.emu.inject({ path: '/media/tone.mp3', kind: 'drip' });
    const drip = await measureUrl(`${h.emu.mediaUrl}/media/tone.mp3?seconds=300`, {
      timeoutMs: 600,
    });
    expect(drip.problem).toMatch(/did not answer within 1 second/);
  });
});
