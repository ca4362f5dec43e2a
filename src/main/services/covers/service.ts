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
import { refuseInput, say, CoverFieldsSchema } from '@shared/domain/service-inputs';
import { COVER_UPLOAD_MAX_BYTES, UPLOAD_AUDIO_EXTENSIONS } from '@shared/domain/service-limits';
import { appError, keyedFields } from '@shared/app-error';
import { refuseFields } from '@shared/errors';
import { englishText, type MessageParams } from '@shared/i18n/english';
import type { UploadProgressEvent } from '@shared/ipc/voices';
import type { CoversApi, SingingApi } from '../api';
import type { JobsService, KindSubmitters } from '../jobs';
import type { PickedFiles } from '../files/registry';
import { libraryFilePath } from '../files/library-file';
import { output } from '../jobs/records';
import { throttledUploadProgress } from '../jobs/upload-progress';
import { TypedEmitter } from '../ground/events';
import type { Library } from '../library/library';
import { probeInWorker } from '../audio/probe/in-worker';
import { measureUrls, type Measurement } from './measure';
import { withRawMessage } from './shared';
import { createSingerTraining } from './training';
import { words } from '../words';

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

/** Refuses the source file with one keyed message (its English words are the message). */
function refuseSource(key: string, params: MessageParams): void {
  refuseFields({ source: englishText(key, params) }, '', {
    fieldKeys: { source: { key, params } },
  });
}

export function createCoversService(deps: CoversServiceDeps) {
  const emitter = new TypedEmitter<CoversEvents>();
  const measure = deps.measure ?? ((urls: readonly string[]) => measureUrls(urls));
  const training = createSingerTraining({ ...deps, measure });
  const { singerName } = training;
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
      throw appError(
        'not_found',
        'errors:covers.fileGone',
        { name: basename(path) },
        keyedFields({ source: { key: 'errors:fields.fileGone' } }),
      );
    const ext = extname(path).slice(1).toLowerCase();
    if (!(UPLOAD_AUDIO_EXTENSIONS as readonly string[]).includes(ext)) {
      refuseSource('errors:covers.upload.wrongType', {
        formats: UPLOAD_AUDIO_EXTENSIONS.join(', '),
        file: basename(path),
      });
    }
    if (st.size === 0) refuseSource('errors:covers.upload.empty', { file: basename(path) });
    if (st.size > COVER_UPLOAD_MAX_BYTES)
      refuseSource('errors:covers.upload.tooLarge', {
        file: basename(path),
        mb: COVER_UPLOAD_MAX_BYTES / 1048576,
      });
    const probe = await probeInWorker(path);
    if (!probe || probe.sampleRate === null)
      refuseSource('errors:covers.upload.unreadable', { file: basename(path) });
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
        throw appError(
          'not_found',
          'errors:covers.songGone',
          {},
          keyedFields({ source: { key: 'errors:fields.notInLibrary' } }),
        );
      if (!isAudioKind(item.kind))
        throw appError(
          'validation',
          'errors:covers.notAudio',
          { title: item.title },
          keyedFields({ source: { key: 'errors:fields.notAudio' } }),
        );
      // its real path, refused when it links out of the library (nothing outside it is uploaded)
      filePath = await libraryFilePath(rt.library.dir, item.file);
      sourceLabel = item.title;
      parentId = item.id;
      source = { kind: 'library', itemId: item.id, name: item.title };
    } else {
      videoSiteUrl = input.source.url.trim();
      sourceLabel = videoSiteUrl;
      source = { kind: 'link', url: videoSiteUrl };
    }
    refuseInput(
      CoverFieldsSchema,
      {
        singerId: input.singerId,
        tranSemitones: input.tranSemitones,
        hasFile: filePath !== undefined,
        videoSiteUrl,
      },
      say('errors:covers.summary', 'Some fields need attention before the cover can be made.'),
    );
    if (filePath) await checkUpload(filePath);
    const singer = await singerName(input.singerId, input.isCustomSinger);
    const title =
      input.title?.trim() ||
      (input.source.kind === 'link'
        ? words('main:title.videoCover', { singer })
        : words('main:title.cover', { source: sourceLabel, singer }));
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
        try {
          const res = await deps.client().covers.create(call, {
            signal,
            onProgress: throttledUploadProgress(
              () => jobId,
              (event) => emitter.emit('upload-progress', event),
            ),
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
        throw appError(
          'not_found',
          'errors:covers.pickAgain',
          { name },
          keyedFields({ source: { key: 'errors:fields.pickFileAgain' } }),
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
    if (!item) throw appError('not_found', 'errors:resultGone');
    return item;
  }

  async function cancel(jobId: string): Promise<Job> {
    const rt = await deps.runtime();
    const job = rt.jobs.get(jobId);
    if (!job) throw appError('not_found', 'errors:jobGone');
    return (await rt.jobs.cancel(jobId)) ?? job;
  }

  return {
    on: <K extends keyof CoversEvents>(name: K, listener: (p: CoversEvents[K]) => void) =>
      emitter.on(name, listener),
    cover,
    coverAgain,
    finish,
    cancel,
    singers: training.singers,
    checkTraining: training.checkTraining,
    train: training.train,
    trainAgain: training.trainAgain,
    finishTraining: training.finishTraining,
    renameSinger: training.renameSinger,
  };
}

export type CoversService = ReturnType<typeof createCoversService>;

/** Retry's submitter for each kind this service sends (gathered in services/submit.ts). */
export const coverSubmitters = (s: Pick<CoversService, 'coverAgain' | 'trainAgain'>) =>
  ({
    cover: (r) => s.coverAgain(r),
    'custom-singer': (r) => s.trainAgain(r),
  }) satisfies KindSubmitters;
