/**
 * Retry parity per kind (issue 25): Retry (jobs:retry) sends the job's recorded intent through the
 * kind's one submitter, so the service receives what the first submission sent and the new record
 * carries the same request and meta; one test per kind (training and clone are in
 * composition.test.ts). Each also makes a first submission of the same intent that succeeds and
 * compares the retried job with it: the request sent, the job record and the sidecars of the saved
 * results, all but the per-run fields listed once in test/support/retry-parity.ts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '@shared/domain/jobs';
import type { UploadProgressEvent } from '@shared/ipc/voices';
import { toneWav } from '../../support/media-fixtures';
import { expectSameRecordAndSidecars } from '../../support/retry-parity';
import { startEmulator, type Emulator } from '../../emulator';
import { createCore, type Core } from '../../../src/main/services/core';
import { FileRegistry } from '../../../src/main/services/files/registry';
import { jobsHandlers } from '../../../src/main/shell/handlers/jobs';
import type { HandlerContext } from '../../../src/main/shell/ipc';

const KEY = 'core-retry-parity-key-51d2';
let emu: Emulator;
let dir: string;
let core: Core;
let files: FileRegistry;
const ctx = {} as HandlerContext;

beforeAll(async () => {
  emu = await startEmulator({ keys: [KEY], stepMs: 20 });
});
afterAll(() => emu.close());

/** A core over its own data and library folders under `root`, against the emulator. */
const makeCore = (root: string, registry = new FileRegistry()): Core =>
  createCore({
    files: registry,
    env: {
      CADENZA_HOME: join(root, 'data'),
      CADENZA_LIBRARY: join(root, 'library'),
      CADENZA_BASE_URL: emu.url,
      CADENZA_API_KEY: KEY,
      CADENZA_KEYCHAIN: 'off',
      CADENZA_POLL_INTERVAL_MS: '100',
    },
    keychainBackend: null,
    jobs: { holder: 'test', watch: false },
  });

beforeEach(async () => {
  emu.reset();
  dir = await mkdtemp(join(tmpdir(), 'cadenza-retry-'));
  files = new FileRegistry();
  core = makeCore(dir, files);
});
afterEach(async () => {
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * Submits once and lets it succeed (what Retry must write again), then fails the first POST to
 * `path` of a second submission and retries that failed job. Answers the successful job, both
 * records of the failed one's retry, the retry's two requests and the successful one's request.
 */
async function failThenRetry(path: string, submit: () => Promise<Job>) {
  const rt = await core.jobsHost.runtime();
  const ok = await rt.jobs.waitFor((await submit()).id, 20_000);
  expect(ok.state).toBe('done');
  const mark = emu.log.length;
  emu.inject({ path, kind: 'http500', times: 1, method: 'POST' });
  const first = await submit();
  expect((await rt.jobs.waitFor(first.id, 20_000)).state).toBe('failed');
  const retried = await jobsHandlers(core).retry(ctx, first.id);
  expect(retried.id).not.toBe(first.id);
  const done = await rt.jobs.waitFor(retried.id, 20_000);
  const posts = (log: Emulator['log']) => log.filter((e) => e.path === path && e.method === 'POST');
  const sent = posts(emu.log.slice(mark));
  const [okSent] = posts(emu.log.slice(0, mark));
  expect(okSent).toBeDefined();
  return { ok, okSent: okSent!, first: rt.jobs.get(first.id)!, again: done, sent, rt };
}

/** What an upload sent, without what differs by nature between two sends (the boundary). */
const sentBody = (e: Emulator['log'][number]) => e.json ?? e.multipart;

describe('Retry sends what the first submission sent', () => {
  it('text to speech: the same request, record and sidecar', async () => {
    const { ok, okSent, first, again, sent, rt } = await failThenRetry('/v1/text2speech', () =>
      core.voices.speak({ text: 'Hello again.', speaker: 'Marcus' }),
    );
    expect(again.kind).toBe('tts');
    expect(again.state).toBe('done');
    expect(sent).toHaveLength(2);
    expect(sentBody(sent[1]!)).toEqual(sentBody(sent[0]!));
    expect(again.request).toEqual(first.request);
    // Retry sent what a first submission that succeeded sent, and wrote its record and sidecars
    expect(sentBody(sent[1]!)).toEqual(sentBody(okSent));
    // a take's sidecar names its speaker once the take is finished (a second write, after the job
    // is done, for the first submission and Retry alike): compare the finished takes
    await core.voices.finishTake(ok.id);
    await core.voices.finishTake(again.id);
    await expectSameRecordAndSidecars(rt.library, ok, again);
    expect(again.meta).toEqual({ ...first.meta, ...again.meta });
    const item = await rt.library.full(rt.library.get(again.resultItemIds[0]!)!);
    expect(item.kind).toBe('tts');
    expect(`${item.title} ${item.lyrics ?? ''} ${item.prompt ?? ''}`).toContain('Hello again');
  });

  it('a song: the same /v2/submit body, request and meta (prompt, model)', async () => {
    const { ok, okSent, first, again, sent, rt } = await failThenRetry('/v2/submit', () =>
      core.songs.create({ mode: 'custom', prompt: 'city pop', title: 'Neon', lyrics: 'lights' }),
    );
    expect(again.kind).toBe('song-v2');
    expect(again.state).toBe('done');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.json).toEqual(sent[0]!.json);
    expect(again.request).toEqual(first.request);
    // Retry sent what a first submission that succeeded sent, and wrote its record and sidecars
    expect(sentBody(sent[1]!)).toEqual(sentBody(okSent));
    await expectSameRecordAndSidecars(rt.library, ok, again);
    expect(again.meta.prompt).toBe('city pop');
    expect(again.meta).toEqual({ ...first.meta, ...again.meta });
    expect(again.resultItemIds).toHaveLength(2);
  });

  it('a cover of a library item: the same upload and fields, the same intent (the item, not a path)', async () => {
    const take = await core.voices.speak({ text: 'Sing this back.', speaker: 'Marcus' });
    const source = await core.voices.finishTake(take.id);
    const { singers } = await core.covers.singers({ refresh: true });
    const singer = singers.find((s) => !s.custom && s.id)!;
    const { ok, okSent, first, again, sent, rt } = await failThenRetry('/v1/cover', () =>
      core.covers.cover({
        source: { kind: 'library', itemId: source.id },
        singerId: singer.id!,
        isCustomSinger: false,
        tranSemitones: 2,
      }),
    );
    expect(again.kind).toBe('cover');
    expect(again.state).toBe('done');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.multipart?.fields).toEqual(sent[0]!.multipart?.fields);
    expect(sent[1]!.multipart?.files.map((f) => f.sha256)).toEqual(
      sent[0]!.multipart?.files.map((f) => f.sha256),
    );
    expect(again.request).toEqual(first.request);
    // Retry sent what a first submission that succeeded sent, and wrote its record and sidecars
    expect(sentBody(sent[1]!)).toEqual(sentBody(okSent));
    await expectSameRecordAndSidecars(rt.library, ok, again);
    expect(JSON.stringify(again.request)).not.toContain(dir);
    expect(again.meta.parent_id).toBe(source.id);
  });

  it('a subtitle video: the same link sent, the same intent', async () => {
    const videoUrl = `${emu.mediaUrl}/media/video/clip.mp4`;
    const { ok, okSent, first, again, sent, rt } = await failThenRetry(
      '/v1/singing/generate-subtitles-video',
      () => core.videos.subtitles({ videoUrl }),
    );
    expect(again.kind).toBe('subtitle-video');
    expect(sent).toHaveLength(2);
    expect(sentBody(sent[1]!)).toEqual(sentBody(sent[0]!));
    expect(again.request).toEqual(first.request);
    // Retry sent what a first submission that succeeded sent, and wrote its record and sidecars
    expect(sentBody(sent[1]!)).toEqual(sentBody(okSent));
    await expectSameRecordAndSidecars(rt.library, ok, again);
  });

  it('a quick-mode song (/v1/music): the same body, request and meta', async () => {
    const { ok, okSent, first, again, sent, rt } = await failThenRetry('/v1/music', () =>
      core.songs.create({ api: 'v1', mode: 'custom', prompt: 'lo-fi', title: 'Q', lyrics: 'hum' }),
    );
    expect(again.kind).toBe('song-v1');
    expect(again.state).toBe('done');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.json).toEqual(sent[0]!.json);
    expect(again.request).toEqual(first.request);
    // Retry sent what a first submission that succeeded sent, and wrote its record and sidecars
    expect(sentBody(sent[1]!)).toEqual(sentBody(okSent));
    await expectSameRecordAndSidecars(rt.library, ok, again);
    expect(again.meta).toEqual({ ...first.meta, ...again.meta });
    expect(again.resultItemIds).toHaveLength(2);
  });

  it('a cover of a picked file: the same upload, upload progress again, the handle recorded (never the path)', async () => {
    const path = join(dir, 'Night Drive.wav');
    await writeFile(path, toneWav(3));
    const picked = await files.register(path, 'audio');
    const { singers } = await core.covers.singers({ refresh: true });
    const singer = singers.find((s) => !s.custom && s.id)!;
    const seen: UploadProgressEvent[] = [];
    core.covers.on('upload-progress', (p) => seen.push(p));
    const { ok, okSent, first, again, sent, rt } = await failThenRetry('/v1/cover', () =>
      core.covers.cover({
        source: { kind: 'file', path, handle: picked.handle },
        singerId: singer.id!,
        isCustomSinger: false,
        tranSemitones: -3,
      }),
    );
    expect(again.state).toBe('done');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.multipart?.fields).toEqual(sent[0]!.multipart?.fields);
    expect(sent[1]!.multipart?.files.map((f) => [f.filename, f.size, f.sha256])).toEqual(
      sent[0]!.multipart?.files.map((f) => [f.filename, f.size, f.sha256]),
    );
    expect(again.request).toEqual(first.request);
    // Retry sent what a first submission that succeeded sent, and wrote its record and sidecars
    expect(sentBody(sent[1]!)).toEqual(sentBody(okSent));
    await expectSameRecordAndSidecars(rt.library, ok, again);
    expect(JSON.stringify(again.request)).not.toContain(dir);
    expect(again.meta).toEqual({ ...first.meta, ...again.meta });
    // the upload's progress is reported for the retried job as for the first
    for (const id of [first.id, again.id]) {
      const mine = seen.filter((p) => p.jobId === id);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.at(-1)!.bytesSent).toBe(mine.at(-1)!.totalBytes);
    }
    // the cover's length was read from its audio, as after a first submission (the duration probe)
    expect(again.outputs[0]!.durationMs).toBeGreaterThan(0);
  });

  it('a singing video: the links measured again, the same body and intent', async () => {
    const audio = `${emu.mediaUrl}/media/tone.wav?seconds=10`;
    const imageUrl = `${emu.mediaUrl}/media/photo.png`;
    const measured = () => emu.log.filter((e) => e.origin === 'media').length;
    let beforeRetry = 0;
    const { ok, okSent, first, again, sent, rt } = await failThenRetry(
      '/v1/singing/generate',
      async () => {
        const job = await core.videos.singing({ audio: { url: audio, label: audio }, imageUrl });
        beforeRetry = measured();
        return job;
      },
    );
    expect(again.kind).toBe('singing-video');
    expect(sent).toHaveLength(2);
    expect(sentBody(sent[1]!)).toEqual(sentBody(sent[0]!));
    expect(again.request).toEqual(first.request);
    // Retry sent what a first submission that succeeded sent, and wrote its record and sidecars
    expect(sentBody(sent[1]!)).toEqual(sentBody(okSent));
    await expectSameRecordAndSidecars(rt.library, ok, again);
    // Retry ran the first submission's checks: the audio and photo were measured again
    expect(measured()).toBeGreaterThan(beforeRetry);
  });

  it('a history import is followed again by its ids: nothing is submitted, nothing spent', async () => {
    const made = await core.client().songs.submit({ mode: 'auto', prompt: 'old tapes' });
    await expect
      .poll(async () => (await core.songs.history()).songs.length, { timeout: 15_000 })
      .toBe(made.length);
    const ids = (await core.songs.history()).songs.map((s) => s.songId);
    const first = await core.songs.importHistory(ids);
    const rt = await core.jobsHost.runtime();
    await rt.jobs.cancel(first.id);
    expect(rt.jobs.get(first.id)!.state).toBe('cancelled');
    const submits = emu.log.filter((e) => e.method === 'POST').length;
    const retried = await jobsHandlers(core).retry(ctx, first.id);
    const again = rt.jobs.get(retried.id)!;
    expect(again.kind).toBe('history-import');
    expect(again.request).toEqual(first.request);
    expect(again.serviceIds).toEqual(rt.jobs.get(first.id)!.serviceIds);
    const done = await rt.jobs.waitFor(retried.id, 20_000);
    expect(done.state).toBe('done');
    expect(emu.log.filter((e) => e.method === 'POST').length).toBe(submits);
    // the record and sidecars of a first import of the same ids that succeeded, made in a library
    // of its own (a library that holds the songs refuses to import them again)
    const other = makeCore(join(dir, 'other'));
    try {
      await other.songs.history();
      const ort = await other.jobsHost.runtime();
      const ok = await ort.jobs.waitFor((await other.songs.importHistory(ids)).id, 20_000);
      expect(ok.resultItemIds).toHaveLength(ids.length);
      await expectSameRecordAndSidecars(rt.library, ok, done, { firstLibrary: ort.library });
    } finally {
      await other.close();
    }
  });
});
