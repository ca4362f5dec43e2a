/**
 * session.defaultSession of the double: permission handlers and webRequest listeners are kept, and
 * the page's http(s) requests pass through onBeforeRequest / onHeadersReceived (window.ts routes
 * them). file:// loads do not pass through them (Playwright cannot intercept file URLs).
 */
type Callback<T> = (response: T) => void;
type BeforeRequestListener = (
  details: { url: string; method: string; resourceType: string },
  callback: Callback<{ cancel?: boolean }>,
) => void;
type HeadersListener = (
  details: { url: string; responseHeaders: Record<string, string[]> },
  callback: Callback<{ cancel?: boolean; responseHeaders?: Record<string, string | string[]> }>,
) => void;
type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: unknown,
) => void;
type PermissionCheckHandler = (
  contents: unknown,
  permission: string,
  origin: string,
  details: unknown,
) => boolean;

const matches = (patterns: string[] | undefined, url: string): boolean => {
  if (!patterns || patterns.length === 0) return true;
  return patterns.some((p) => {
    const re = new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    return re.test(url);
  });
};

export class DoubleSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;
  private beforeRequest: { filter?: string[]; listener: BeforeRequestListener } | undefined;
  private headersReceived: { filter?: string[]; listener: HeadersListener } | undefined;

  readonly webRequest = {
    onBeforeRequest: (a: unknown, b?: unknown): void => {
      this.beforeRequest = parseListener<BeforeRequestListener>(a, b);
    },
    onHeadersReceived: (a: unknown, b?: unknown): void => {
      this.headersReceived = parseListener<HeadersListener>(a, b);
    },
  };

  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(): void {}

  /** Asks the permission handler as Electron would (tests call this; Chromium's own prompts are not wired). */
  requestPermission(permission: string): Promise<boolean> {
    const handler = this.permissionRequestHandler;
    if (!handler) return Promise.resolve(true);
    return new Promise((resolve) => handler(null, permission, resolve, {}));
  }

  shouldCancel(url: string): boolean {
    const b = this.beforeRequest;
    if (!b || !matches(b.filter, url)) return false;
    let cancel = false;
    b.listener({ url, method: 'GET', resourceType: 'other' }, (r) => {
      cancel = r.cancel === true;
    });
    return cancel;
  }

  /** The response headers after onHeadersReceived (synchronous listeners only). */
  applyHeaders(url: string, headers: Record<string, string>): Record<string, string> {
    const h = this.headersReceived;
    if (!h || !matches(h.filter, url)) return headers;
    const asLists: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(headers)) asLists[k] = [v];
    let out: Record<string, string> = headers;
    h.listener({ url, responseHeaders: asLists }, (r) => {
      if (!r.responseHeaders) return;
      out = {};
      for (const [k, v] of Object.entries(r.responseHeaders))
        out[k] = Array.isArray(v) ? v.join(', ') : v;
    });
    return out;
  }

  /** The CSP header the session would set on a response (for tests). */
  headersFor(url: string, headers: Record<string, string> = {}): Record<string, string> {
    return this.applyHeaders(url, headers);
  }
}

function parseListener<L>(a: unknown, b: unknown): { filter?: string[]; listener: L } {
  if (typeof a === 'function') return { listener: a as L };
  const filter = (a as { urls?: string[] } | null)?.urls;
  return { ...(filter ? { filter } : {}), listener: b as L };
}
