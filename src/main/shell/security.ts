/**
 * Security rules of the shell that need no Electron: which URLs may open in the browser, which
 * frames may call IPC, the renderer's own origin and the Content-Security-Policy. Kept plain so unit
 * tests check them directly.
 */
import type { IpcMainInvokeEvent } from 'electron';
import { EXTERNAL_URL_ALLOWLIST } from '@shared/defaults';

/** The renderer's own origin (renderer-scheme.ts serves it); never file://. */
export const RENDERER_SCHEME = 'app';
export const RENDERER_HOST = 'cadenza';
export const RENDERER_ORIGIN = `${RENDERER_SCHEME}://${RENDERER_HOST}`;
/** What the main window loads. */
export const RENDERER_ENTRY_URL = `${RENDERER_ORIGIN}/index.html`;

/**
 * The renderer's CSP, sent with every answer of its origin and in its meta tag (the same string).
 * `'self'` is app://cadenza and nothing else: no file://, no inline script, no eval; media and
 * images also from `cadenza-media:`.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: cadenza-media:",
  "media-src 'self' cadenza-media:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-src 'none'",
  "form-action 'none'",
].join('; ');

/** https only, no credentials, host exactly on the allowlist or a subdomain of an entry. */
export function isAllowedExternalUrl(
  raw: unknown,
  allowlist: readonly string[] = EXTERNAL_URL_ALLOWLIST,
): boolean {
  if (typeof raw !== 'string' || raw.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  return allowlist.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

export interface RendererLocation {
  /** The dev server's URL in development (ELECTRON_RENDERER_URL), if any; never in a packaged app. */
  devServerUrl?: string | undefined;
}

/** Whether a URL is on the renderer's own origin: the scheme, exactly our host, no port or credentials. */
export function isRendererOriginUrl(raw: unknown): boolean {
  if (typeof raw !== 'string') return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (
    url.protocol === `${RENDERER_SCHEME}:` &&
    url.hostname === RENDERER_HOST &&
    url.port === '' &&
    url.username === '' &&
    url.password === ''
  );
}

/** Whether an IPC message comes from the app's own renderer: app://cadenza, or the dev server. */
export function isTrustedSenderUrl(frameUrl: unknown, where: RendererLocation): boolean {
  if (typeof frameUrl !== 'string' || frameUrl === '') return false;
  if (isRendererOriginUrl(frameUrl)) return true;
  if (!where.devServerUrl) return false;
  try {
    const url = new URL(frameUrl);
    return (
      new URL(where.devServerUrl).origin === url.origin &&
      (url.protocol === 'http:' || url.protocol === 'https:')
    );
  } catch {
    return false;
  }
}

/** The IPC sender check: the top frame of a page from the app's own renderer. */
export function senderCheck(
  where: RendererLocation,
): (event: Pick<IpcMainInvokeEvent, 'senderFrame'>) => boolean {
  return (event) => {
    const frame = event.senderFrame;
    return !!frame && frame.parent === null && isTrustedSenderUrl(frame.url, where);
  };
}

/** Response headers with our CSP replacing whatever the response carried. */
export function withContentSecurityPolicy(
  headers: Record<string, string | string[]> | undefined,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    out[name] = Array.isArray(value) ? value : [value];
  }
  out['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  return out;
}
