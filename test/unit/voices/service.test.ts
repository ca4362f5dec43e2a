import { toLibraryItemView } from '@shared/ipc/library';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import type { UploadProgressEvent } from '@shared/ipc/voices';
import { startEmulator, type Emulator } from '../../emulator';
import { createServiceClient, type ServiceClient } from '../../../src/main/services/api';
import { createJobsService } from '../../../src/main/services/jobs';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { createVoicesService, type VoicesRuntime } from '../../../src/main/services/voices';
import { pcmWav as wav } from '../../support/media-fixtures';

const KEY = 'unit-voices-key-5e21';
let emu: Emulator;
let dir: string;
let client: ServiceClient;
let library: Library;
let rt: VoicesRuntime & { close(): Promise<void> };

beforeAll(async () => {
  emu = await startEmulator({ keys: [KEY], stepMs: 20 });
});
afterAll(() => emu.close());

beforeEach(async () => {
  emu.reset();
  dir = await mkdtemp(join(tmpdir(), 'cadenza-voices-svc-'));
  client = createServiceClient({
    baseUrl: emu.url,
    getKey: async () => KEY,
    retry: { attempts: 1 },
  });
  library = createLibrary({ dir: join(dir, 'library'), watch: false });
  await library.open();
  const jobs = createJobsService({
    dataDir: join(dir, 'data'),
    library,
    client: () => client,
    pollIntervalMs: 100,
  });
  await jobs.open();
  rt = { library, jobs, close: async () => (await jobs.close(), await library.close()) };
});
afterEach(async () => {
  await rt.close();
  await rm(dir, { recursive: true, force: true });
});

const service = (over: Partial<Parameters<typeof createVoicesService>[0]> = {}) =>
  createVoicesService({
    dataDir: join(dir, 'data'),
    client: () => client,
    runtime: async () => rt,
    ...over,
  });

describe('voices service', () => {
  it('keeps the catalogue for offline browsing and says why the service was not read', async () => {
    const voices = service();
    const first = await voices.catalogue();
    expect(first.source).toBe('service');
    expect(first.voices).toHaveLength(12);
    expect(JSON.stringify(first)).not.toContain('http'); // the renderer gets no remote URLs
    const calls = emu.log.length;
    expect((await voices.catalogue()).source).toBe('cache');
    expect(emu.log.length).toBe(calls);

    emu.inject({ path: '/v1/voices_list', kind: 'http500', times: 5 });
    const offline = await service().catalogue({ refresh: true }); // a new process reads the kept copy
    expect(offline).toMatchObject({
      source: 'cache',
      fetchedAt: first.fetchedAt,
      error: { code: 'server' },
    });
    expect(offline.voices).toEqual(first.voices);

    // another service address has nothing kept: the failure is the answer
    const other = createServiceClient({
      baseUrl: 'http://127.0.0.1:9',
      getKey: async () => KEY,
      retry: { attempts: 1 },
      timeoutMs: 2000,
    });
    await expect(service({ client: () => other }).catalogue()).rejects.toMatchObject({
      code: 'network',
    });
  });

  it('a take lands in the library with the voice name, emotion, text and speaker; recents follow', async () => {
    const voices = service();
    const job = await voices.speak({
      text: 'Good morning.',
      speaker: 'Marcus',
      emotion: 'Hopeful',
    });
    const item = await voices.finishTake(job.id);
    const marcus = (await voices.catalogue()).voices.find((v) => v.name === 'Marcus')!;
    expect(item).toMatchObject({
      kind: 'tts',
      voice: 'Marcus',
      emotion: 'Hopeful',
      duration_ms: 300 + 60 * 13,
      service_ids: { speaker: marcus.speaker },
    });
    // the listed row is compact; the text is in the item's story (its sidecar), read when shown
    expect(await library.full(item)).toMatchObject({ lyrics: 'Good morning.' });
    expect((await voices.prefs()).recents).toEqual([marcus.speaker]);
    // what the renderer's list of takes reads (library.list fills a page's prompts from the
    // worker since rows became compact: the row itself carries none)
    expect(toLibraryItemView(item).prompt).toBeNull();
    const { prompt } = await library.full(item);
    expect(toLibraryItemView(item, item.loudness, prompt)).toMatchObject({
      kind: 'tts',
      prompt: 'Good morning.',
      voice: 'Marcus',
      emotion: 'Hopeful',
    });
  });

  it('clone progress reaches the whole size; the new voice is in the kept catalogue at once', async () => {
    const voices = service();
    await voices.catalogue();
    const path = join(dir, 'me.wav');
    const bytes = wav(randomBytes(16_000 * 2 * 3));
    await writeFile(path, bytes);
    const seen: UploadProgressEvent[] = [];
    voices.on('upload-progress', (p) => seen.push(p));
    const job = await voices.clone({
      name: 'Me',
      files: [{ path, name: 'me.wav', sizeBytes: bytes.length }],
    });
    const speaker = await voices.finishClone(job.id);
    expect(seen.at(-1)).toMatchObject({ jobId: job.id, bytesSent: seen.at(-1)!.totalBytes });
    expect(seen.at(-1)!.totalBytes).toBeGreaterThan(bytes.length);
    emu.inject({ path: '/v1/clone_voices_list', kind: 'http500', times: 5 });
    expect((await voices.catalogue()).clones).toEqual([
      expect.objectContaining({ speaker, name: 'Me', cloned: true }),
    ]);
    await voices.deleteClone(speaker);
    expect(emu.cloneVoices()).toEqual([]);
    expect((await voices.catalogue()).clones).toEqual([]);
  });

  it('cancelling mid-upload creates no voice and spends nothing', async () => {
    const voices = service();
    const path = join(dir, 'long.wav');
    const bytes = wav(randomBytes(24 * 1024 * 1024), 48_000);
    await writeFile(path, bytes);
    const before = emu.counters().key_clone_voices;
    let cancelled = false;
    voices.on('upload-progress', (p) => {
      if (!cancelled && p.bytesSent > 1024 * 1024) {
        cancelled = true;
        void voices.cancelClone(p.jobId);
      }
    });
    const job = await voices.clone({
      name: 'Never',
      files: [{ path, name: 'long.wav', sizeBytes: bytes.length }],
    });
    const done = await rt.jobs.waitFor(job.id);
    expect(cancelled).toBe(true);
    expect({ state: done.state, error: done.error }).toEqual({
      state: 'cancelled',
      error: expect.objectContaining({ code: 'cancelled' }),
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(emu.cloneVoices()).toEqual([]);
    expect(emu.counters().key_clone_voices).toBe(before);
  });

  it('refuses before spending: no name, no files, a recording that is too short', async () => {
    const voices = service();
    await expect(voices.clone({ name: ' ', files: [] })).rejects.toMatchObject({
      code: 'validation',
      fields: { name: 'Name the new voice.', files: 'Add at least one recording of the voice.' },
    });
    const path = join(dir, 'blip.wav');
    await writeFile(path, wav(Buffer.alloc(16_000)));
    const e = await voices
      .clone({ name: 'Blip', files: [{ path, name: 'blip.wav', sizeBytes: 16_044 }] })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).fields).toEqual({
      files: 'blip.wav: The recording lasts 0.5 s; use at least 2.0 s of speech.',
    });
    expect(emu.log.filter((x) => x.path === '/v1/clone')).toEqual([]);
    expect(rt.jobs.list()).toEqual([]);
  });
});
