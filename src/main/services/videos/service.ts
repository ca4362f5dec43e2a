/**
 * Singing-photo videos and subtitle videos (plain Node). The service takes URLs only; the audio
 * and the photo are measured first (format, audio 2–30 s, photo ≤ 4.7 MB) so nothing is spent on
 * a request the service would refuse.
 *
 *   const videos = createVideosService({ client, runtime });
 *   const check = await videos.checkSinging({ audio: { url, label: url }, imageUrl });
 *   const job = await videos.singing({ audio, imageUrl });   // refused when check.fields is not empty
 *   const item = await videos.finish(job.id);                 // the MP4 in the library
 */
import { failureOf, type Job } from '@shared/domain/jobs';
import type { LibraryItem } from '@shared/domain/library';
import type { VideoResult } from '@shared/domain/service';
import {
  checkFields,
  refuseInput,
  SingingRulesSchema,
  SubtitlesRulesSchema,
} from '@shared/domain/service-inputs';
import {
  SINGING_AUDIO_MAX_S,
  SINGING_AUDIO_MIN_S,
  SINGING_IMAGE_MAX_BYTES,
} from '@shared/domain/service-limits';
import { appError } from '@shared/app-error';
import { refuseFields } from '@shared/errors';
import { englishText, type MessageParams } from '@shared/i18n/english';
import type { SingingCheck } from '@shared/ipc/videos';
import type { KindSubmitters } from '../jobs';
import { videoOutputs } from '../jobs/records';
import { measureUrls, type Measurement } from '../covers/measure';
import type { CoversClient, CoversRuntime } from '../covers/service';
import {
  linkIntent,
  measuredView,
  recordedLink,
  resolveLink,
  withRawMessage,
  type ResolvedLink,
} from '../covers/shared';
import { words } from '../words';

export interface VideosServiceDeps {
  client: () => Pick<CoversClient, 'singing'>;
  runtime: () => Promise<CoversRuntime>;
  measure?: (urls: readonly string[]) => Promise<Measurement[]>;
}

const AUDIO_FORMATS = ['mp3', 'wav', 'm4a'];
const IMAGE_FORMATS = ['jpg', 'png'];

export function createVideosService(deps: VideosServiceDeps) {
  const measure = deps.measure ?? ((urls: readonly string[]) => measureUrls(urls));

  async function checkSingingLinks(
    audio: ResolvedLink,
    imageUrl: string,
  ): Promise<SingingCheck & { audioDurationS?: number; imageBytes?: number }> {
    const { fields, fieldKeys } = checkFields(SingingRulesSchema, {
      audioUrl: audio.url,
      imageUrl,
    });
    /** A field's message from a key (its English words beside it). */
    const put = (field: string, key: string, params?: MessageParams) => {
      fields[field] = englishText(key, params);
      fieldKeys[field] = params ? { key, params } : { key };
    };
    /** A measurement's own problem as the field's message. */
    const putProblem = (field: string, m: Measurement) => {
      fields[field] = m.problem!;
      if (m.problemKey) fieldKeys[field] = m.problemKey;
    };
    const [a, img] = await measure([audio.url, imageUrl]);
    const audioM = a!;
    const imageM = img!;
    if (!fields.audioUrl) {
      if (audioM.format === 'unknown' || !AUDIO_FORMATS.includes(audioM.format)) {
        if (
          audioM.problem &&
          audioM.format === 'unknown' &&
          audioM.problemKey?.key !== 'errors:measure.notAudio'
        )
          putProblem('audioUrl', audioM);
        else put('audioUrl', 'errors:videos.audioFormat');
      } else if (
        audioM.durationS !== null &&
        (audioM.durationS < SINGING_AUDIO_MIN_S || audioM.durationS > SINGING_AUDIO_MAX_S)
      ) {
        put('audioUrl', 'errors:videos.audioLength', {
          min: SINGING_AUDIO_MIN_S,
          max: SINGING_AUDIO_MAX_S,
          length: audioM.durationS,
        });
      }
    }
    if (!fields.imageUrl) {
      if (imageM.format === 'unknown' && imageM.problem) putProblem('imageUrl', imageM);
      else if (!IMAGE_FORMATS.includes(imageM.format)) put('imageUrl', 'errors:videos.photoFormat');
      else if (imageM.sizeBytes !== null && imageM.sizeBytes > SINGING_IMAGE_MAX_BYTES) {
        put('imageUrl', 'errors:videos.photoSize', {
          max: 4.7,
          size: imageM.sizeBytes / 1048576,
        });
      }
    }
    return {
      audio: measuredView(audio.label, audioM),
      image: measuredView(imageUrl, imageM),
      fields,
      ...(Object.keys(fieldKeys).length > 0 ? { fieldKeys } : {}),
      ...(audioM.durationS !== null ? { audioDurationS: audioM.durationS } : {}),
      ...(imageM.sizeBytes !== null ? { imageBytes: imageM.sizeBytes } : {}),
    };
  }

  async function sendVideo(
    kind: 'singing-video' | 'subtitle-video',
    request: Record<string, unknown>,
    title: string,
    meta: Record<string, string | null>,
    call: (signal: AbortSignal) => Promise<VideoResult>,
  ): Promise<Job> {
    const rt = await deps.runtime();
    return rt.jobs.submit(
      { kind, synchronous: true, request, label: title, meta },
      async (signal) => {
        try {
          const res = await call(signal);
          return { outputs: videoOutputs(res, kind, title), raw: res.raw };
        } catch (e) {
          throw withRawMessage(e);
        }
      },
    );
  }

  async function singing(input: {
    audio: ResolvedLink;
    imageUrl: string;
    title?: string;
  }): Promise<Job> {
    const imageUrl = input.imageUrl.trim();
    const check = await checkSingingLinks(input.audio, imageUrl);
    refuseFields(check.fields, englishText('errors:videos.summary'), {
      ...(check.fieldKeys ? { fieldKeys: check.fieldKeys } : {}),
      summaryKey: 'errors:videos.summary',
    });
    const title =
      input.title?.trim() ||
      (input.audio.itemId
        ? words('main:title.singingVideoOf', { source: input.audio.label })
        : words('main:title.singingVideo'));
    const call = {
      audioUrl: input.audio.url,
      imageUrl,
      ...(check.audioDurationS !== undefined ? { audioDurationS: check.audioDurationS } : {}),
      ...(check.imageBytes !== undefined ? { imageBytes: check.imageBytes } : {}),
    };
    return sendVideo(
      'singing-video',
      // `audio` is the intent Retry resolves, measures and sends again (singingAgain)
      { audio: linkIntent(input.audio), ...call, title },
      title,
      { parent_id: input.audio.itemId ?? null },
      (signal) => deps.client().singing.generate(call, { signal }),
    );
  }

  async function subtitles(input: {
    videoUrl: string;
    /** The library item the link came from, if any (recorded for Retry). */
    itemId?: string;
    title?: string;
  }): Promise<Job> {
    const videoUrl = input.videoUrl.trim();
    refuseInput(SubtitlesRulesSchema, { videoUrl });
    const title = input.title?.trim() || 'Subtitle video';
    const video = input.itemId
      ? { kind: 'library', itemId: input.itemId }
      : { kind: 'url', url: videoUrl };
    return sendVideo('subtitle-video', { video, videoUrl, title }, title, {}, (signal) =>
      deps.client().singing.subtitlesVideo({ videoUrl }, { signal }),
    );
  }

  return {
    async checkSinging(input: { audio: ResolvedLink; imageUrl: string }): Promise<SingingCheck> {
      const {
        audioDurationS: _a,
        imageBytes: _i,
        ...check
      } = await checkSingingLinks(input.audio, input.imageUrl.trim());
      return check;
    },

    singing,

    subtitles,

    /** Retry of a singing video: the recorded audio link (a library item resolved again) and photo. */
    async singingAgain(request: Record<string, unknown>): Promise<Job> {
      const rt = await deps.runtime();
      const audio = recordedLink(request.audio ?? request.audioUrl);
      if (!audio) throw appError('invalid_argument', 'errors:videos.noAudio');
      return singing({
        audio: resolveLink(audio, rt.library),
        imageUrl: typeof request.imageUrl === 'string' ? request.imageUrl : '',
        ...(typeof request.title === 'string' ? { title: request.title } : {}),
      });
    },

    /** Retry of a subtitle video: the recorded video link (a library item resolved again). */
    async subtitlesAgain(request: Record<string, unknown>): Promise<Job> {
      const rt = await deps.runtime();
      const video = recordedLink(request.video ?? request.videoUrl);
      if (!video) throw appError('invalid_argument', 'errors:videos.noVideo');
      const resolved = resolveLink(video, rt.library);
      return subtitles({
        videoUrl: resolved.url,
        ...(resolved.itemId ? { itemId: resolved.itemId } : {}),
        ...(typeof request.title === 'string' ? { title: request.title } : {}),
      });
    },

    async finish(jobId: string): Promise<LibraryItem> {
      const rt = await deps.runtime();
      const done = await rt.jobs.waitFor(jobId);
      if (done.state !== 'done') throw failureOf(done);
      const id = done.resultItemIds[0];
      const item = id ? rt.library.get(id) : undefined;
      if (!item) throw appError('not_found', 'errors:videos.videoGone');
      return item;
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;

/** Retry's submitter for each kind this service sends (gathered in services/submit.ts). */
export const videoSubmitters = (s: Pick<VideosService, 'singingAgain' | 'subtitlesAgain'>) =>
  ({
    'singing-video': (r) => s.singingAgain(r),
    'subtitle-video': (r) => s.subtitlesAgain(r),
  }) satisfies KindSubmitters;
