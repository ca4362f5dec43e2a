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
import { failureOf, type Job } from '@shared/domain/jobs';
import type { LibraryItem } from '@shared/domain/library';
import { appError } from '@shared/app-error';
import { AppError } from '@shared/errors';
import type { Catalogue, SpeakRequest, UploadProgressEvent, VoicePrefs } from '@shared/ipc/voices';
import type { VoicesApi } from '../api';
import type { JobsService, KindSubmitters } from '../jobs';
import { TypedEmitter } from '../ground/events';
import type { Library } from '../library/library';
import type { PickedFiles } from '../files/registry';
import { createVoiceCatalogue, type VoiceCatalogue } from './catalogue';
import { createCloning } from './clone';
import { submitSpeech, type SpeechClient, type SpeechInput } from './speak';
import { VoicesStore } from './store';

export { voiceView, cloneView } from './catalogue';
export type { LocalRecording } from './clone';

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

/** Takes: speech sent as a job, the take waited for in the library, its sidecar naming the speaker. */
function createSpeaking(deps: VoicesServiceDeps, store: VoicesStore, catalogue: VoiceCatalogue) {
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
    if (!item) throw appError('not_found', 'errors:voices.takeGone');
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

  return {
    /** Sends the text as a job; the take is saved into the library when the answer arrives. */
    async speak(req: SpeakRequest): Promise<Job> {
      const voice = await catalogue.findVoice(req.speaker).catch(() => undefined);
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
  };
}

export function createVoicesService(deps: VoicesServiceDeps) {
  const store = new VoicesStore(deps.dataDir);
  const emitter = new TypedEmitter<VoicesEvents>();
  const voices = createVoiceCatalogue(store, deps.client);
  const { catalogue, findVoice } = voices;
  const cloning = createCloning({
    client: deps.client,
    jobs: async () => (await deps.runtime()).jobs,
    catalogue: voices,
    files: deps.files,
    uploadProgress: (event) => emitter.emit('upload-progress', event),
  });

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
      await voices.dropClone(client.baseUrl, speaker);
      await store.forget(speaker);
      return catalogue({ refresh: true });
    },

    async mediaUrl(speaker: string, which: 'avatar' | 'sample'): Promise<string> {
      if (!deps.cacheRemote)
        // English only: only the CLI runs without the media cache, and it shows no previews
        throw new AppError('internal', 'Previews are not available here.');
      const url = await voices.remoteUrl(speaker, which);
      if (!url)
        throw appError(
          'not_found',
          which === 'avatar' ? 'errors:voices.noPicture' : 'errors:voices.noSample',
        );
      return deps.cacheRemote(url);
    },

    ...createSpeaking(deps, store, voices),
    ...cloning,
  };
}

export type VoicesService = ReturnType<typeof createVoicesService>;

/** Retry's submitter for each kind this service sends (gathered in services/submit.ts). */
export const voiceSubmitters = (s: Pick<VoicesService, 'speakAgain' | 'cloneAgain'>) =>
  ({
    tts: (r) => s.speakAgain(r),
    clone: (r) => s.cloneAgain(r),
  }) satisfies KindSubmitters;
