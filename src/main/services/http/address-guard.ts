/**
 * The SSRF guard: what main may connect to when a URL comes from someone else (a link the user
 * typed, a media URL in a service answer). Plugged into the HTTP policy's connect-time hook
 * (guard.ts), so it sees every address of every redirect hop right before the socket opens — a
 * DNS answer that changes between a check and the connect (rebinding) cannot slip through.
 *
 * Refused: 0.0.0.0/8, 127/8, 10/8, 100.64/10, 169.254/16, 172.16/12, 192.168/16, 224/4 and above;
 * ::, ::1, fc00::/7, fe80::/10, ff00::/8; and those IPv4 ranges in IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::/96) form. Typed links also must use port 80 or
 * 443. The configured service origin is the one exception.
 *
 * Local development and tests opt in with CADENZA_ALLOW_LOOPBACK=1, which allows exactly
 * 127.0.0.1 and ::1 (any port) — never the default, never other private ranges.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { appError } from '@shared/app-error';
import type { AddressGuard, ConnectTarget } from './guard';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3], // 224/4 multicast and 240/4 reserved, up to 255.255.255.255
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped, compatible or NAT64), if any. */
function embeddedIPv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return undefined;
}

/** Whether an IP address is in a range main never connects to on someone else's say-so. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIPv4(address);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true; // not an address at all
}

const OPT_IN_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** CADENZA_ALLOW_LOOPBACK=1: development and tests against a local emulator (read per check). */
function loopbackOptedIn(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CADENZA_ALLOW_LOOPBACK === '1';
}

export interface AddressGuardOptions {
  /** The configured service origin: allowed whatever its address (the one exception). */
  exceptOrigin?: () => string | undefined;
  /** A link a person typed: ports 80 and 443 only. */
  typedLinks?: boolean;
  /** Resolves a host name for a hop that goes through a proxy (tests replace it). */
  resolve?: (hostname: string) => Promise<string[]>;
}

/** Why an address is refused, each a sentence of its own ("Cadenza does not connect to h: …"). */
const WHY = {
  unchecked: 'errors:http.refusedUnchecked',
  port: 'errors:http.refusedPort',
  private: 'errors:http.refusedPrivate',
} as const;

const refuse = (hostname: string, why: keyof typeof WHY): never => {
  throw appError('forbidden', WHY[why], { host: hostname });
};

async function resolveAll(hostname: string): Promise<string[]> {
  const found = await lookup(hostname, { all: true });
  return found.map((a) => a.address);
}

export function createAddressGuard(opts: AddressGuardOptions = {}): AddressGuard {
  const resolveHost = opts.resolve ?? resolveAll;
  return async (target: ConnectTarget) => {
    const origin = `${target.protocol}//${target.family === 6 || target.hostname.includes(':') ? `[${target.hostname}]` : target.hostname}:${target.port}`;
    const except = opts.exceptOrigin?.();
    if (except && sameOrigin(except, origin)) return;
    const optIn = loopbackOptedIn();
    // Through a proxy no address is known here: resolve the name and judge every answer (the
    // proxy resolves it again; see docs/security.md for what that leaves open).
    const addresses =
      target.address !== undefined
        ? [target.address]
        : isIP(target.hostname)
          ? [target.hostname]
          : await resolveHost(target.hostname).catch(() => []);
    if (addresses.length === 0) refuse(target.hostname, 'unchecked');
    const allLocalOptIn = optIn && addresses.every((a) => OPT_IN_ADDRESSES.has(a.toLowerCase()));
    if (allLocalOptIn) return;
    if (opts.typedLinks && target.port !== 80 && target.port !== 443)
      refuse(target.hostname, 'port');
    for (const address of addresses)
      if (isForbiddenAddress(address)) refuse(target.hostname, 'private');
  };
}

function sameOrigin(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    const port = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');
    return x.protocol === y.protocol && x.hostname === y.hostname && port(x) === port(y);
  } catch {
    return false;
  }
}

const serviceGuards = new Map<string, AddressGuard>();
/**
 * The guard of a service client: its own origin allowed, everything else (media URLs in its
 * answers) judged. One per origin, so clients built per call share one connection pool.
 */
export function serviceAddressGuard(serviceOrigin: string): AddressGuard {
  let guard = serviceGuards.get(serviceOrigin);
  if (!guard) {
    guard = createAddressGuard({ exceptOrigin: () => serviceOrigin });
    serviceGuards.set(serviceOrigin, guard);
  }
  return guard;
}

/** For media URLs from service answers fetched outside a client (the preview cache). */
export const mediaAddressGuard: AddressGuard = createAddressGuard();
/** For links a person typed (measured before anything is spent). */
export const typedLinkAddressGuard: AddressGuard = createAddressGuard({ typedLinks: true });
