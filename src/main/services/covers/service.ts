/**
 * Covers and custom singers (plain Node): the same code for the app and the CLI.
 *
 *   const covers = createCoversService({ dataDir, client: () => core.client(), runtime });
 *   const { singers } = await covers.singers();                 // built-in + trained here, by name
 *   const job = await covers.cover({ source: { kind: 'file', path }, singerId: '3', isCustomSinger: false, tranSemitones: 2 });
 *   const item = await covers.finish(job.id);                   // the MP3 + sidecar in the library
 *   const check = await covers.checkTraining([{ url, label: url }]); // measured, nothing spent
 *   const training = await covers.train({ name: 'My voice', links }); // refused outside 5–45 min
 */
import { promises as fs } from 'node:fs';
import { basename, extname } from 'node:path';
import { failureOf, type Job } from '@shared/domain/jobs';
import type { LibraryItem } from '@shared/domain/library';
import { isAudioKind } from '@shared/domain/library-sources';
import {
  fieldErrorsOf,
  CoverFieldsSchema,
  TrainSingerRulesSchema,
} from '@shared/domain/service-inputs';
import {
  COVER_UPLOAD_MAX_BYTES,
  TRAINING_AUDIO_MAX_S,
  TRAINING_AUDIO_MIN_S,
  UPLOAD_AUDIO_EXTENSIONS,
} from '@shared/domain/service-limits';
import { AppError, toErrorShape, refuseFields } from '@shared/errors';
import type { Link, SingerOption, Singers, TrainingCheck } from '@shared/ipc/covers';
import type { UploadProgressEvent } from '@shared/ipc/voices';
import type { CoversApi, SingingApi } from '../api';
import type { JobsService } from '../jobs';
import type { PickedFiles } from '../files/registry';
import { output } from '../jobs/records';
import { TypedEmitter } from '../ground/events';
import type { Library } from '../library/library';
import { probeInWorker } from '../audio/probe/in-worker';
import { measureUrls, type Measurement } from './measure';
import {
  linkIntent,
  measuredView,
  minutesSeconds,
  recordedLink,
  resolveLink,
  withRawMessage,
  type ResolvedLink,
} from './shared';
import { CustomSingerStore } from './singers';

export interface CoversClient {
  readonly baseUrl: string;
  readonly covers: CoversApi;
  readonly singing: SingingApi;
}

export interface CoversRuntime {
  readonly library: Library;
  readonly jobs: JobsService;
}

export interface CoversServiceDeps {
  dataDir: string;
  client: () => CoversClient;
  runtime: () => Promise<CoversRuntime>;
  /** Replaces URL measuring (tests); the default reads headers with Range requests. */
  measure?: (urls: readonly string[]) => Promise<Measurement[]>;
  /** Files picked or dropped in this session, by handle (what a cover's Retry finds them by). */
  files?: PickedFiles;
}

export interface CoversEvents extends Record<string, unknown> {
  'upload-progress': UploadProgressEvent;
}

/** Where the cover's audio comes from: a main-side path, a library item, or a video link. */
export type CoverSourceInput =
  | { kind: 'file'; path: string; handle?: string }
  | { kind: 'library'; itemId: string }
  | { kind: 'link'; url: string };

export interface CoverInput {
  source: CoverSourceInput;
  singerId: string;
  isCustomSinger: boolean;
  tranSemitones: number;
  title?: string;
}

const PROGRESS_EVERY_MS = 100;

export function createCoversService(deps: CoversServiceDeps) {
  const store = new CustomSingerStore(deps.dataDir);
  const emitter = new TypedEmitter<CoversEvents>();
  const measure = deps.measure ?? ((urls: readonly string[]) => measureUrls(urls));
  let builtIn: { baseUrl: string; list: SingerOption[] } | undefined;

  async function customSingers(): Promise<SingerOption[]> {
    const baseUrl = deps.client().baseUrl;
    const records = (await store.list()).filter((r) => r.baseUrl === baseUrl);
    if (records.length === 0) return [];
    const rt = await deps.runtime();
    const out: SingerOption[] = [];
    for (const r of records) {
      const job = rt.jobs.get(r.jobId);
      const taskId = r.taskId ?? job?.serviceIds[0] ?? null;
      if (taskId && !r.taskId) await store.update(r.jobId, { taskId });
      const state: SingerOption['state'] = !job
        ? taskId
          ? 'ready'
          : 'failed'
        : job.state === 'done'
          ? 'ready'
          : job.state === 'failed' || job.state === 'cancelled' || job.state === 'interrupted'
            ? 'failed'
            : 'training';
      out.push({ id: taskId, name: r.name, custom: true, state, jobId: r.jobId });
    }
    return out;
  }

  async function singers(opts: { refresh?: boolean } = {}): Promise<Singers> {
    const client = deps.client();
    let error: Singers['error'] = null;
    if (opts.refresh || !builtIn || builtIn.baseUrl !== client.baseUrl) {
      try {
        const list = await client.covers.singers();
        builtIn = {
          baseUrl: client.baseUrl,
          list: list.map((s) => ({
            id: s.id,
            name: s.name,
            custom: false,
            state: 'ready',
            jobId: null,
          })),
        };
      } catch (e) {
        error = toErrorShape(e);
      }
    }
    const custom = await customSingers();
    return {
      singers: [...custom, ...(builtIn?.baseUrl === client.baseUrl ? builtIn.list : [])],
      error,
    };
  }

  async function singerName(singerId: string, custom: boolean): Promise<string> {
    const known = builtIn?.list.find((s) => s.id === singerId);
    if (!custom && known) return known.name;
    if (custom) {
      const rec = (await customSingers()).find((s) => s.id === singerId);
      if (rec) return rec.name;
    }
    return custom ? `Custom singer ${singerId}` : `Singer ${singerId}`;
  }

  async function coverDurationMs(audioUrl: string): Promise<number | null> {
    try {
      const [m] = await measure([audioUrl]);
      return m && m.kind === 'audio' && m.durationS !== null
        ? Math.round(m.durationS * 1000)
        : null;
    } catch {
      return null;
    }
  }

  async function checkUpload(path: string): Promise<void> {
    const st = await fs.stat(path).catch(() => null);
    if (!st?.isFile())
      throw new AppError('not_found', `${basename(path)} is no longer there.`, {
        fields: { source: 'The file is no longer there.' },
      });
    const ext = extname(path).slice(1).toLowerCase();
    if (!(UPLOAD_AUDIO_EXTENSIONS as readonly string[]).includes(ext)) {
      refuseFields(
        {
          source: `Covers take ${UPLOAD_AUDIO_EXTENSIONS.join(', ')} files; ${basename(path)} is not one.`,
        },
        '',
      );
    }
    if (st.size === 0) refuseFields({ source: `${basename(path)} is empty.` }, '');
    if (st.size > COVER_UPLOAD_MAX_BYTES)
      refuseFields(
        { source: `${basename(path)} is larger than ${COVER_UPLOAD_MAX_BYTES / 1048576} MB.` },
        '',
      );
    const probe = await probeInWorker(path);
    if (!probe || probe.sampleRate === null)
      refuseFields({ source: `${basename(path)} is not an audio file Cadenza can read.` }, '');
  }

  /** Uploads the file (or sends the link) as a cover job; the result lands in the library. */
  async function cover(input: CoverInput): Promise<Job> {
    const rt = await deps.runtime();
    let filePath: string | undefined;
    let videoSiteUrl: string | undefined;
    let sourceLabel: string;
    let parentId: string | null = null;
    /** The intent Retry resends: a library item, a picked file's handle or a link; never a path. */
    let source: Record<string, unknown>;
    if (input.source.kind === 'file') {
      filePath = input.source.path;
      sourceLabel = basename(filePath, extname(filePath));
      source = { kind: 'file', handle: input.source.handle ?? null, name: basename(filePath) };
    } else if (input.source.kind === 'library') {
      const item = rt.library.get(input.source.itemId);
      if (!item)
        throw new AppError('not_found', 'That library song is no longer there.', {
          fields: { source: 'No longer in the library.' },
        });
      if (!isAudioKind(item.kind))
        throw new AppError(
          'validation',
          `“${item.title}” is not audio; a cover sings a song, a cover or speech.`,
          {
            fields: { source: 'Not audio.' },
          },
        );
      filePath = rt.library.pathOf(item);
      sourceLabel = item.title;
      parentId = item.id;
      source = { kind: 'library', itemId: item.id, name: item.title };
    } else {
      videoSiteUrl = input.source.url.trim();
      sourceLabel = videoSiteUrl;
      source = { kind: 'link', url: videoSiteUrl };
    }
    refuseFields(
      fieldErrorsOf(CoverFieldsSchema, {
        singerId: input.singerId,
        tranSemitones: input.tranSemitones,
        hasFile: filePath !== undefined,
        videoSiteUrl,
      }),
      'Some fields need attention before the cover can be made.',
    );
    if (filePath) await checkUpload(filePath);
    const singer = await singerName(input.singerId, input.isCustomSinger);
    const title =
      input.title?.trim() ||
      `${input.source.kind === 'link' ? 'Video' : sourceLabel} (${singer} cover)`;
    const call = {
      singerId: input.singerId,
      isCustomSinger: input.isCustomSinger,
      tranSemitones: input.tranSemitones,
      ...(filePath ? { filePath } : { videoSiteUrl: videoSiteUrl ?? '' }),
    };
    let jobId = '';
    const job = await rt.jobs.submit(
      {
        kind: 'cover',
        synchronous: true,
        // the recorded intent is what Retry sends again through cover() (coverAgain)
        request: {
          source,
          singerId: input.singerId,
          isCustomSinger: input.isCustomSinger,
          tranSemitones: input.tranSemitones,
          title,
          singerName: singer,
        },
        label: title,
        meta: {
          singer,
          parent_id: parentId,
          prompt: `Cover of ${sourceLabel}${input.tranSemitones ? ` (${input.tranSemitones > 0 ? '+' : ''}${input.tranSemitones} semitones)` : ''}`,
        },
      },
      async (signal) => {
        let lastMs = 0;
        try {
          const res = await deps.client().covers.create(call, {
            signal,
            onProgress: (p) => {
              const now = Date.now();
              if (now - lastMs < PROGRESS_EVERY_MS && p.bytesSent < p.totalBytes) return;
              lastMs = now;
              if (jobId)
                emitter.emit('upload-progress', {
                  jobId,
                  bytesSent: p.bytesSent,
                  totalBytes: p.totalBytes,
                });
            },
          });
          // the service gives no length: read it from the MP3's headers (best effort), so the
          // cover can be offered where a length matters (singing-video audio is 2–30 s)
          const durationMs = await coverDurationMs(res.audioUrl);
          return {
            outputs: [
              output({
                serviceId: null,
                status: 'complete',
                libraryKind: 'cover',
                title: res.title || title,
                mediaUrl: res.audioUrl,
                coverUrl: res.imageUrl ?? null,
                durationMs,
              }),
            ],
            raw: res.raw,
          };
        } catch (e) {
          throw withRawMessage(e);
        }
      },
    );
    jobId = job.id;
    return job;
  }

  /**
   * Retry of a cover: the recorded intent through cover(), with every check, the upload progress
   * and the duration probe. A picked file is found by its handle while this session knows it;
   * a record of an earlier version (a path) or a file from a past session must be picked again.
   */
  function coverAgain(request: Record<string, unknown>): Promise<Job> {
    const str = (v: unknown): string => (typeof v === 'string' ? v : '');
    const recorded = (request.source ?? null) as Record<string, unknown> | null;
    let source: CoverSourceInput;
    if (recorded?.kind === 'library') source = { kind: 'library', itemId: str(recorded.itemId) };
    else if (recorded?.kind === 'link') source = { kind: 'link', url: str(recorded.url) };
    else if (!recorded && typeof request.videoSiteUrl === 'string')
      source = { kind: 'link', url: request.videoSiteUrl };
    else {
      const name = str(recorded?.name) || basename(str(request.filePath)) || 'The file';
      const handle = str(recorded?.handle);
      const picked = handle ? deps.files?.resolve(handle) : undefined;
      if (!picked || picked.kind !== 'audio')
        throw new AppError(
          'not_found',
          `“${name}” is no longer available: Cadenza forgets the files you picked when it closes. Choose it again in Covers to make this cover.`,
          { fields: { source: 'Choose the file again.' } },
        );
      source = { kind: 'file', path: picked.path, handle };
    }
    return cover({
      source,
      singerId: str(request.singerId),
      isCustomSinger: request.isCustomSinger === true,
      tranSemitones: typeof request.tranSemitones === 'number' ? request.tranSemitones : 0,
      ...(str(request.title) ? { title: str(request.title) } : {}),
    });
  }

  /** Waits for a job that saves media; answers its library item. */
  async function finish(jobId: string): Promise<LibraryItem> {
    const rt = await deps.runtime();
    const done = await rt.jobs.waitFor(jobId);
    if (done.state !== 'done') throw failureOf(done);
    const id = done.resultItemIds[0];
    const item = id ? rt.library.get(id) : undefined;
    if (!item) throw new AppError('not_found', 'The result is not in the library.');
    return item;
  }

  async function cancel(jobId: string): Promise<Job> {
    const rt = await deps.runtime();
    const job = rt.jobs.get(jobId);
    if (!job) throw new AppError('not_found', 'That job is no longer listed.');
    return (await rt.jobs.cancel(jobId)) ?? job;
  }

  /** Measures every link (headers only) and says whether training may start. */
  async function checkTraining(links: readonly ResolvedLink[]): Promise<TrainingCheck> {
    if (links.length === 0)
      return { links: [], totalS: null, problem: 'Add links to the training audio.' };
    const measured = await measure(links.map((l) => l.url));
    const views = measured.map((m, i) => measuredView(links[i]!.label, m));
    const bad = measured.findIndex(
      (m) => m.problem !== null || m.kind !== 'audio' || m.durationS === null,
    );
    if (bad >= 0) {
      const m = measured[bad]!;
      const why = m.problem ?? 'it is not audio Cadenza can measure (MP3, WAV or M4A)';
      return {
        links: views,
        totalS: null,
        problem: `${links[bad]!.label}: ${why.replace(/^Could not measure this link: /, 'could not be measured: ')} Nothing was sent.`,
      };
    }
    const totalS = measured.reduce((n, m) => n + (m.durationS ?? 0), 0);
    const problem =
      totalS < TRAINING_AUDIO_MIN_S || totalS > TRAINING_AUDIO_MAX_S
        ? `Training audio must last ${TRAINING_AUDIO_MIN_S / 60} to ${TRAINING_AUDIO_MAX_S / 60} minutes in total; these links last ${minutesSeconds(totalS)}. Nothing was sent.`
        : null;
    return { links: views, totalS, problem };
  }

  /** Measures the links, refuses outside 5–45 minutes, then starts training as a tracked job. */
  async function train(input: { name: string; links: readonly ResolvedLink[] }): Promise<Job> {
    const name = input.name.trim();
    const fields: Record<string, string> = {};
    if (!name) fields.name = 'Name the singer (the name is kept on this computer).';
    const urls = input.links.map((l) => l.url);
    Object.assign(fields, fieldErrorsOf(TrainSingerRulesSchema, { urls }));
    refuseFields(fields, 'Some fields need attention before training can start.');
    const check = await checkTraining(input.links);
    if (check.problem || check.totalS === null)
      throw new AppError('validation', check.problem ?? 'The links could not be measured.', {
        fields: { urls: check.problem ?? '' },
      });
    const rt = await deps.runtime();
    const totalAudioDurationS = check.totalS;
    const job = await rt.jobs.submit(
      {
        kind: 'custom-singer',
        synchronous: false,
        tracking: 'custom-singer',
        // `links` is the intent Retry measures and sends again (trainAgain); urls as sent
        request: { name, links: input.links.map(linkIntent), urls, totalAudioDurationS },
        label: `Singer: ${name}`,
        meta: { singer: name },
      },
      async (signal) => {
        try {
          const task = await deps
            .client()
            .covers.trainSinger({ urls, totalAudioDurationS }, { signal });
          const status =
            task.status === 'complete' ? 'saved' : task.status === 'failed' ? 'failed' : 'queued';
          return {
            outputs: [output({ serviceId: task.id, status, libraryKind: null, title: name })],
            raw: task.raw,
            meta: { singer: name },
          };
        } catch (e) {
          throw withRawMessage(e);
        }
      },
    );
    await store.add({ jobId: job.id, name, baseUrl: deps.client().baseUrl });
    return job;
  }

  /**
   * Retry of a training: the recorded links (library items resolved again) measured and sent
   * through train(), so the singer is added to the list like the first time.
   */
  async function trainAgain(request: Record<string, unknown>): Promise<Job> {
    const rt = await deps.runtime();
    const list: unknown[] = Array.isArray(request.links)
      ? request.links
      : Array.isArray(request.urls)
        ? request.urls
        : [];
    const recorded = list.map(recordedLink).filter((l): l is Link => l !== null);
    return train({
      name: typeof request.name === 'string' ? request.name : '',
      links: recorded.map((l) => resolveLink(l, rt.library)),
    });
  }

  /** Waits for a training job; answers the singer (its id is what covers send). */
  async function finishTraining(jobId: string): Promise<SingerOption> {
    const rt = await deps.runtime();
    const done = await rt.jobs.waitFor(jobId);
    if (done.state !== 'done') throw failureOf(done);
    const singer = (await customSingers()).find((s) => s.jobId === jobId);
    if (!singer?.id)
      throw new AppError('bad_response', 'The service did not name the trained singer.');
    return singer;
  }

  return {
    on: <K extends keyof CoversEvents>(name: K, listener: (p: CoversEvents[K]) => void) =>
      emitter.on(name, listener),
    singers,
    cover,
    coverAgain,
    finish,
    cancel,
    checkTraining,
    train,
    trainAgain,
    finishTraining,
    async renameSinger(jobId: string, name: string): Promise<Singers> {
      await store.update(jobId, { name: name.trim() });
      return singers();
    },
  };
}

export type CoversService = ReturnType<typeof createCoversService>;
