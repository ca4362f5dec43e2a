import { SINGERS } from '../catalog';
import { delay, exhausted, inBand, ok, readJson, sendJson, type Ctx } from '../http';
import { ownMediaInfo } from '../media/library';
import { mp3DurationMs } from '../media/mp3';
import { readMultipart } from '../multipart';
import { Validator } from '../validate';
import type { Route } from './route';

export const TRAINING_MIN_S = 5 * 60;
export const TRAINING_MAX_S = 45 * 60;

function singers(ctx: Ctx): void {
  sendJson(ctx.res, 200, { Singers: SINGERS });
}

function truthy(v: string | undefined): boolean {
  return v !== undefined && ['true', '1', 'yes', 'on'].includes(v.trim().toLowerCase());
}

function coverData(shape: string, audioUrl: string): unknown {
  switch (shape) {
    case 'audio':
    case 'oss_url':
    case 'url':
    case 'audio_file':
      return { [shape]: audioUrl };
    case 'nested':
      return { result: { audio_url: audioUrl } };
    case 'none':
      return { state: 'done', note: 'cover finished' };
    default:
      return { audio_url: audioUrl };
  }
}

async function cover(ctx: Ctx): Promise<void> {
  const form = await readMultipart(ctx);
  const f = form.fields;
  const singerId = (f.singer_id ?? '').trim();
  const link = (f.video_site_url ?? f.youtube_url ?? '').trim();
  const upload = form.files.find((p) => /^file(\.\d+)?$/.test(p.field) && p.size > 0);
  const v = new Validator(f);
  if (!singerId)
    v.add({ type: 'missing', loc: ['body', 'singer_id'], msg: 'Field required', input: null });
  v.int('tran', { min: -12, max: 12 });
  if (link && !/^https?:\/\//i.test(link)) {
    v.add({
      type: 'url_scheme',
      loc: ['body', 'video_site_url'],
      msg: "URL scheme should be 'http' or 'https'",
      input: link,
      ctx: { expected_schemes: "'http' or 'https'" },
    });
  }
  if (v.answer(ctx)) return;
  if (!upload && !link) return inBand(ctx, 400, 'Please upload an audio file or give a video link');
  if (truthy(f.is_custom_singer)) {
    const task = ctx.state.trainings.get(singerId);
    if (!task) return inBand(ctx, 400, 'singer not exist');
    const status = ctx.state.trainingStatus(task);
    if (status !== 'success') return inBand(ctx, 400, `custom singer is not ready (${status})`);
  } else if (!SINGERS.some((s) => String(s.singer_id) === singerId)) {
    return inBand(ctx, 400, 'singer not exist');
  }
  if (!ctx.state.spend('key_cover_counts')) return exhausted(ctx, 'key_cover_counts');
  await delay(ctx.state.config.stepMs);
  const id = ctx.state.newId();
  ctx.state.coverAudio.set(id, mp3DurationMs(ctx.state.config.songDurationMs));
  const audioUrl = `${ctx.state.mediaUrl}/media/cover/${id}.mp3`;
  ok(ctx, coverData(ctx.state.shape('cover', 'audio_url'), audioUrl));
}

function taskIdData(shape: string, taskId: string): unknown {
  switch (shape) {
    case 'id':
      return { id: taskId };
    case 'string':
      return taskId;
    case 'nested':
      return { task: { id: taskId, status: 'pending' } };
    case 'none':
      return { accepted: true };
    default:
      return { task_id: taskId };
  }
}

async function trainSinger(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx);
  if (!body) return;
  const v = new Validator(body);
  const urls = body.urls;
  if (urls === undefined || urls === null) {
    v.add({ type: 'missing', loc: ['body', 'urls'], msg: 'Field required', input: body });
  } else if (!Array.isArray(urls)) {
    v.add({
      type: 'list_type',
      loc: ['body', 'urls'],
      msg: 'Input should be a valid list',
      input: urls,
    });
  } else {
    if (urls.length === 0) {
      v.add({
        type: 'too_short',
        loc: ['body', 'urls'],
        msg: 'List should have at least 1 item after validation, not 0',
        input: urls,
        ctx: { field_type: 'List', min_length: 1, actual_length: 0 },
      });
    }
    urls.forEach((u, i) => {
      if (typeof u !== 'string' || !/^https?:\/\/[^\s/]+/i.test(u)) {
        v.add({
          type: 'url_scheme',
          loc: ['body', 'urls', i],
          msg: "URL scheme should be 'http' or 'https'",
          input: u,
          ctx: { expected_schemes: "'http' or 'https'" },
        });
      }
    });
  }
  if (v.answer(ctx) || !Array.isArray(urls)) return;
  const list = urls as string[];
  // Business check, where the emulator can know: total duration of its own media.
  const infos = list.map((u) => ownMediaInfo(ctx.state, u));
  if (infos.every((i) => i?.durationS !== undefined)) {
    const totalS = infos.reduce((sum, i) => sum + (i?.durationS ?? 0), 0);
    if (totalS < TRAINING_MIN_S || totalS > TRAINING_MAX_S) {
      return inBand(
        ctx,
        400,
        `The total audio duration must be 5 to 45 minutes (got ${Math.round(totalS)} s)`,
      );
    }
  }
  if (!ctx.state.spend('key_vc_counts')) return exhausted(ctx, 'key_vc_counts');
  const taskId = ctx.state.newId();
  ctx.state.trainings.set(taskId, {
    taskId,
    urls: list,
    createdAt: ctx.state.now(),
    willFail: list.some((u) => u.includes('fail')),
    maxStep: 0,
    held: ctx.state.holdTrainings,
  });
  ok(ctx, taskIdData(ctx.state.shape('customSinger', 'task_id'), taskId));
}

function trainingTasks(ctx: Ctx): void {
  const q = ctx.url.searchParams;
  const raw = q.get('task_id') ?? q.get('ids') ?? q.get('id') ?? q.get('task_ids') ?? '';
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const all = [...ctx.state.trainings.values()];
  const picked = ids.length ? all.filter((t) => ids.includes(t.taskId)) : all;
  const items = picked.map((t) => ({ id: t.taskId, status: ctx.state.trainingStatus(t) }));
  switch (ctx.state.shape('tasks', 'array')) {
    case 'envelope':
      return ok(ctx, items);
    case 'wrapped':
      return sendJson(ctx.res, 200, { data: items });
    default:
      return sendJson(ctx.res, 200, items);
  }
}

export const coverRoutes: Route[] = [
  { method: 'GET', pattern: '/v1/singers', handler: singers },
  { method: 'POST', pattern: '/v1/cover', handler: cover },
  { method: 'POST', pattern: '/v1/cover/generate-custom-singer', handler: trainSinger },
  { method: 'GET', pattern: '/v1/cover/generate-custom-singer/tasks', handler: trainingTasks },
];
