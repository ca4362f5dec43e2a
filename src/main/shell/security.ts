/**
 * Security rules of the shell that need no Electron: which URLs may open in the browser, which
 * frames may call IPC, and the Content-Security-Policy. Kept plain so unit tests check them directly.
 */
import { fileURLToPath } from 'node:url';
import { isAbsolute, relative, resolve } from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';
import { EXTERNAL_URL_ALLOWLIST } from '@shared/defaults';

/** The renderer's CSP; the same string is in the renderer's meta tag. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: cadenza-media:",
  "media-src 'self' cadenza-media:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-src 'none'",
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
  /** Absolute folder of the built renderer (out/renderer). */
  rendererDir: string;
  /** The dev server's URL in development (ELECTRON_RENDERER_URL), if any. */
  devServerUrl?: string | undefined;
}

/** Whether an IPC message comes from the app's own renderer: a file inside out/renderer, or the dev server. */
export function isTrustedSenderUrl(frameUrl: unknown, where: RendererLocation): boolean {
  if (typeof frameUrl !== 'string' || frameUrl === '') return false;
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    return false;
  }
  if (url.protocol === 'file:') {
    if (url.host !== '' && url.host !== 'localhost') return false;
    let path: string;
    try {
      path = fileURLToPath(url);
    } catch {
      return false;
    }
    const rel = relative(resolve(where.rendererDir), resolve(path));
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  }
  if (where.devServerUrl) {
    try {
      return (
        new URL(where.devServerUrl).origin === url.origin &&
        (url.protocol === 'http:' || url.protocol === 'https:')
      );
    } catch {
      return false;
    }
  }
  return false;
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
