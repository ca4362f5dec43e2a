import { VideoResultSchema, type VideoResult } from '@shared/domain/service';
import {
  refuseInput,
  SingingRulesSchema,
  SubtitlesRulesSchema,
  type SingingInput,
  type SubtitlesInput,
} from '@shared/domain/service-inputs';
import { badResponse, type CallContext } from './errors';
import { findId, findUrl, TASK_ID_NAMES, VIDEO_URL_NAMES } from './find';
import { redact } from '../ground/lenient';
import type { CallOptions } from './songs';
import type { Transport, RequestSpec } from './transport';

export interface SingingApi {
  /** POST /v1/singing/generate: a lip-synced singing video from an audio URL and a photo URL. */
  generate(input: SingingInput, opts?: CallOptions): Promise<VideoResult>;
  /** POST /v1/singing/generate-subtitles-video: a video with special subtitles. */
  subtitlesVideo(input: SubtitlesInput, opts?: CallOptions): Promise<VideoResult>;
}

const SINGING_FIELDS: Record<string, string> = {
  audio_url: 'audioUrl',
  image_url: 'imageUrl',
  video_url: 'videoUrl',
};

/** Response shapes are not documented: a video URL, else a task id, else a clear failure. */
async function videoCall(t: Transport, spec: RequestSpec): Promise<VideoResult> {
  const { data, body, key } = await t.enveloped(spec);
  const videoUrl = findUrl(data, VIDEO_URL_NAMES);
  const taskId = videoUrl ? undefined : findId(data, TASK_ID_NAMES);
  if (!videoUrl && !taskId)
    throw badResponse(spec.ctx, 'no video link or task id in it', body, key);
  const result: VideoResult = { raw: redact(body, key) };
  if (videoUrl) result.videoUrl = videoUrl;
  if (taskId) result.taskId = taskId;
  return VideoResultSchema.parse(result);
}

export function createSingingApi(t: Transport, longTimeoutMs: number): SingingApi {
  return {
    async generate(input, opts = {}) {
      refuseInput(SingingRulesSchema, input);
      const ctx: CallContext = {
        action: 'make the singing video',
        counter: 'key_singing_credits',
        fieldNames: SINGING_FIELDS,
        mayCharge: true,
      };
      return videoCall(t, {
        method: 'POST',
        path: '/v1/singing/generate',
        json: { audio_url: input.audioUrl, image_url: input.imageUrl },
        signal: opts.signal,
        timeoutMs: opts.timeoutMs ?? longTimeoutMs,
        ctx,
      });
    },

    async subtitlesVideo(input, opts = {}) {
      refuseInput(SubtitlesRulesSchema, input);
      const ctx: CallContext = {
        action: 'make the subtitle video',
        counter: 'key_singing_credits',
        fieldNames: SINGING_FIELDS,
        mayCharge: true,
      };
      return videoCall(t, {
        method: 'POST',
        path: '/v1/singing/generate-subtitles-video',
        json: { video_url: input.videoUrl },
        signal: opts.signal,
        timeoutMs: opts.timeoutMs ?? longTimeoutMs,
        ctx,
      });
    },
  };
}
