/**
 * Which URLs the HTTP policy requests and where a redirect leads: http(s) only, no credentials in
 * a link, a redirect's destination resolved against the hop it came from (303, and 301/302 after a
 * POST, become GET). The policy's loop (policy.ts) applies these at every hop.
 */
import { appError } from '@shared/app-error';

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Checks a URL the policy is about to request: http(s) only, no credentials in it. */
export function requestableUrl(raw: URL | string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw appError('forbidden', 'errors:http.invalidLink');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw appError('forbidden', 'errors:http.httpOnly');
  if (url.username || url.password) throw appError('forbidden', 'errors:http.credentials');
  return url;
}

/** Follows one redirect answer: the next URL and method, or an AppError. */
export function nextHop(
  current: URL,
  status: number,
  location: string | undefined,
  method: string,
): { url: URL; method: string } {
  if (!location)
    throw appError(
      'bad_response',
      'errors:http.redirectNoDestination',
      {},
      {
        detail: `HTTP ${status}`,
      },
    );
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    throw appError('bad_response', 'errors:http.redirectInvalid');
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw appError('forbidden', 'errors:http.redirectNotHttp');
  }
  const toGet = status === 303 || ((status === 301 || status === 302) && method === 'POST');
  return { url: next, method: toGet ? 'GET' : method };
}
