import { AppError } from '@shared/errors';
import { appError, keyedFields } from '@shared/app-error';
import {
  CloneResultSchema,
  CloneVoiceSchema,
  TtsResultSchema,
  VoiceSchema,
  type CloneResult,
  type CloneVoice,
  type TtsResult,
  type Voice,
} from '@shared/domain/service';
import {
  CloneFieldsSchema,
  refuseInput,
  TtsInputSchema,
  type TtsInput,
} from '@shared/domain/service-inputs';
import { CLONE_UPLOAD_MAX_BYTES, UPLOAD_AUDIO_EXTENSIONS } from '@shared/domain/service-limits';
import { badResponse, serviceMessage, type CallContext } from './errors';
import {
  bool,
  httpUrl,
  int,
  isObject,
  pick,
  pickStr,
  pickUrl,
  redact,
  type Json,
} from '../ground/lenient';
import { audioFileCheck, describeFile, multipartBody, type UploadOptions } from './multipart';
import type { CallOptions } from './songs';
import type { Transport } from './transport';

export interface CloneInput {
  name: string;
  description?: string;
  /** Local audio files (main-side paths, registered by the files service). */
  files: readonly string[];
}

export interface VoicesApi {
  /** GET /v1/voices_list. */
  list(opts?: CallOptions): Promise<Voice[]>;
  /** GET /v1/clone_voices_list: the key's own cloned voices. */
  listClones(opts?: CallOptions): Promise<CloneVoice[]>;
  /** DELETE /v1/clone_voice_del/{speaker}; a voice that is already gone counts as deleted. */
  deleteClone(speaker: string, opts?: CallOptions): Promise<void>;
  /** POST /v1/text2speech: the URL of the spoken audio (WAV). */
  tts(input: TtsInput, opts?: CallOptions): Promise<TtsResult>;
  /** POST /v1/clone (multipart, streamed from disk). */
  clone(input: CloneInput, opts?: UploadOptions): Promise<CloneResult>;
}

export function voiceFromRecord(rec: unknown): Voice | undefined {
  if (!isObject(rec)) return undefined;
  const speaker = pickStr(rec, 'speaker', 'speaker_id', 'speakerId');
  if (!speaker) return undefined;
  const classNames = (pickStr(rec, 'classnamearray', 'classNameArray', 'class_name_array') ?? '')
    .split(/[;；]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const urllist = pick(rec, 'urllist', 'urlList', 'url_list');
  const sample = Array.isArray(urllist)
    ? urllist.map(httpUrl).find(Boolean)
    : firstUrlIn(pickStr(rec, 'urllist', 'urlList', 'url_list'));
  const voice: Record<string, unknown> = {
    speaker,
    name: pickStr(rec, 'name') ?? speaker,
    language: pickStr(rec, 'Languagename', 'languageName', 'LanguageName', 'language') ?? '',
    classNames,
    classification: pickStr(rec, 'classification'),
    type: pickStr(rec, 'type'),
    plan: int(pick(rec, 'plan')),
    description: pickStr(rec, 'describe', 'description'),
    isFree: bool(pick(rec, 'isFree', 'is_free', 'isfree')) ?? false,
    isVip: bool(pick(rec, 'isvip', 'isVip', 'is_vip')) ?? false,
    isHot: bool(pick(rec, 'typeishot', 'typeIsHot', 'type_is_hot')) ?? false,
    isNew: bool(pick(rec, 'voiceisnew', 'voiceIsNew', 'voice_is_new')) ?? false,
    trending: bool(pick(rec, 'trending')) ?? false,
    avatarUrl: pickUrl(rec, 'avatar_url', 'avatarUrl'),
    sampleUrl: sample,
  };
  for (const k of Object.keys(voice)) if (voice[k] === undefined) delete voice[k];
  const parsed = VoiceSchema.safeParse(voice);
  return parsed.success ? parsed.data : undefined;
}

function firstUrlIn(text: string | undefined): string | undefined {
  if (!text) return undefined;
  for (const part of text.split(/[\s,;]+/)) {
    const u = httpUrl(part);
    if (u) return u;
  }
  return undefined;
}

function cloneVoiceFromRecord(rec: unknown): CloneVoice | undefined {
  if (typeof rec === 'string' && rec.trim()) return { speaker: rec.trim(), name: rec.trim() };
  if (!isObject(rec)) return undefined;
  const speaker = pickStr(rec, 'speaker', 'speaker_id', 'speakerId', 'voice_id', 'id');
  if (!speaker) return undefined;
  const out: Record<string, unknown> = {
    speaker,
    name: pickStr(rec, 'name', 'speaker_name', 'voice_name', 'title') ?? speaker,
    description: pickStr(rec, 'description', 'describe'),
    createdAt: pickStr(rec, 'created_at', 'createdAt', 'create_time'),
    sampleUrl: pickUrl(rec, 'audio_url', 'url', 'urllist', 'sample_url'),
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  const parsed = CloneVoiceSchema.safeParse(out);
  return parsed.success ? parsed.data : undefined;
}

/** The list under `key` (any spelling), in `data`, or the answer itself. */
function listUnder(body: unknown, ...keys: string[]): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return undefined;
  const direct = pick(body, ...keys);
  if (Array.isArray(direct)) return direct;
  if (body.data !== undefined) return listUnder(body.data, ...keys);
  return undefined;
}

/** The new voice's id, wherever the answer put it. */
export function cloneSpeaker(body: unknown): string | undefined {
  const look = (o: Json): string | undefined => pickStr(o, 'speaker', 'speaker_id', 'speakerId');
  if (!isObject(body)) return undefined;
  return (
    look(body) ??
    (isObject(body.data)
      ? look(body.data)
      : typeof body.data === 'string' && body.data.trim()
        ? body.data.trim()
        : undefined)
  );
}

export function createVoicesApi(t: Transport, longTimeoutMs: number): VoicesApi {
  const listCtx: CallContext = { action: 'load the voices' };
  return {
    async list(opts = {}) {
      const { data, body, key } = await t.enveloped({
        method: 'GET',
        path: '/v1/voices_list',
        signal: opts.signal,
        ctx: listCtx,
      });
      const list = listUnder(
        isObject(body) && !('status' in body) ? body : data,
        'Voice',
        'voices',
        'voice',
      );
      if (!list) throw badResponse(listCtx, 'no voice list in it', body, key);
      return list.map(voiceFromRecord).filter((v): v is Voice => v !== undefined);
    },

    async listClones(opts = {}) {
      const ctx: CallContext = { action: 'load your cloned voices' };
      const { data, body, key } = await t.enveloped({
        method: 'GET',
        path: '/v1/clone_voices_list',
        signal: opts.signal,
        ctx,
      });
      const list =
        listUnder(
          isObject(body) && !('status' in body) ? body : data,
          'clone_voices',
          'cloneVoices',
          'voices',
        ) ??
        (data === undefined || (isObject(data) && Object.keys(data).length === 0) ? [] : undefined);
      if (!list) throw badResponse(ctx, 'no voice list in it', body, key);
      return list.map(cloneVoiceFromRecord).filter((v): v is CloneVoice => v !== undefined);
    },

    async deleteClone(speaker, opts = {}) {
      if (!speaker.trim())
        throw appError(
          'validation',
          'errors:api.chooseVoice',
          {},
          keyedFields({ speaker: { key: 'errors:api.chooseVoice' } }),
        );
      const ctx: CallContext = { action: 'delete the voice' };
      try {
        await t.enveloped({
          method: 'DELETE',
          path: `/v1/clone_voice_del/${encodeURIComponent(speaker)}`,
          signal: opts.signal,
          ctx,
        });
      } catch (e) {
        // "speaker not exist": it is already gone, which is what the creator wanted.
        if (
          e instanceof AppError &&
          (e.code === 'in_band' || e.code === 'not_found') &&
          /not\s*exist|not\s*found/i.test(serviceMessage(e.raw) ?? '')
        )
          return;
        throw e;
      }
    },

    async tts(input, opts = {}) {
      refuseInput(TtsInputSchema, input);
      const ctx: CallContext = {
        action: 'speak the text',
        counter: 'key_words_counts',
        mayCharge: true,
      };
      const json: Record<string, unknown> = { text: input.text, speaker: input.speaker };
      if (input.emotion) json.emotion = input.emotion;
      const { data, body, key } = await t.enveloped({
        method: 'POST',
        path: '/v1/text2speech',
        json,
        signal: opts.signal,
        timeoutMs: opts.timeoutMs ?? longTimeoutMs,
        ctx,
      });
      const rec = isObject(data) ? data : {};
      const audioUrl = pickUrl(rec, 'oss_url', 'audio_url', 'url', 'audio');
      if (!audioUrl) throw badResponse(ctx, 'no audio link in it', body, key);
      const out: Record<string, unknown> = {
        audioUrl,
        speaker: pickStr(rec, 'speaker'),
        name: pickStr(rec, 'name'),
        type: pickStr(rec, 'type'),
      };
      for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
      return TtsResultSchema.parse(out);
    },

    async clone(input, opts = {}) {
      refuseInput(CloneFieldsSchema, {
        name: input.name,
        description: input.description,
        fileCount: input.files.length,
      });
      const infos = await Promise.all(
        input.files.map((path) => describeFile({ field: 'files', inputField: 'files', path })),
      );
      const ownCheck = audioFileCheck(UPLOAD_AUDIO_EXTENSIONS, CLONE_UPLOAD_MAX_BYTES);
      for (const info of infos) {
        await ownCheck(info);
        await opts.checkFile?.(info);
      }
      const ctx: CallContext = {
        action: 'clone the voice',
        counter: 'key_clone_voices',
        mayCharge: true,
      };
      const body = multipartBody(
        [
          ['name', input.name],
          ['description', input.description ?? ''],
        ],
        infos.map((info) => ({ field: 'files', info })),
        opts.onProgress,
      );
      const answer = await t.enveloped({
        method: 'POST',
        path: '/v1/clone',
        body,
        signal: opts.signal,
        timeoutMs: opts.timeoutMs ?? longTimeoutMs,
        ctx,
      });
      const speaker = cloneSpeaker(answer.body) ?? cloneSpeaker({ data: answer.data });
      if (!speaker) throw badResponse(ctx, 'no voice id in it', answer.body, answer.key);
      return CloneResultSchema.parse({ speaker, raw: redact(answer.body, answer.key) });
    },
  };
}
