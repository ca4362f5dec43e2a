/**
 * The composition root (services/core) against the emulator over real HTTP: every feature service
 * is built once and the IPC handlers only adapt it, so Retry on a voice clone goes through the one
 * clone path (recording check, upload progress, clone catalogue). A retried clone and a retried
 * training write the record a first submission that succeeded wrote (test/support/retry-parity.ts);
 * neither leaves a library file, so neither has a sidecar.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UploadProgressEvent } from '@shared/ipc/voices';
import { startEmulator, type Emulator } from '../../emulator';
import { createCore, type Core } from '../../../src/main/services/core';
import { FileRegistry } from '../../../src/main/services/files/registry';
import { jobsHandlers } from '../../../src/main/shell/handlers/jobs';
import type { HandlerContext } from '../../../src/main/shell/ipc';
import { pcmWav as wav } from '../../support/media-fixtures';
import { expectSameRecordAndSidecars } from '../../support/retry-parity';

const KEY = 'core-composition-key-7c41';
let emu: Emulator;
let dir: string;
let core: Core;
const ctx = {} as HandlerContext;

beforeAll(async () => {
  emu = await startEmulator({ keys: [KEY], stepMs: 20 });
});
afterAll(() => emu.close());

let files: FileRegistry;

beforeEach(async () => {
  emu.reset();
  dir = await mkdtemp(join(tmpdir(), 'cadenza-core-'));
  files = new FileRegistry();
  core = createCore({
    files,
    env: {
      CADENZA_HOME: join(dir, 'data'),
      CADENZA_LIBRARY: join(dir, 'library'),
      CADENZA_BASE_URL: emu.url,
      CADENZA_API_KEY: KEY,
      CADENZA_KEYCHAIN: 'off',
      CADENZA_POLL_INTERVAL_MS: '100',
    },
    keychainBackend: null,
    jobs: { holder: 'test', watch: false },
  });
});
afterEach(async () => {
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

describe('core', () => {
  it('builds each feature service once, over one library and jobs runtime', async () => {
    expect(core.songs).toBe(core.songs);
    const rt = await core.jobsHost.runtime();
    expect(await core.jobsHost.runtime()).toBe(rt);
    expect(rt.library.dir).toBe(join(dir, 'library'));
    // the services reach the same runtime: a take lands in that library
    const job = await core.voices.speak({ text: 'Hello there.', speaker: 'Marcus' });
    const item = await core.voices.finishTake(job.id);
    expect(rt.library.get(item.id)?.kind).toBe('tts');
    expect(rt.jobs.get(job.id)?.state).toBe('done');
  });

  it('a retried clone reports upload progress and updates the clone catalogue', async () => {
    const before = await core.voices.catalogue({ refresh: true });
    expect(before.clones).toEqual([]);
    const path = join(dir, 'me.wav');
    const bytes = wav(randomBytes(16_000 * 2 * 3));
    await writeFile(path, bytes);
    const seen: UploadProgressEvent[] = [];
    core.voices.on('upload-progress', (p) => seen.push(p));

    // picked in this session: the job records the handle, never the path
    const picked = await files.register(path, 'audio');
    emu.inject({ path: '/v1/clone', kind: 'http500', times: 1 });
    const first = await core.voices.clone({
      name: 'Second try',
      files: [{ path, name: 'me.wav', sizeBytes: bytes.length, handle: picked.handle }],
    });
    expect(JSON.stringify(first.request)).not.toContain(dir);
    const rt = await core.jobsHost.runtime();
    expect((await rt.jobs.waitFor(first.id)).state).toBe('failed');
    expect(emu.cloneVoices()).toEqual([]);

    // the Jobs panel's Retry (jobs:retry) on the failed clone
    const retried = await jobsHandlers(core).retry(ctx, first.id);
    expect(retried.id).not.toBe(first.id);
    const done = await rt.jobs.waitFor(retried.id);
    expect(done.state).toBe('done');
    const progress = seen.filter((p) => p.jobId === retried.id);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.bytesSent).toBe(progress.at(-1)!.totalBytes);
    expect(progress.at(-1)!.totalBytes).toBeGreaterThan(bytes.length);

    const speaker = done.serviceIds[0]!;
    expect(emu.cloneVoices().map((c) => c.speaker)).toEqual([speaker]);
    // the kept catalogue has the new voice at once, without another request to the service
    emu.inject({ path: '/v1/clone_voices_list', kind: 'http500', times: 5 });
    const after = await core.voices.catalogue();
    expect(after.source).toBe('cache');
    expect(after.clones.map((c) => [c.speaker, c.name])).toEqual([[speaker, 'Second try']]);

    // a clone of the same recording and name that succeeded the first time wrote the same record
    // (a cloned voice is no library file: no sidecar)
    const ok = await rt.jobs.waitFor(
      (
        await core.voices.clone({
          name: 'Second try',
          files: [{ path, name: 'me.wav', sizeBytes: bytes.length, handle: picked.handle }],
        })
      ).id,
    );
    const clones = emu.log.filter((e) => e.path === '/v1/clone' && e.method === 'POST');
    expect(clones.at(-1)!.multipart?.fields).toEqual(clones.at(-2)!.multipart?.fields);
    expect(clones.at(-1)!.multipart?.files.map((f) => [f.filename, f.size, f.sha256])).toEqual(
      clones.at(-2)!.multipart?.files.map((f) => [f.filename, f.size, f.sha256]),
    );
    expect(seen.filter((p) => p.jobId === ok.id).at(-1)!.totalBytes).toBe(
      progress.at(-1)!.totalBytes,
    );
    await expectSameRecordAndSidecars(rt.library, ok, done, { sidecars: 'none' });
  });

  it('a retried training sends what the first sent, records the same intent and joins the singer list', async () => {
    const urls = [1, 2].map((n) => `${emu.mediaUrl}/media/tone.wav?seconds=200&n=${n}`);
    const train = () =>
      core.covers.train({ name: 'Alto', links: urls.map((url) => ({ url, label: url })) });
    const path = '/v1/cover/generate-custom-singer';
    const rt = await core.jobsHost.runtime();
    // a first training that succeeded: what Retry must send and write again
    const ok = await rt.jobs.waitFor((await train()).id);
    const mark = emu.log.length;
    emu.inject({ path, kind: 'http500', times: 1, method: 'POST' });
    const first = await train();
    expect((await rt.jobs.waitFor(first.id)).state).toBe('failed');
    const retried = await jobsHandlers(core).retry(ctx, first.id);
    await expect.poll(() => rt.jobs.get(retried.id)?.serviceIds.length ?? 0).toBe(1);
    const posts = (log: Emulator['log']) =>
      log.filter((e) => e.path === path && e.method === 'POST');
    const sent = posts(emu.log.slice(mark));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.json).toEqual(sent[0]!.json);
    expect(sent[1]!.json).toEqual(posts(emu.log.slice(0, mark))[0]!.json);
    const again = await rt.jobs.waitFor(retried.id);
    expect(again.request).toEqual(first.request);
    expect(again.meta).toEqual({ ...rt.jobs.get(first.id)!.meta, ...again.meta });
    // the same record as the training that succeeded; a trained singer is no library file: no sidecar
    await expectSameRecordAndSidecars(rt.library, ok, again, { sidecars: 'none' });
    const { singers } = await core.covers.singers();
    expect(singers.find((s) => s.jobId === retried.id)).toMatchObject({ name: 'Alto' });
    expect(singers.find((s) => s.jobId === ok.id)).toMatchObject({ name: 'Alto' });
  });

  it('a retried clone whose recording is gone is refused before anything is sent', async () => {
    const path = join(dir, 'gone.wav');
    const bytes = wav(randomBytes(16_000 * 2 * 3));
    await writeFile(path, bytes);
    emu.inject({ path: '/v1/clone', kind: 'http500', times: 1 });
    const first = await core.voices.clone({
      name: 'Gone',
      files: [{ path, name: 'gone.wav', sizeBytes: bytes.length }],
    });
    const rt = await core.jobsHost.runtime();
    await rt.jobs.waitFor(first.id);
    await rm(path);
    const calls = emu.log.filter((x) => x.path === '/v1/clone').length;
    await expect(jobsHandlers(core).retry(ctx, first.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(emu.log.filter((x) => x.path === '/v1/clone').length).toBe(calls);
  });
});
