/**
 * Privileged standard schemes as page origins. Electron registers a scheme such as `app:` with
 * Chromium (`registerSchemesAsPrivileged` with standard + secure) so `app://cadenza/index.html` is
 * a page with its own tuple origin, a secure context, fetch and web storage. Chromium under
 * Playwright cannot register schemes, so the double loads such a URL on a STAND-IN origin that
 * Chromium treats alike — `https://<host>.<scheme>.invalid` (standard, secure, fetch, storage,
 * `'self'` in the CSP is that origin alone, file:// is another origin) — and answers every request
 * to it with the handler main registered for the scheme (`protocol.handle`), through request
 * interception like the media bridge. No port is opened and the `.invalid` name can never resolve,
 * so nothing but main's handler can answer. The origin stays the same across restarts, so the
 * page's localStorage persists through the double's storage state like Electron's profile.
 *
 * URLs cross back in Electron's terms: the invoking frame's URL, `webContents.getURL()`,
 * `will-navigate` and popups see `app://cadenza/…`, which is what main's checks are written for.
 */
import type { Page, Request as PageRequest, Route } from 'playwright-core';
import type { HandledSchemes } from './media-bridge';
import { forwardToHandler, type SchemeRequestRecord } from './media-bridge';

const SUFFIX = '.invalid';

/** What the mapping needs of the double's `protocol`. */
export interface PrivilegedSchemes extends HandledSchemes {
  privileged: unknown[];
}

/** The schemes registered standard and secure (the ones a page can live on). */
function pageSchemes(protocol: PrivilegedSchemes): Set<string> {
  const out = new Set<string>();
  for (const entry of protocol.privileged) {
    const e = entry as { scheme?: unknown; privileges?: { standard?: unknown; secure?: unknown } };
    if (typeof e.scheme === 'string' && e.privileges?.standard && e.privileges.secure)
      out.add(e.scheme);
  }
  return out;
}

const parse = (raw: string): URL | null => {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
};

export class SchemeOrigins {
  constructor(private readonly protocol: PrivilegedSchemes) {}

  /** `app://cadenza/x` → `https://cadenza.app.invalid/x` for a privileged, handled scheme. */
  toPage(raw: string): string {
    const url = parse(raw);
    if (!url) return raw;
    const scheme = url.protocol.replace(/:$/, '');
    if (!pageSchemes(this.protocol).has(scheme) || !this.protocol.isProtocolHandled(scheme))
      return raw;
    if (!url.hostname || url.port || url.username || url.password) return raw;
    return `https://${url.hostname}.${scheme}${SUFFIX}${url.pathname}${url.search}${url.hash}`;
  }

  /** The reverse: a stand-in URL in Electron's terms; any other URL unchanged. */
  fromPage(raw: string): string {
    const url = parse(raw);
    if (!url || !this.isStandIn(url)) return raw;
    const labels = url.hostname.slice(0, -SUFFIX.length).split('.');
    const scheme = labels.pop() ?? '';
    return `${scheme}://${labels.join('.')}${url.pathname}${url.search}${url.hash}`;
  }

  /** Whether a URL is on a stand-in origin of a scheme main registered and handles. */
  isStandIn(url: URL): boolean {
    if (url.protocol !== 'https:' || !url.hostname.endsWith(SUFFIX) || url.port) return false;
    const labels = url.hostname.slice(0, -SUFFIX.length).split('.');
    const scheme = labels[labels.length - 1] ?? '';
    return (
      labels.length >= 2 &&
      pageSchemes(this.protocol).has(scheme) &&
      this.protocol.isProtocolHandled(scheme)
    );
  }

  /**
   * Answers the page's requests to stand-in origins with the registered handler. Register it after
   * the double's http(s) route: Playwright tries the last registered route first.
   * `onNavigate` decides renderer-initiated navigations of the main frame (false aborts them).
   */
  async route(
    page: Page,
    log: SchemeRequestRecord[],
    startedAtMs: number,
    onNavigate: (request: PageRequest, url: string) => boolean,
  ): Promise<void> {
    await page.route(
      (url) => this.isStandIn(url),
      async (route: Route, request: PageRequest) => {
        const url = this.fromPage(request.url());
        if (!onNavigate(request, url)) return route.abort('aborted');
        await forwardToHandler(route, request, this.protocol, log, startedAtMs, url);
      },
    );
  }
}
