/**
 * Custom schemes inside the page: every request the page makes to a scheme main handles with
 * `protocol.handle` (e.g. `<audio src="cadenza-media://library/…">`, an avatar `<img>`) is
 * answered by that registered handler. Chromium knows nothing of the scheme, but its request
 * interception (Playwright's `page.route`, the DevTools Fetch domain) still sees the request
 * after the page's CSP allowed it, so the double forwards it — method, URL and every header,
 * `Range` included — as a web `Request` to the handler and fulfils it with the handler's
 * `Response` (status, headers, body). Range/206 answers therefore come from the app's own code.
 * See MEDIA.md for what this proves and what it cannot.
 */
import type { Page, Request as PageRequest, Route } from 'playwright-core';

/** One request of the page to a handled scheme, and what the handler answered. */
export interface SchemeRequestRecord {
  url: string;
  method: string;
  /** The `Range` header Chromium sent, if any. */
  range?: string;
  /** Chromium's resource type ("media", "image", "fetch", …). */
  resourceType: string;
  /** The handler's status; 0 when it threw (the page then sees a network error). */
  status: number;
  contentRange?: string;
  contentType?: string;
  /** Body bytes handed to the page. */
  bodyBytes: number;
  atMs: number;
}

/** What the bridge needs of the double's `protocol`. */
export interface HandledSchemes {
  isProtocolHandled(scheme: string): boolean;
  fetch(url: string, init?: RequestInit): Promise<Response>;
}

/** Schemes Chromium loads itself; everything else is a candidate for a registered handler. */
const BUILT_IN = new Set([
  'http:',
  'https:',
  'file:',
  'data:',
  'blob:',
  'about:',
  'chrome:',
  'devtools:',
  'ws:',
  'wss:',
]);

const schemeOf = (url: URL): string => url.protocol.replace(/:$/, '');

/**
 * Routes the page's requests to handled custom schemes into the registered handlers.
 * `log` receives one record per request (tests read it to see Range requests and 206 answers).
 */
export async function bridgeHandledSchemes(
  page: Page,
  protocol: HandledSchemes,
  log: SchemeRequestRecord[],
  startedAtMs: number,
): Promise<void> {
  await page.route(
    (url) => !BUILT_IN.has(url.protocol) && protocol.isProtocolHandled(schemeOf(url)),
    (route, request) => forwardToHandler(route, request, protocol, log, startedAtMs),
  );
}

/**
 * Answers one intercepted request with the handler of `url`'s scheme (`url` defaults to the
 * request's own; the stand-in origins of scheme-origin.ts pass the URL in Electron's terms).
 */
export async function forwardToHandler(
  route: Route,
  request: PageRequest,
  protocol: HandledSchemes,
  log: SchemeRequestRecord[],
  startedAtMs: number,
  url: string = request.url(),
): Promise<void> {
  const method = request.method();
  const headers = await request.allHeaders().catch(() => request.headers());
  const record: SchemeRequestRecord = {
    url,
    method,
    ...(headers.range ? { range: headers.range } : {}),
    resourceType: request.resourceType(),
    status: 0,
    bodyBytes: 0,
    atMs: Date.now() - startedAtMs,
  };
  log.push(record);
  let response: Response;
  try {
    const body =
      method === 'GET' || method === 'HEAD' ? undefined : (request.postDataBuffer() ?? undefined);
    response = await protocol.fetch(url, {
      method,
      headers: withoutPseudoHeaders(headers),
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
  } catch {
    // Electron answers a throwing handler with a failed load.
    await route.abort('failed').catch(() => undefined);
    return;
  }
  // Playwright fulfils from a buffer: the handler's body is read to its end first. The app's
  // handler answers finite bodies (a byte range of a file as it is now), so nothing is lost but
  // the time to the first byte of a large answer.
  const body =
    method === 'HEAD' || response.body === null
      ? Buffer.alloc(0)
      : Buffer.from(await response.arrayBuffer());
  const answered: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    answered[name] = value;
  });
  record.status = response.status;
  record.bodyBytes = body.length;
  if (answered['content-range']) record.contentRange = answered['content-range'];
  if (answered['content-type']) record.contentType = answered['content-type'];
  await route.fulfill({ status: response.status, headers: answered, body }).catch(() => undefined);
}

/** Header names a web Request refuses (HTTP/2 pseudo-headers Chromium may report). */
function withoutPseudoHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':')) out[name] = value;
  return out;
}
