import { delay, exhausted, inBand, ok, readJson, type Ctx } from '../http';
import { ownMediaInfo } from '../media/library';
import { Validator } from '../validate';
import type { Route } from './route';

export const SINGING_AUDIO_MIN_S = 2;
export const SINGING_AUDIO_MAX_S = 30;
export const SINGING_IMAGE_MAX_BYTES = 4.7 * 1024 * 1024;

function videoData(shape: string, videoUrl: string): unknown {
  switch (shape) {
    case 'url':
    case 'video':
      return { [shape]: videoUrl };
    case 'nested':
      return { result: { video: videoUrl } };
    case 'none':
      return { job: 'accepted', eta_s: 30 };
    default:
      return { video_url: videoUrl };
  }
}

function httpUrl(v: Validator, name: string, value: string | undefined): void {
  if (value !== undefined && !/^https?:\/\/[^\s/]+/i.test(value)) {
    v.add({
      type: 'url_scheme',
      loc: ['body', name],
      msg: "URL scheme should be 'http' or 'https'",
      input: value,
      ctx: { expected_schemes: "'http' or 'https'" },
    });
  }
}

async function finish(ctx: Ctx, target: 'singing' | 'subtitles'): Promise<void> {
  if (!ctx.state.spend('key_singing_credits')) return exhausted(ctx, 'key_singing_credits');
  await delay(ctx.state.config.stepMs);
  const videoUrl = `${ctx.state.mediaUrl}/media/video/${ctx.state.newId()}.mp4`;
  ok(ctx, videoData(ctx.state.shape(target, 'video_url'), videoUrl));
}

async function singing(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx);
  if (!body) return;
  const v = new Validator(body);
  const audioUrl = v.str('audio_url', { required: true, min: 1 });
  const imageUrl = v.str('image_url', { required: true, min: 1 });
  httpUrl(v, 'audio_url', audioUrl);
  httpUrl(v, 'image_url', imageUrl);
  if (v.answer(ctx) || !audioUrl || !imageUrl) return;
  // Business validation where the emulator can know (its own media URLs).
  const audio = ownMediaInfo(ctx.state, audioUrl);
  if (
    audio?.durationS !== undefined &&
    (audio.durationS < SINGING_AUDIO_MIN_S || audio.durationS > SINGING_AUDIO_MAX_S)
  ) {
    return inBand(
      ctx,
      400,
      `Audio duration must be between 2 and 30 seconds (got ${audio.durationS} s)`,
    );
  }
  const image = ownMediaInfo(ctx.state, imageUrl);
  if (image?.sizeBytes !== undefined && image.sizeBytes > SINGING_IMAGE_MAX_BYTES) {
    return inBand(ctx, 400, 'Image must be at most 4.7 MB');
  }
  await finish(ctx, 'singing');
}

async function subtitles(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx);
  if (!body) return;
  const v = new Validator(body);
  const videoUrl = v.str('video_url', { required: true, min: 1 });
  httpUrl(v, 'video_url', videoUrl);
  if (v.answer(ctx) || !videoUrl) return;
  await finish(ctx, 'subtitles');
}

export const singingRoutes: Route[] = [
  { method: 'POST', pattern: '/v1/singing/generate', handler: singing },
  { method: 'POST', pattern: '/v1/singing/generate-subtitles-video', handler: subtitles },
];
