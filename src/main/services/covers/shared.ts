/** Small helpers the covers and videos services share. */
import { isHttpUrl } from '@shared/domain/service-inputs';
import { appError, keyedFields, wrapError } from '@shared/app-error';
import { AppError } from '@shared/errors';
import type { Link, MeasuredLink } from '@shared/ipc/covers';
import type { Library } from '../library/library';
import type { Measurement } from './measure';

/** A link ready to measure and send: the URL and what to call it in messages. */
export interface ResolvedLink {
  url: string;
  label: string;
  /** The library item it came from, if any. */
  itemId?: string;
}

export function resolveLink(link: Link, library: Library | undefined): ResolvedLink {
  if (link.kind === 'url') return { url: link.url.trim(), label: link.url.trim() };
  const item = library?.get(link.itemId);
  if (!item) throw appError('not_found', 'errors:library.itemGone');
  if (!item.source_url || !isHttpUrl(item.source_url)) {
    throw appError(
      'validation',
      'errors:covers.noLink',
      { title: item.title },
      keyedFields({ urls: { key: 'errors:fields.noServiceLink' } }),
    );
  }
  return { url: item.source_url, label: item.title, itemId: item.id };
}

/** What a job records of a link: the library item it came from, else the URL (Retry resolves it again). */
export function linkIntent(link: ResolvedLink): Link {
  return link.itemId ? { kind: 'library', itemId: link.itemId } : { kind: 'url', url: link.url };
}

/** The links a job recorded (`Link`s), or its URLs as earlier versions recorded them. */
export function recordedLink(v: unknown): Link | null {
  if (typeof v === 'string') return { kind: 'url', url: v };
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  if (r.kind === 'library' && typeof r.itemId === 'string')
    return { kind: 'library', itemId: r.itemId };
  if (r.kind === 'url' && typeof r.url === 'string') return { kind: 'url', url: r.url };
  return null;
}

export function measuredView(label: string, m: Measurement): MeasuredLink {
  return {
    label,
    format: m.format,
    durationS: m.durationS,
    sizeBytes: m.sizeBytes,
    problem: m.problem,
    ...(m.problemKey ? { problemKey: m.problemKey } : {}),
  };
}

/** "4:59", "45:00" */
export function minutesSeconds(totalS: number): string {
  const s = Math.floor(totalS + 1e-6);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const jsonExcerpt = (v: unknown, n = 300): string => {
  let s: string;
  try {
    s = JSON.stringify(v) ?? '';
  } catch {
    s = '';
  }
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
};

/**
 * An answer whose shape fits nothing (API-NOTES "Not known at all"): the message says what the
 * service did say (its `message` and `data`), and the raw answer stays on the error for the job.
 */
export function withRawMessage(e: unknown): unknown {
  if (!(e instanceof AppError) || e.code !== 'bad_response' || e.raw === undefined) return e;
  const raw = e.raw as { message?: unknown; data?: unknown } | null;
  const said =
    raw && typeof raw === 'object'
      ? [
          typeof raw.message === 'string' ? raw.message : '',
          raw.data !== undefined ? jsonExcerpt(raw.data) : '',
        ]
          .filter(Boolean)
          .join(' — ')
      : jsonExcerpt(raw);
  if (!said) return e;
  return wrapError(
    'bad_response',
    e,
    'errors:serviceSaid',
    { said },
    { raw: e.raw, ...(e.httpStatus !== undefined ? { httpStatus: e.httpStatus } : {}) },
  );
}
