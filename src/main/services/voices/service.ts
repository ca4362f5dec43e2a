/**
 * Voices (plain Node): the voice browser's data, favourites and recents, text-to-speech takes
 * into the library, and cloning from local recordings — the same code for the app and the CLI.
 *
 *   const voices = createVoicesService({ dataDir, client: () => core.client(), runtime });
 *   const cat = await voices.catalogue({ refresh: true });        // cached for offline browsing
 *   const job = await voices.speak({ text: 'Hello', speaker, emotion: 'Cheerful' });
 *   const item = await voices.finishTake(job.id);                 // the WAV + sidecar in the library
 *   const clone = await voices.clone({ name: 'Me', files: ['/path/take.wav'] });
 */
import { basename } from 'node:path';
import { failureOf, type Job } from '@shared/domain/jobs';
import type { LibraryItem } from '@shared/domain/library';
import type { CloneVoice, Voice } from '@shared/domain/service';
import { fieldErrorsOf, CloneFieldsSchema } from '@shared/domain/service-inputs';
import { AppError, refuseFields, toErrorShape } from '@shared/errors';
import type {
  Catalogue,
  CloneFileCheck,
  SpeakRequest,
  UploadProgressEvent,
  VoicePrefs,
  VoiceView,
} from '@shared/ipc/voices';
import type { VoicesApi } from '../api';
import type { JobsService } from '../jobs';
import { output } from '../jobs/records';
import { TypedEmitter } from '../ground/events';
import type { Library } from '../library/library';
import type { PickedFiles } from '../files/registry';
import { probeCloneFile } from './probe';
import { submitSpeech, type SpeechClient, type SpeechInput } from './speak';
import { VoicesStore, type CachedCatalogue } from './store';

export interface VoicesClient extends SpeechClient {
  readonly baseUrl: string;
  readonly voices: VoicesApi;
}

/** The library and jobs the takes and clones go through (the app's or the CLI's runtime). */
export interface VoicesRuntime {
  readonly library: Library;
  readonly jobs: JobsService;
}

export interface VoicesServiceDeps {
  dataDir: string;
  client: () => VoicesClient;
  runtime: () => Promise<VoicesRuntime>;
  /** Files picked or dropped in this session, by handle (what a clone's Retry finds them by). */
  files?: PickedFiles;
  /** Fetches a remote avatar or sample into main's media cache; answers its `cadenza-media://` URL. */
  cacheRemote?: (url: string) => Promise<string>;
}

export interface VoicesEvents extends Record<string, unknown> {
  'upload-progress': UploadProgressEvent;
}

/** A recording to check or upload: a main-side path (from the file registry or the CLI). */
export interface LocalRecording {
  path: string;
  name: string;
  sizeBytes: number;
  /** The file registry's handle, when it was picked or dropped in the app (what Retry finds it by). */
  handle?: string;
}

/** What a clone job records of a recording: never its path (Retry finds it by its handle). */
interface RecordedRecording {
  handle: string | null;
  name: string;
  sizeBytes: number;
}

const PROGRESS_EVERY_MS = 100;

export function voiceView(v: Voice): VoiceView {
  return {
    speaker: v.speaker,
    name: v.name,
    language: v.language,
    classNames: v.classNames,
    classification: v.classification ?? null,
    description: v.description ?? null,
    isFree: v.isFree,
    isVip: v.isVip,
    isNew: v.isNew,
    trending: v.trending,
    hasAvatar: v.avatarUrl !== undefined,
    hasSample: v.sampleUrl !== undefined,
    cloned: false,
  };
}

export function cloneView(c: CloneVoice): VoiceView {
  return {
    speaker: c.speaker,
    name: c.name,
    language: '',
    classNames: [],
    classification: null,
    description: c.description || null,
    isFree: true,
    isVip: false,
    isNew: false,
    trending: false,
    hasAvatar: false,
    hasSample: c.sampleUrl !== undefined,
    cloned: true,
  };
}

function toCatalogue(
  c: CachedCatalogue | undefined,
  source: Catalogue['source'],
  error: unknown,
): Catalogue {
  return {
    voices: (c?.voices ?? []).map(voiceView),
    clones: (c?.clones ?? []).map(cloneView),
    fetchedAt: c?.fetchedAt ?? null,
    source,
    error: error === null ? null : toErrorShape(error),
  };
}

export function createVoicesService(deps: VoicesServiceDeps) {
  const store = new VoicesStore(deps.dataDir);
  const emitter = new TypedEmitter<VoicesEvents>();
  let memory: CachedCatalogue | undefined;

  async function cached(baseUrl: string): Promise<CachedCatalogue | undefined> {
    if (memory?.baseUrl === baseUrl) return memory;
    memory = await store.readCatalogue(baseUrl);
    return memory;
  }

  async function save(c: CachedCatalogue): Promise<void> {
    memory = c;
    await store.writeCatalogue(c);
  }

  async function refresh(client: VoicesClient): Promise<CachedCatalogue> {
    const before = await cached(client.baseUrl);
    const [voices, clones] = await Promise.allSettled([
      client.voices.list(),
      client.voices.listClones(),
    ]);
    if (voices.status === 'rejected') throw voices.reason;
    // the clone list failing alone keeps the clones known before
    const next: CachedCatalogue = {
      schema_version: 1,
      baseUrl: client.baseUrl,
      fetchedAt: new Date().toISOString(),
      voices: voices.value,
      clones: clones.status === 'fulfilled' ? clones.value : (before?.clones ?? []),
    };
    await save(next);
    if (clones.status === 'rejected')
      throw Object.assign(clones.reason as object, { partial: next });
    return next;
  }

  async function catalogue(opts: { refresh?: boolean } = {}): Promise<Catalogue> {
    const client = deps.client();
    const have = await cached(client.baseUrl);
    if (have && !opts.refresh) return toCatalogue(have, 'cache', null);
    try {
      return toCatalogue(await refresh(client), 'service', null);
    } catch (e) {
      const partial = (e as { partial?: CachedCatalogue }).partial;
      if (partial) return toCatalogue(partial, 'service', e);
      if (have) return toCatalogue(have, 'cache', e);
      throw e;
    }
  }

  /** A voice or clone by speaker id, or by name (case-insensitive) when the name is unique. */
  async function findVoice(speakerOrName: string): Promise<VoiceView | undefined> {
    const c = await catalogue();
    const all = [...c.clones, ...c.voices];
    const bySpeaker = all.find((v) => v.speaker === speakerOrName);
    if (bySpeaker) return bySpeaker;
    const named = all.filter((v) => v.name.toLowerCase() === speakerOrName.trim().toLowerCase());
    if (named.length > 1) {
      throw new AppError(
        'validation',
        `Several voices are called “${speakerOrName}”; use the speaker id.`,
        { fields: { speaker: 'Several voices have that name.' } },
      );
    }
    return named[0];
  }

  async function remoteUrl(
    speaker: string,
    which: 'avatar' | 'sample',
  ): Promise<string | undefined> {
    const c = await cached(deps.client().baseUrl);
    const v = c?.voices.find((x) => x.speaker === speaker);
    if (v) return which === 'avatar' ? v.avatarUrl : v.sampleUrl;
    const clone = c?.clones.find((x) => x.speaker === speaker);
    return which === 'sample' ? clone?.sampleUrl : undefined;
  }

  const finishing = new Map<string, Promise<LibraryItem>>();

  /** Waits for a take's job; answers its library item (its sidecar also names the speaker id). */
  function finishTake(jobId: string): Promise<LibraryItem> {
    let run = finishing.get(jobId);
    if (!run) {
      run = finishTakeNow(jobId).finally(() => finishing.delete(jobId));
      finishing.set(jobId, run);
    }
    return run;
  }

  async function finishTakeNow(jobId: string): Promise<LibraryItem> {
    const rt = await deps.runtime();
    const done = await rt.jobs.waitFor(jobId);
    if (done.state !== 'done') throw failureOf(done);
    const id = done.resultItemIds[0];
    const item = id ? rt.library.get(id) : undefined;
    if (!item) throw new AppError('not_found', 'The take is not in the library.');
    const speaker = typeof done.request.speaker === 'string' ? done.request.speaker : undefined;
    if (!speaker || item.service_ids.speaker === speaker) return item;
    return rt.library.updateMeta(item.id, { service_ids: { ...item.service_ids, speaker } });
  }

  /** The one speech path: the job, the recent voice, the take's sidecar naming its speaker. */
  async function speakIntent(input: SpeechInput): Promise<Job> {
    const rt = await deps.runtime();
    const job = await submitSpeech(rt.jobs, deps.client, input);
    await store.addRecent(input.speaker);
    void finishTake(job.id).catch(() => undefined);
    return job;
  }

  async function checkRecordings(
    files: readonly LocalRecording[],
  ): Promise<Array<Omit<CloneFileCheck, 'handle' | 'mimeType'>>> {
    return Promise.all(
      files.map(async (f) => {
        const p = await probeCloneFile(f.path, f.sizeBytes);
        return {
          name: f.name,
          sizeBytes: f.sizeBytes,
          durationMs: p.durationMs,
          problem: p.problem,
        };
      }),
    );
  }

  /** Uploads the recordings as a clone job; refuses before spending when a check fails. */
  async function clone(input: {
    name: string;
    description?: string;
    files: readonly LocalRecording[];
  }): Promise<Job> {
    const fields = fieldErrorsOf(CloneFieldsSchema, {
      name: input.name,
      description: input.description,
      fileCount: input.files.length,
    });
    const checks = await checkRecordings(input.files);
    const bad = checks.find((c) => c.problem);
    if (bad && !fields.files) fields.files = `${bad.name}: ${bad.problem}`;
    refuseFields(fields, 'Some fields need attention before the voice can be cloned.');
    const rt = await deps.runtime();
    const name = input.name.trim();
    const description = input.description?.trim() ?? '';
    const paths = input.files.map((f) => f.path);
    const recorded: RecordedRecording[] = input.files.map((f) => ({
      handle: f.handle ?? null,
      name: f.name,
      sizeBytes: f.sizeBytes,
    }));
    // the clones this key had before: if the call is cut off, they are not the voice it made
    const knownClones = (await cached(deps.client().baseUrl))?.clones.map((c) => c.speaker) ?? [];
    let jobId = '';
    const job = await rt.jobs.submit(
      {
        kind: 'clone',
        synchronous: true,
        // the intent (no path: main reads only files picked in this session), for Retry
        request: { name, description, files: recorded, knownClones },
        label: `Voice: ${name}`,
        meta: { voice: name },
      },
      async (signal) => {
        const client = deps.client();
        let lastMs = 0;
        const res = await client.voices.clone(
          { name, description, files: paths },
          {
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
          },
        );
        // the new voice is ready to speak at once, even before the next refresh
        const have = await cached(client.baseUrl);
        if (have && !have.clones.some((c) => c.speaker === res.speaker)) {
          await save({
            ...have,
            clones: [
              { speaker: res.speaker, name, ...(description ? { description } : {}) },
              ...have.clones,
            ],
          });
        }
        return {
          outputs: [
            output({ serviceId: res.speaker, status: 'saved', libraryKind: null, title: name }),
          ],
          raw: res.raw,
          meta: { voice: res.speaker },
        };
      },
    );
    jobId = job.id;
    return job;
  }

  return {
    on: <K extends keyof VoicesEvents>(name: K, listener: (p: VoicesEvents[K]) => void) =>
      emitter.on(name, listener),
    catalogue,
    findVoice,
    prefs: (): Promise<VoicePrefs> => store.prefs(),
    setFavourite: (speaker: string, on: boolean): Promise<VoicePrefs> =>
      store.setFavourite(speaker, on),

    async deleteClone(speaker: string): Promise<Catalogue> {
      const client = deps.client();
      await client.voices.deleteClone(speaker);
      const have = await cached(client.baseUrl);
      if (have) await save({ ...have, clones: have.clones.filter((c) => c.speaker !== speaker) });
      await store.forget(speaker);
      return catalogue({ refresh: true });
    },

    async mediaUrl(speaker: string, which: 'avatar' | 'sample'): Promise<string> {
      if (!deps.cacheRemote) throw new AppError('internal', 'Previews are not available here.');
      const url = await remoteUrl(speaker, which);
      if (!url)
        throw new AppError(
          'not_found',
          which === 'avatar' ? 'This voice has no picture.' : 'This voice has no sample to play.',
        );
      return deps.cacheRemote(url);
    },

    /** Sends the text as a job; the take is saved into the library when the answer arrives. */
    async speak(req: SpeakRequest): Promise<Job> {
      const voice = await findVoice(req.speaker).catch(() => undefined);
      return speakIntent({
        text: req.text,
        speaker: voice?.speaker ?? req.speaker,
        ...(req.emotion ? { emotion: req.emotion } : {}),
        ...(voice ? { voiceName: voice.name } : {}),
      });
    },
    /** Retry of a take: the recorded request (text, speaker, emotion) through the same path. */
    speakAgain: (request: Record<string, unknown>): Promise<Job> =>
      speakIntent(request as unknown as SpeechInput),
    finishTake,

    checkRecordings,

    clone,

    /**
     * Retry of a clone job (the user asked): the recorded request's files are checked and uploaded
     * again through clone(), with its progress and catalogue update.
     */
    async cloneAgain(request: Record<string, unknown>): Promise<Job> {
      const files = Array.isArray(request.files) ? (request.files as unknown[]) : [];
      const recordings = files.map((f): LocalRecording => {
        // records of earlier versions kept the path: it is not read back (a record is not a pick)
        const rec =
          typeof f === 'string'
            ? { handle: null, name: basename(f) }
            : (f as Partial<RecordedRecording>);
        const name = typeof rec.name === 'string' ? rec.name : 'a recording';
        const picked = typeof rec.handle === 'string' ? deps.files?.resolve(rec.handle) : undefined;
        if (!picked || picked.kind !== 'audio')
          throw new AppError(
            'not_found',
            `“${name}” is no longer available: Cadenza forgets the recordings you picked when it closes. Choose them again in Voices to clone the voice.`,
            { fields: { files: 'Choose the recordings again.' } },
          );
        return {
          path: picked.path,
          name: picked.name,
          sizeBytes: picked.sizeBytes,
          handle: rec.handle as string,
        };
      });
      return clone({
        name: typeof request.name === 'string' ? request.name : '',
        ...(typeof request.description === 'string' ? { description: request.description } : {}),
        files: recordings,
      });
    },

    /** Waits for a clone job; answers the new voice's speaker id. */
    async finishClone(jobId: string): Promise<string> {
      const rt = await deps.runtime();
      const done = await rt.jobs.waitFor(jobId);
      if (done.state !== 'done') throw failureOf(done);
      const speaker = done.serviceIds[0] ?? done.meta.voice;
      if (!speaker) throw new AppError('bad_response', 'The service did not name the new voice.');
      await catalogue({ refresh: true }).catch(() => undefined);
      return speaker;
    },

    async cancelClone(jobId: string): Promise<Job> {
      const rt = await deps.runtime();
      const job = rt.jobs.get(jobId);
      if (!job || job.kind !== 'clone')
        throw new AppError('not_found', 'That upload is no longer listed.');
      return (await rt.jobs.cancel(jobId)) ?? job;
    },
  };
}

export type VoicesService = ReturnType<typeof createVoicesService>;
