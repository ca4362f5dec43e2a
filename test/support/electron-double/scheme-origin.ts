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
import {
  asNonHttpMediaAnswer,
  forwardToHandler,
  type HandlerAnswer,
  type SchemeRequestRecord,
} from './media-bridge';

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

/**
 * A Content-Security-Policy in stand-in terms: every scheme-source naming one of `schemes`
 * (`cadenza-media:`) also allows that scheme's stand-in origins (`https://*.cadenza-media.invalid`),
 * where the double serves the scheme's media (media-bridge.ts). Nothing else changes: a policy
 * that does not name the scheme still refuses it.
 */
export function standInPolicy(policy: string, schemes: ReadonlySet<string>): string {
  return policy
    .split(';')
    .map((directive) =>
      directive.replace(
        /(^|\s)([a-z][a-z0-9+.-]*):(?=\s|$)/gi,
        (whole, space: string, name: string) =>
          schemes.has(name.toLowerCase())
            ? `${space}${name}: https://*.${name.toLowerCase()}${SUFFIX}`
            : whole,
      ),
    )
    .join(';');
}

/** The same for the policies of an HTML document's `<meta http-equiv="Content-Security-Policy">`. */
export function standInMetaPolicies(html: string, schemes: ReadonlySet<string>): string {
  return html.replace(
    /(<meta\b[^>]*http-equiv\s*=\s*["']?content-security-policy["']?[^>]*\bcontent\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi,
    (_all, head: string, double: string | undefined, single: string | undefined) =>
      double !== undefined
        ? `${head}"${standInPolicy(double, schemes)}"`
        : `${head}'${standInPolicy(single ?? '', schemes)}'`,
  );
}

export class SchemeOrigins {
  constructor(private readonly protocol: PrivilegedSchemes) {}

  /** The privileged standard schemes main handles now (their media loads on stand-in origins). */
  standInSchemes(): Set<string> {
    const out = new Set<string>();
    for (const scheme of pageSchemes(this.protocol))
      if (this.protocol.isProtocolHandled(scheme)) out.add(scheme);
    return out;
  }

  /**
   * A stand-in's answer as the page needs it: any answer's CSP (header, and meta in HTML — a
   * document, or the same page fetched, so the two still agree as they do in Electron) allows the
   * stand-ins of the schemes it names; a media answer is read the way Chromium reads a custom
   * scheme's (asNonHttpMediaAnswer).
   */
  restate(
    resourceType: string,
    answer: HandlerAnswer,
    headers: Record<string, string>,
  ): HandlerAnswer {
    if (resourceType === 'media')
      return asNonHttpMediaAnswer(headers.range ?? headers.Range, answer);
    const schemes = this.standInSchemes();
    const out = { ...answer, headers: { ...answer.headers } };
    const csp = out.headers['content-security-policy'];
    if (csp) out.headers['content-security-policy'] = standInPolicy(csp, schemes);
    if (/^text\/html\b/i.test(out.headers['content-type'] ?? ''))
      out.body = Buffer.from(standInMetaPolicies(out.body.toString('utf8'), schemes), 'utf8');
    if (out.headers['content-length']) out.headers['content-length'] = String(out.body.length);
    return out;
  }

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
        await forwardToHandler(
          route,
          request,
          this.protocol,
          log,
          startedAtMs,
          url,
          (answer, headers) => this.restate(request.resourceType(), answer, headers),
        );
      },
    );
  }
}
