import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { Agent, buildConnector } from 'undici';
import { undici } from './undici';
import { AppError } from '@shared/errors';
import { appError } from '@shared/app-error';

/**
 * The connect-time address hook of the HTTP policy. Every new connection the policy opens (the
 * first hop and every redirect hop to a host without an open connection) resolves the host name
 * itself and asks the guard about each address before a socket is opened to it, so what was
 * checked is what is connected to (no second DNS answer in between). IP-literal hosts are asked
 * about too. The default guard allows everything; the SSRF guard of "Security hardening" plugs in
 * here (`createHttpPolicy({ guard })`).
 *
 * Through a proxy (HTTP(S)_PROXY) the proxy connects to the target, so the guard sees the proxy's
 * address at connect time and the policy additionally calls it before each proxied hop with
 * `address: undefined` (the host name only).
 */

export interface ConnectTarget {
  /** The host name of the URL (brackets removed from IPv6 literals). */
  hostname: string;
  /** The address about to be connected to; undefined for a hop that goes through a proxy. */
  address: string | undefined;
  family: 4 | 6 | undefined;
  port: number;
  protocol: 'http:' | 'https:';
}

/** Returns normally to allow; throws (an AppError with a creator-readable message) to refuse. */
export type AddressGuard = (target: ConnectTarget) => void | Promise<void>;

export const allowAllAddresses: AddressGuard = () => undefined;

function refusedAddress(hostname: string): AppError {
  return appError('forbidden', 'errors:http.refused', { host: hostname });
}

function portOf(port: string, protocol: string): number {
  return port ? Number(port) : protocol === 'https:' ? 443 : 80;
}

async function check(guard: AddressGuard, target: ConnectTarget): Promise<AppError | undefined> {
  try {
    await guard(target);
    return undefined;
  } catch (e) {
    return e instanceof AppError ? e : refusedAddress(target.hostname);
  }
}

/** One agent (and connection pool) per guard and connect timeout, shared by every policy. */
const agents = new WeakMap<AddressGuard, Map<number, Agent>>();

export function guardedAgent(guard: AddressGuard, connectTimeoutMs: number): Agent {
  let byTimeout = agents.get(guard);
  if (!byTimeout) {
    byTimeout = new Map();
    agents.set(guard, byTimeout);
  }
  const existing = byTimeout.get(connectTimeoutMs);
  if (existing) return existing;

  // Which port and scheme a lookup is for: set by the connector just before it connects.
  const pending = new Map<string, { port: number; protocol: 'http:' | 'https:' }>();
  const lookup = ((hostname: string, options: LookupAllOptions, cb: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return cb(err, []);
      const where = pending.get(hostname) ?? { port: 0, protocol: 'http:' as const };
      void Promise.all(
        addresses.map((a) =>
          check(guard, {
            hostname,
            address: a.address,
            family: a.family === 6 ? 6 : 4,
            ...where,
          }),
        ),
      ).then((verdicts) => {
        const allowed = addresses.filter((_, i) => verdicts[i] === undefined);
        if (allowed.length === 0) return cb(verdicts[0] ?? refusedAddress(hostname), []);
        if (options.all) return cb(null, allowed);
        const first = allowed[0]!;
        return (cb as unknown as SingleCallback)(null, first.address, first.family);
      });
    });
  }) as unknown as LookupFunction;

  const base = undici().buildConnector({ timeout: connectTimeoutMs, lookup });
  const connect: buildConnector.connector = (opts, cb) => {
    const hostname = opts.hostname.replace(/^\[|\]$/g, '');
    const protocol = opts.protocol === 'https:' ? 'https:' : 'http:';
    const port = portOf(opts.port, protocol);
    const family = isIP(hostname);
    if (family === 0) {
      pending.set(hostname, { port, protocol });
      base(opts, cb);
      return;
    }
    void check(guard, {
      hostname,
      address: hostname,
      family: family === 6 ? 6 : 4,
      port,
      protocol,
    }).then((refused) => (refused ? cb(refused, null) : base(opts, cb)));
  };
  const agent = new (undici().Agent)({ connect });
  byTimeout.set(connectTimeoutMs, agent);
  return agent;
}

/** The guard's view of a hop that goes through a proxy (no address known here). */
export async function checkProxiedHop(guard: AddressGuard, url: URL): Promise<void> {
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  const refused = await check(guard, {
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    address: undefined,
    family: undefined,
    port: portOf(url.port, protocol),
    protocol,
  });
  if (refused) throw refused;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;
type SingleCallback = (err: NodeJS.ErrnoException | null, address: string, family: number) => void;
