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
import { serveLive } from './live-media';

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
 *
 * A media request to a scheme main registered **standard** (and secure) goes to that scheme's
 * stand-in origin (`origins`, scheme-origin.ts) by a redirect and is answered there — see
 * `bridgeStandInMedia` and MEDIA.md for why Chromium needs a tuple origin to load media in
 * more than one request.
 */
export async function bridgeHandledSchemes(
  page: Page,
  protocol: HandledSchemes,
  log: SchemeRequestRecord[],
  startedAtMs: number,
  origins?: StandInOrigins,
): Promise<void> {
  if (origins) await bridgeStandInMedia(page, protocol, origins, log, startedAtMs);
  await page.route(
    (url) => !BUILT_IN.has(url.protocol) && protocol.isProtocolHandled(schemeOf(url)),
    async (route, request) => {
      const standIn = request.resourceType() === 'media' ? origins?.toPage(request.url()) : null;
      if (standIn && standIn !== request.url()) {
        // Chromium re-sends the request (Range and all) to the stand-in origin, same method
        await route
          .fulfill({ status: 307, headers: { Location: standIn, 'Cache-Control': 'no-store' } })
          .catch(() => undefined);
        return;
      }
      await forwardToHandler(route, request, protocol, log, startedAtMs);
    },
  );
}

/** What the media bridge needs of scheme-origin.ts's mapping. */
export interface StandInOrigins {
  /** `cadenza-media://library/x` → `https://library.cadenza-media.invalid/x`, else unchanged. */
  toPage(url: string): string;
  /** The reverse, in Electron's terms. */
  fromPage(url: string): string;
  isStandIn(url: URL): boolean;
}

/** The handler's answer, its body read to the end. */
export interface HandlerAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Asks the handler of `url`'s scheme; null when it threw. */
async function callHandler(
  protocol: HandledSchemes,
  url: string,
  method: string,
  headers: Record<string, string>,
  postData: Buffer | null,
): Promise<Response | null> {
  try {
    const body = method === 'GET' || method === 'HEAD' ? undefined : (postData ?? undefined);
    return await protocol.fetch(url, {
      method,
      headers: withoutPseudoHeaders(headers),
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
  } catch {
    return null;
  }
}

/** The handler's headers, and what the record says of them. */
function answeredHeaders(response: Response, record: SchemeRequestRecord): Record<string, string> {
  const answered: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    answered[name] = value;
  });
  record.status = response.status;
  if (answered['content-range']) record.contentRange = answered['content-range'];
  if (answered['content-type']) record.contentType = answered['content-type'];
  return answered;
}

/** Asks the handler of `url`'s scheme; null when it threw. Fills in `record`. */
async function askHandler(
  protocol: HandledSchemes,
  url: string,
  method: string,
  headers: Record<string, string>,
  postData: Buffer | null,
  record: SchemeRequestRecord,
  maxBytes = Infinity,
): Promise<HandlerAnswer | null> {
  const response = await callHandler(protocol, url, method, headers, postData);
  return response && readAnswer(response, method, record, maxBytes);
}

/** The handler's answer with its body read to the end or `maxBytes`. */
async function readAnswer(
  response: Response,
  method: string,
  record: SchemeRequestRecord,
  maxBytes: number,
): Promise<HandlerAnswer> {
  // Fulfilling takes a buffer: the handler's body is read first, to its end or `maxBytes`
  // (then the rest is cancelled, as Electron cancels a stream Chromium stops reading; MEDIA.md).
  const body =
    method === 'HEAD' || response.body === null
      ? Buffer.alloc(0)
      : await readAtMost(response.body, maxBytes);
  const answered = answeredHeaders(response, record);
  record.bodyBytes = body.length;
  return { status: response.status, headers: answered, body };
}

/**
 * A successful answer from byte 0 that declares no length — a song still streaming in — is
 * handed over as it streams (live-media.ts), said in HTTP terms as Chromium reads it on a custom
 * scheme: from 0, length unknown until the body ends, ranges supported. Null for other answers.
 */
function asLiveAnswer(
  rangeHeader: string | undefined,
  method: string,
  response: Response,
): { status: number; headers: Record<string, string> } | null {
  const asked = /^\s*bytes\s*=\s*(\d+)\s*-/i.exec(rangeHeader ?? '');
  if (method !== 'GET' || response.body === null) return null;
  if (response.status < 200 || response.status > 299 || response.headers.has('content-length'))
    return null;
  if (asked && Number(asked[1]) !== 0) return null;
  const headers: Record<string, string> = { 'Accept-Ranges': 'bytes', 'Cache-Control': 'no-store' };
  const type = response.headers.get('content-type');
  if (type) headers['Content-Type'] = type;
  return { status: 200, headers };
}

/** A web stream's bytes up to `maxBytes`; the rest is cancelled unread. */
async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    while (length < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
      length += value.byteLength;
    }
  } finally {
    if (length >= maxBytes) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  const all = Buffer.concat(chunks);
  return all.length > maxBytes ? all.subarray(0, maxBytes) : all;
}

/**
 * The most of one media answer handed to Chromium at once. A longer answer is cut there and
 * restated as a range ending there (asNonHttpMediaAnswer keeps the total the handler declared),
 * so Chromium's media loader asks again from that byte when it needs more: what it does when a
 * streamed answer stops early, and what it would read of Electron's stream anyway. It bounds the
 * memory and the time to the first byte of a 40 MB WAV answered from 0.
 */
export const MEDIA_ANSWER_MAX_BYTES = 2 * 1024 * 1024;

/**
 * What Chromium's media loader makes of an answer on a scheme outside the HTTP family (Electron's
 * custom schemes), said in HTTP terms for the https stand-in origin. For such a scheme Chromium
 * reads neither the status nor `Content-Range`: the body is taken to start where the request's
 * `Range` started, and the resource to end where `Content-Length` says, counted from there
 * (`ResourceMultiBufferDataProvider::DidReceiveResponse`, its non-HTTP branch). On https it would
 * honour both instead, which would hide an answer that is wrong for Electron (a 200 to a range
 * request, a range bounded short of the end, a wrong total), so a successful answer to a range
 * request is restated as exactly that: `206 bytes N-(N+len-1)/(N+len)` with the handler's body.
 * Other answers (errors, requests without `Range`) are passed on as they are.
 */
export function asNonHttpMediaAnswer(
  rangeHeader: string | undefined,
  answer: HandlerAnswer,
): HandlerAnswer {
  const asked = /^\s*bytes\s*=\s*(\d+)\s*-/i.exec(rangeHeader ?? '');
  if (!asked || answer.status < 200 || answer.status > 299) return answer;
  const start = Number(asked[1]);
  const headers = { ...answer.headers };
  delete headers['content-range'];
  const declared = Number(headers['content-length'] ?? NaN);
  const length = Number.isSafeInteger(declared) && declared >= 0 ? declared : answer.body.length;
  if (length === 0 || answer.body.length === 0) {
    // nothing from `start` on: the resource ends there
    delete headers['content-length'];
    return {
      status: 416,
      headers: { ...headers, 'content-range': `bytes */${start}` },
      body: Buffer.alloc(0),
    };
  }
  // a body cut short (MEDIA_ANSWER_MAX_BYTES) still says the total the handler declared
  const body = answer.body.length > length ? answer.body.subarray(0, length) : answer.body;
  headers['content-length'] = String(body.length);
  headers['content-range'] = `bytes ${start}-${start + body.length - 1}/${start + length}`;
  return { status: 206, headers, body };
}

/**
 * Answers the media requests redirected to a standard scheme's stand-in origin. Playwright hands
 * a redirect's follow-up back to the network without routing it, so this listens on the page's
 * own DevTools session (the Fetch domain, beside Playwright's): a paused media request on a
 * stand-in origin (the follow-up; the page never names a stand-in itself) is answered by the scheme's handler under its URL in
 * Electron's terms, restated as Chromium reads a custom scheme's answer (`asNonHttpMediaAnswer`);
 * every other paused request goes on untouched.
 */
async function bridgeStandInMedia(
  page: Page,
  protocol: HandledSchemes,
  origins: StandInOrigins,
  log: SchemeRequestRecord[],
  startedAtMs: number,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const send = (
    method: 'Fetch.continueRequest' | 'Fetch.fulfillRequest' | 'Fetch.failRequest',
    params: object,
  ) => cdp.send(method as 'Fetch.continueRequest', params as never).catch(() => undefined);
  cdp.on('Fetch.requestPaused', (event) => {
    void (async () => {
      let standIn: URL | null = null;
      try {
        standIn = new URL(event.request.url);
      } catch {
        standIn = null;
      }
      if (event.resourceType !== 'Media' || !standIn || !origins.isStandIn(standIn)) {
        await send('Fetch.continueRequest', { requestId: event.requestId });
        return;
      }
      const url = origins.fromPage(event.request.url);
      const headers = event.request.headers as Record<string, string>;
      const range = headers.Range ?? headers.range;
      const record: SchemeRequestRecord = {
        url,
        method: event.request.method,
        ...(range ? { range } : {}),
        resourceType: event.resourceType.toLowerCase(),
        status: 0,
        bodyBytes: 0,
        atMs: Date.now() - startedAtMs,
      };
      log.push(record);
      const response = await callHandler(protocol, url, event.request.method, headers, null);
      if (!response) {
        await send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'Failed' });
        return;
      }
      const live = asLiveAnswer(range, event.request.method, response);
      if (live) {
        answeredHeaders(response, record);
        const there = await serveLive({
          ...live,
          body: response.body!,
          onBytes: (count) => {
            record.bodyBytes += count;
          },
        });
        // the loopback delivery is the double's, not the page's: Chromium's local-network
        // check (which Electron's scheme streams never meet) is granted to the page's origin
        await allowLoopback(page);
        await send('Fetch.continueRequest', { requestId: event.requestId, url: there });
        return;
      }
      const answer = await readAnswer(
        response,
        event.request.method,
        record,
        MEDIA_ANSWER_MAX_BYTES,
      );
      const sent = asNonHttpMediaAnswer(range, answer);
      await send('Fetch.fulfillRequest', {
        requestId: event.requestId,
        responseCode: sent.status,
        responseHeaders: Object.entries(sent.headers).map(([name, value]) => ({ name, value })),
        body: sent.body.toString('base64'),
      });
    })();
  });
  await cdp.send('Fetch.enable', {
    patterns: [{ urlPattern: 'https://*.invalid/*', requestStage: 'Request' }],
  });
}

const loopbackAllowed = new WeakMap<Page, string>();

/** Lets the page's origin (the app's stand-in origin) load from the live server's loopback. */
async function allowLoopback(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  if (loopbackAllowed.get(page) === origin) return;
  await page
    .context()
    .grantPermissions(['local-network-access'], { origin })
    .catch(() => undefined);
  loopbackAllowed.set(page, origin);
}

/**
 * Answers one intercepted request with the handler of `url`'s scheme (`url` defaults to the
 * request's own; the stand-in origins of scheme-origin.ts pass the URL in Electron's terms).
 * `restate` may change the answer before the page gets it.
 */
export async function forwardToHandler(
  route: Route,
  request: PageRequest,
  protocol: HandledSchemes,
  log: SchemeRequestRecord[],
  startedAtMs: number,
  url: string = request.url(),
  restate?: (answer: HandlerAnswer, headers: Record<string, string>) => HandlerAnswer,
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
  const answer = await askHandler(protocol, url, method, headers, request.postDataBuffer(), record);
  // Electron answers a throwing handler with a failed load.
  if (!answer) return route.abort('failed').catch(() => undefined);
  const sent = restate ? restate(answer, headers) : answer;
  await route
    .fulfill({ status: sent.status, headers: sent.headers, body: sent.body })
    .catch(() => undefined);
}

/** Header names a web Request refuses (HTTP/2 pseudo-headers Chromium may report). */
function withoutPseudoHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':')) out[name] = value;
  return out;
}
