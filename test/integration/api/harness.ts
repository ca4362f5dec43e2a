import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator';
import {
  createServiceClient,
  type ServiceClient,
  type ServiceClientOptions,
} from '../../../src/main/services/api';

export const KEY = 'test-key-integration-7f3a';

export interface Harness {
  emu: Emulator;
  client: ServiceClient;
  dir: string;
  makeClient(over?: Partial<ServiceClientOptions>): ServiceClient;
}

/** One emulator per test file (reset between tests), a client for it and a fresh temp folder. */
export function useEmulator(): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    h.emu = await startEmulator({ keys: [KEY], vocabulary: 'spec', stepMs: 50 });
    h.makeClient = (over = {}) =>
      createServiceClient({
        baseUrl: h.emu.url,
        getKey: async () => KEY,
        timeoutMs: 5000,
        retry: { attempts: 3, baseDelayMs: 20 },
        ...over,
      });
  });
  beforeEach(async () => {
    h.emu.reset();
    h.client = h.makeClient();
    h.dir = await mkdtemp(join(tmpdir(), 'cadenza-int-'));
  });
  afterEach(async () => {
    await rm(h.dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await h.emu.close();
  });
  return h;
}

export { caught } from '../../support/caught';

export async function until<T>(
  fn: () => Promise<T | undefined>,
  timeoutMs = 5000,
  everyMs = 40,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Service requests the emulator logged for a path. */
export const logged = (emu: Emulator, path: string, origin: 'service' | 'media' = 'service') =>
  emu.log.filter((e) => e.origin === origin && e.path === path);
