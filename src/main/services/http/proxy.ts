import type { EnvHttpProxyAgent, Dispatcher } from 'undici';
import { undici } from './undici';

/**
 * Proxy decision (see docs/proxy.md):
 * - A dispatcher passed to createServiceClient wins (tests, embedding apps).
 * - Otherwise, when HTTPS_PROXY / HTTP_PROXY (or their lower-case forms) are set, requests go
 *   through undici's EnvHttpProxyAgent, which also honours NO_PROXY.
 * - Loopback targets (localhost, 127.0.0.0/8, ::1 — the emulator) never go through a proxy.
 * - With no proxy variables set, undici's global dispatcher is used (a direct connection).
 * The system proxy settings of the OS are not read: Node has no portable way to, and Electron's
 * session proxy does not apply to main-process undici traffic.
 */

const agents = new Map<string, EnvHttpProxyAgent>();

const PROXY_VARS = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'] as const;

export function proxyConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return PROXY_VARS.some((name) => (env[name] ?? '').trim() !== '');
}

function proxyOptions(env: NodeJS.ProcessEnv): {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
} {
  const read = (name: string): string | undefined =>
    (env[name] ?? env[name.toLowerCase()] ?? '').trim() || undefined;
  const out: { httpProxy?: string; httpsProxy?: string; noProxy?: string } = {};
  const http = read('HTTP_PROXY');
  const https = read('HTTPS_PROXY') ?? http;
  if (http) out.httpProxy = http;
  if (https) out.httpsProxy = https;
  const no = read('NO_PROXY');
  if (no) out.noProxy = no;
  return out;
}

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h)
  );
}

/** Returns the dispatcher for a URL, or undefined for undici's global (direct) dispatcher. */
export type DispatcherChooser = (url: URL) => Dispatcher | undefined;

export function createDispatcherChooser(
  explicit?: Dispatcher,
  env: NodeJS.ProcessEnv = process.env,
): DispatcherChooser {
  if (explicit) return () => explicit;
  if (!proxyConfigured(env)) return () => undefined;
  const options = proxyOptions(env);
  const cacheKey = JSON.stringify(options);
  return (url) => {
    if (isLoopbackHost(url.hostname)) return undefined;
    // One agent (and its connection pool) per proxy configuration, shared by all clients.
    let agent = agents.get(cacheKey);
    if (!agent) {
      agent = new (undici().EnvHttpProxyAgent)(options);
      agents.set(cacheKey, agent);
    }
    return agent;
  };
}
