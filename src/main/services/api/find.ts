import { httpUrl, isObject, pickStr, pickUrl, type Json } from '../ground/lenient';

/**
 * Finding a URL or an id in answers whose shape is not documented (covers, singing videos,
 * custom singer training): look in `data` (or the answer itself) under the likely names, one
 * level deep in nested objects and in the first item of a list.
 */

function candidates(value: unknown): Json[] {
  const out: Json[] = [];
  const visit = (v: unknown, depth: number): void => {
    if (depth > 2) return;
    if (Array.isArray(v)) {
      if (v.length > 0) visit(v[0], depth + 1);
      return;
    }
    if (!isObject(v)) return;
    out.push(v);
    for (const inner of Object.values(v))
      if (isObject(inner) || Array.isArray(inner)) visit(inner, depth + 1);
  };
  visit(value, 0);
  return out;
}

export function findUrl(data: unknown, names: readonly string[]): string | undefined {
  const direct = httpUrl(data) ?? (Array.isArray(data) ? httpUrl(data[0]) : undefined);
  if (direct) return direct;
  for (const obj of candidates(data)) {
    const u = pickUrl(obj, ...names);
    if (u) return u;
  }
  return undefined;
}

export function findId(data: unknown, names: readonly string[]): string | undefined {
  if (typeof data === 'string' && data.trim() && !httpUrl(data)) return data.trim();
  if (typeof data === 'number' && Number.isFinite(data)) return String(data);
  for (const obj of candidates(data)) {
    const id = pickStr(obj, ...names)?.trim();
    if (id) return id;
  }
  return undefined;
}

export const AUDIO_URL_NAMES = [
  'audio_url',
  'audio',
  'oss_url',
  'url',
  'audio_file',
  'audioUrl',
  'file_url',
  'result_url',
] as const;
export const VIDEO_URL_NAMES = [
  'video_url',
  'url',
  'video',
  'oss_url',
  'videoUrl',
  'mp4_url',
  'result_url',
  'file_url',
] as const;
export const TASK_ID_NAMES = ['task_id', 'taskId', 'id', 'job_id', 'jobId'] as const;
