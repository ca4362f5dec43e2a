import { EMOTIONS, VOICE_SEEDS, voiceItem, voiceSpeaker } from '../catalog';
import { delay, exhausted, inBand, ok, readJson, sendJson, type Ctx } from '../http';
import { readMultipart } from '../multipart';
import { Validator, fieldError } from '../validate';
import type { Route } from './route';

/** TTS audio length: 300 ms plus 60 ms per character. */
export function ttsDurationMs(text: string): number {
  return 300 + 60 * [...text].length;
}

function voicesList(ctx: Ctx): void {
  const camel = ctx.state.shape('voices', 'spec') === 'camel';
  sendJson(ctx.res, 200, {
    Voice: VOICE_SEEDS.map((s) => voiceItem(s, ctx.state.mediaUrl, camel)),
  });
}

function cloneVoicesList(ctx: Ctx): void {
  const clone_voices = [...ctx.state.clones.values()].map((c) => ({
    speaker: c.speaker,
    name: c.name,
    description: c.description,
    urllist: `${ctx.state.mediaUrl}/media/sample/${c.speaker}.wav`,
    created_at: new Date(c.createdAt).toISOString().slice(0, 19),
  }));
  sendJson(ctx.res, 200, { clone_voices });
}

function findVoiceName(ctx: Ctx, speaker: string): string | undefined {
  const seed = VOICE_SEEDS.find((s) => voiceSpeaker(s) === speaker);
  if (seed) return seed.name;
  return ctx.state.clones.get(speaker)?.name;
}

async function textToSpeech(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx);
  if (!body) return;
  const v = new Validator(body);
  const text = v.str('text', { required: true, min: 1, max: 500 });
  const speaker = v.str('speaker', { required: true, min: 1 });
  const emotion = v.str('emotion');
  if (emotion !== undefined && emotion !== '') {
    const known = EMOTIONS.some((e) => e.toLowerCase() === emotion.toLowerCase());
    if (!known) v.valueError('emotion', `unknown emotion '${emotion}'`, emotion);
  }
  if (v.answer(ctx) || text === undefined || speaker === undefined) return;
  const name = findVoiceName(ctx, speaker);
  if (!name) return inBand(ctx, 400, 'speaker not exist');
  if (!ctx.state.spend('key_words_counts', [...text].length))
    return exhausted(ctx, 'key_words_counts');
  await delay(ctx.state.config.stepMs);
  const id = ctx.state.newId();
  ctx.state.ttsAudio.set(id, ttsDurationMs(text));
  ok(ctx, { type: 'wav', name, speaker, oss_url: `${ctx.state.mediaUrl}/media/tts/${id}.wav` });
}

const CLONE_FILE_FIELDS = /^(files(\.\d+(\.items)?)?|audio|file)$/;

async function clone(ctx: Ctx): Promise<void> {
  const form = await readMultipart(ctx);
  const name = (form.fields.name ?? '').trim();
  const audio = form.files.filter((f) => CLONE_FILE_FIELDS.test(f.field) && f.size > 0);
  const errors = [];
  if (!name)
    errors.push({ type: 'missing', loc: ['body', 'name'], msg: 'Field required', input: null });
  if (audio.length === 0) {
    errors.push({ type: 'missing', loc: ['body', 'files'], msg: 'Field required', input: null });
  }
  if (errors.length) return sendJson(ctx.res, 422, { detail: errors });
  const tooShort = audio.find((f) => f.size < 1024);
  if (tooShort)
    return inBand(ctx, 400, `audio file ${tooShort.filename} is too short to clone a voice`);
  if (!ctx.state.spend('key_clone_voices')) return exhausted(ctx, 'key_clone_voices');
  await delay(ctx.state.config.stepMs);
  const speaker = ctx.state.newId();
  ctx.state.clones.set(speaker, {
    speaker,
    name,
    description: form.fields.description ?? '',
    createdAt: Date.now(),
  });
  switch (ctx.state.shape('clone', 'data_speaker')) {
    case 'data_speaker_id':
      return ok(ctx, { speaker_id: speaker, name });
    case 'speaker':
      return sendJson(ctx.res, 200, { speaker });
    case 'speaker_id':
      return sendJson(ctx.res, 200, { speaker_id: speaker });
    default:
      return ok(ctx, { speaker, name });
  }
}

function deleteClone(ctx: Ctx): void {
  const speaker = ctx.params[0] ?? '';
  if (!speaker) return fieldError(ctx, ['path', 'speaker'], 'Field required', 'missing');
  if (!ctx.state.clones.delete(speaker)) return inBand(ctx, 400, 'speaker not exist');
  ok(ctx, { speaker });
}

export const voiceRoutes: Route[] = [
  { method: 'GET', pattern: '/v1/voices_list', handler: voicesList },
  { method: 'GET', pattern: '/v1/clone_voices_list', handler: cloneVoicesList },
  { method: 'POST', pattern: '/v1/text2speech', handler: textToSpeech },
  { method: 'POST', pattern: '/v1/clone', handler: clone },
  { method: 'DELETE', pattern: /^\/v1\/clone_voice_del\/([^/]+)$/, handler: deleteClone },
];
