import {
  CoverResultSchema,
  CustomSingerTaskSchema,
  SingerSchema,
  type CoverResult,
  type CustomSingerTask,
  type Singer,
  type TrainingStatus,
} from '@shared/domain/service';
import {
  refuseInput,
  CoverFieldsSchema,
  TrainSingerRulesSchema,
  type TrainSingerInput,
} from '@shared/domain/service-inputs';
import { COVER_UPLOAD_MAX_BYTES, UPLOAD_AUDIO_EXTENSIONS } from '@shared/domain/service-limits';
import { badResponse, type CallContext } from './errors';
import { AUDIO_URL_NAMES, findId, findUrl, TASK_ID_NAMES } from './find';
import { isObject, pick, pickStr, pickUrl, redact, str } from '../ground/lenient';
import {
  audioFileCheck,
  describeFile,
  multipartBody,
  type UploadFileInfo,
  type UploadOptions,
} from './multipart';
import { recordList } from './song-records';
import type { CallOptions } from './songs';
import type { Transport } from './transport';

export interface CoverInput {
  /** A built-in singer's id (an integer) or a custom singer's training id. */
  singerId: string | number;
  isCustomSinger: boolean;
  /** Key change in semitones (`tran`); default 0. */
  tranSemitones?: number;
  /** A local audio file (main-side path), or … */
  filePath?: string;
  /** … a link to a video on a video-sharing site. */
  videoSiteUrl?: string;
}

export interface CoversApi {
  /** POST /v1/cover (multipart, synchronous and long): the cover's audio URL. */
  create(input: CoverInput, opts?: UploadOptions): Promise<CoverResult>;
  /** GET /v1/singers: built-in singers. */
  singers(opts?: CallOptions): Promise<Singer[]>;
  /** POST /v1/cover/generate-custom-singer: starts training from audio URLs; answers the task. */
  trainSinger(input: TrainSingerInput, opts?: CallOptions): Promise<CustomSingerTask>;
  /** GET /v1/cover/generate-custom-singer/tasks (optionally only `ids`). */
  trainingTasks(ids?: readonly string[], opts?: CallOptions): Promise<CustomSingerTask[]>;
}

const COVER_FIELDS: Record<string, string> = {
  singer_id: 'singerId',
  video_site_url: 'videoSiteUrl',
  tran: 'tranSemitones',
  file: 'filePath',
  is_custom_singer: 'isCustomSinger',
};

export function trainingStatus(raw: string | undefined): TrainingStatus {
  const s = (raw ?? '').trim().toLowerCase();
  if (/^(pending|queued|queue|waiting|submitted|created|0)$/.test(s)) return 'queued';
  if (/^(running|processing|training|in[_ ]?progress|started|1)$/.test(s)) return 'running';
  if (/^(complete|completed|success|succeeded|finished|done|ready|2)$/.test(s)) return 'complete';
  if (/^(failed|failure|fail|error|errored|cancelled|canceled|-1|3)$/.test(s)) return 'failed';
  return 'unknown';
}

function trainingTaskFromRecord(rec: unknown, key?: string): CustomSingerTask | undefined {
  if (!isObject(rec)) return undefined;
  const id = pickStr(rec, 'id', 'task_id', 'taskId');
  if (!id) return undefined;
  const rawStatus = str(pick(rec, 'status', 'state'));
  const task: CustomSingerTask = { id, status: trainingStatus(rawStatus), raw: redact(rec, key) };
  if (rawStatus !== undefined) task.rawStatus = rawStatus;
  const parsed = CustomSingerTaskSchema.safeParse(task);
  return parsed.success ? parsed.data : undefined;
}

export function createCoversApi(t: Transport, longTimeoutMs: number): CoversApi {
  return {
    async create(input, opts = {}) {
      const link = input.videoSiteUrl?.trim() ?? '';
      refuseInput(CoverFieldsSchema, {
        singerId: input.singerId,
        tranSemitones: input.tranSemitones,
        hasFile: !!input.filePath,
        videoSiteUrl: link,
      });
      let info: UploadFileInfo | undefined;
      if (input.filePath) {
        info = await describeFile({ field: 'file', inputField: 'filePath', path: input.filePath });
        await audioFileCheck(UPLOAD_AUDIO_EXTENSIONS, COVER_UPLOAD_MAX_BYTES)(info);
        await opts.checkFile?.(info);
      }
      const fields: [string, string][] = [
        // Multipart carries text: a custom singer's training id goes as the string it is.
        ['singer_id', String(input.singerId).trim()],
        ['video_site_url', info ? '' : link],
        ['tran', String(input.tranSemitones ?? 0)],
        ['is_custom_singer', input.isCustomSinger ? 'true' : 'false'],
      ];
      // With a link, `file` goes as an empty field, as real clients send it.
      if (!info) fields.push(['file', '']);
      const body = multipartBody(fields, info ? [{ field: 'file', info }] : [], opts.onProgress);
      const ctx: CallContext = {
        action: 'make the cover',
        counter: 'key_cover_counts',
        fieldNames: COVER_FIELDS,
        mayCharge: true,
      };
      const answer = await t.enveloped({
        method: 'POST',
        path: '/v1/cover',
        body,
        signal: opts.signal,
        timeoutMs: opts.timeoutMs ?? longTimeoutMs,
        ctx,
      });
      const audioUrl = findUrl(answer.data ?? answer.body, AUDIO_URL_NAMES);
      if (!audioUrl) throw badResponse(ctx, 'no audio link in it', answer.body, answer.key);
      const rec = isObject(answer.data) ? answer.data : {};
      const result: CoverResult = { audioUrl, raw: redact(answer.body, answer.key) };
      const imageUrl = pickUrl(rec, 'image_url', 'image', 'cover_url', 'image_file');
      if (imageUrl) result.imageUrl = imageUrl;
      const title = pickStr(rec, 'title', 'name');
      if (title) result.title = title;
      return CoverResultSchema.parse(result);
    },

    async singers(opts = {}) {
      const ctx: CallContext = { action: 'load the singers' };
      const { data, body, key } = await t.enveloped({
        method: 'GET',
        path: '/v1/singers',
        signal: opts.signal,
        ctx,
      });
      const source = isObject(body) && !('status' in body) ? body : data;
      const list = Array.isArray(source)
        ? source
        : isObject(source)
          ? pick(source, 'Singers', 'singers', 'data')
          : undefined;
      if (!Array.isArray(list)) throw badResponse(ctx, 'no singer list in it', body, key);
      const singers: Singer[] = [];
      for (const rec of list) {
        if (!isObject(rec)) continue;
        const id = pickStr(rec, 'singer_id', 'singerId', 'id');
        if (!id) continue;
        const parsed = SingerSchema.safeParse({
          id,
          name: pickStr(rec, 'singer_name', 'singerName', 'name') ?? id,
          isCustom: false,
        });
        if (parsed.success) singers.push(parsed.data);
      }
      return singers;
    },

    async trainSinger(input, opts = {}) {
      refuseInput(TrainSingerRulesSchema, input);
      const ctx: CallContext = {
        action: 'start training the singer',
        counter: 'key_vc_counts',
        mayCharge: true,
      };
      const { data, body, key } = await t.enveloped({
        method: 'POST',
        path: '/v1/cover/generate-custom-singer',
        json: { urls: input.urls },
        signal: opts.signal,
        timeoutMs: opts.timeoutMs ?? longTimeoutMs,
        ctx,
      });
      const id = findId(data, [...TASK_ID_NAMES, 'singer_id', 'model_id']);
      if (!id) throw badResponse(ctx, 'no training task id in it', body, key);
      const rawStatus = isObject(data) ? str(pick(data, 'status', 'state')) : undefined;
      const task: CustomSingerTask = {
        id,
        status: rawStatus === undefined ? 'queued' : trainingStatus(rawStatus),
        raw: redact(body, key),
      };
      if (rawStatus !== undefined) task.rawStatus = rawStatus;
      return CustomSingerTaskSchema.parse(task);
    },

    async trainingTasks(ids = [], opts = {}) {
      const ctx: CallContext = { action: 'check on the singer training' };
      const query = ids.length > 0 ? { ids: ids.join(',') } : undefined;
      const { data, key } = await t.enveloped({
        method: 'GET',
        path: '/v1/cover/generate-custom-singer/tasks',
        ...(query ? { query } : {}),
        signal: opts.signal,
        ctx,
      });
      const wanted = new Set(ids);
      return recordList(data)
        .map((r) => trainingTaskFromRecord(r, key))
        .filter(
          (task): task is CustomSingerTask =>
            task !== undefined && (wanted.size === 0 || wanted.has(task.id)),
        );
    },
  };
}
