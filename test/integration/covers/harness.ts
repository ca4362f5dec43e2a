import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator';
import { createServiceClient, type ServiceClient } from '../../../src/main/services/api';
import {
  createCoversService,
  type CoversRuntime,
  type CoversService,
} from '../../../src/main/services/covers';
import { createVideosService, type VideosService } from '../../../src/main/services/videos';
import { createJobsService } from '../../../src/main/services/jobs';
import { createLibrary } from '../../../src/main/services/library/library';

export const KEY = 'covers-int-key-5c2e9a01';

export interface CoversHarness {
  emu: Emulator;
  root: string;
  dataDir: string;
  client: ServiceClient;
  rt: CoversRuntime;
  covers: CoversService;
  videos: VideosService;
  /** Opens a fresh library + jobs tracker over the same folders (a restart). */
  open(): Promise<void>;
  close(): Promise<void>;
}

/** One emulator per file; per test a temp data folder, library, jobs tracker and the services. */
export function useCovers(stepMs = 30): CoversHarness {
  const h = {} as CoversHarness;
  beforeAll(async () => {
    h.emu = await startEmulator({
      keys: [KEY],
      stepMs,
      counters: { key_cover_counts: 50, key_vc_counts: 20, key_singing_credits: 50 },
    });
  });
  afterAll(async () => {
    await h.emu?.close();
  });
  beforeEach(async () => {
    h.emu.reset();
    h.root = await mkdtemp(join(tmpdir(), 'cadenza-covers-'));
    h.dataDir = join(h.root, 'data');
    h.client = createServiceClient({
      baseUrl: h.emu.url,
      getKey: async () => KEY,
      retry: { attempts: 2, baseDelayMs: 20 },
    });
    h.open = async () => {
      const library = createLibrary({ dir: join(h.root, 'Library'), watch: false });
      await library.open();
      const jobs = createJobsService({
        dataDir: h.dataDir,
        library,
        client: () => h.client,
        pollIntervalMs: 60,
      });
      await jobs.open();
      h.rt = { library, jobs };
      h.covers = createCoversService({
        dataDir: h.dataDir,
        client: () => h.client,
        runtime: async () => h.rt,
      });
      h.videos = createVideosService({ client: () => h.client, runtime: async () => h.rt });
    };
    h.close = async () => {
      await h.rt.jobs.close();
      await h.rt.library.close();
    };
    await h.open();
  });
  afterEach(async () => {
    await h.close();
    await rm(h.root, { recursive: true, force: true });
  });
  return h;
}

export const serviceRequests = (emu: Emulator, path?: string) =>
  emu.log.filter((e) => e.origin === 'service' && (path === undefined || e.path === path));
