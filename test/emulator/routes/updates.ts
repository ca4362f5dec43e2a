/**
 * A generic update feed as electron-builder publishes it (see docs/release.md), generated in code:
 *
 *   GET /updates/latest.yml | latest-mac.yml | latest-linux.yml     the default version (FEED_VERSION)
 *   GET /updates/v/<version>/latest*.yml                             any version
 *   GET /updates[/v/<version>]/<artifact>[.blockmap]                the artifacts and their blockmaps
 *   GET /updates/corrupt/...                                        artifacts whose bytes break their sha512
 *
 * Artifacts are 512 KiB of deterministic bytes; each version rewrites two of their eight 64 KiB
 * blocks, so a differential download between versions fetches a fraction of the file. Blockmaps
 * are gzip'd JSON (`{version:"2", files:[{name, offset, checksums, sizes}]}`) as electron-updater
 * reads them. Artifact requests answer HTTP Range (one range → 206, several → multipart/byteranges,
 * as electron-updater's differential downloader asks). No key needed.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { sendJson, type Ctx } from '../http';
import type { Route } from './route';

export const FEED_VERSION = '0.2.0';
export const FEED_RELEASE_DATE = '2026-03-01T10:00:00.000Z';
export const ARTIFACT_BYTES = 512 * 1024;
export const BLOCK_BYTES = 64 * 1024;

export type FeedPlatform = 'win' | 'mac' | 'linux';

/** The artifact file names of a version, per platform (the first is the one the updater downloads). */
export function artifactNames(version: string, platform: FeedPlatform): string[] {
  switch (platform) {
    case 'win':
      return [`Cadenza-Setup-${version}.exe`];
    case 'mac':
      return [
        `Cadenza-${version}-arm64-mac.zip`,
        `Cadenza-${version}-x64-mac.zip`,
        `Cadenza-${version}-arm64.dmg`,
      ];
    case 'linux':
      return [`Cadenza-${version}.AppImage`, `cadenza_${version}_amd64.deb`];
  }
}

export function releaseNotesOf(version: string): string {
  return `<h2>Cadenza ${version}</h2><ul><li>Covers start faster</li><li>Library search &amp; sort fixes</li></ul><script>alert("not run")</script><p>Thanks for creating with Cadenza.</p>`;
}

const cache = new Map<string, Buffer>();

/** Deterministic bytes for `seed` (sha256 in counter mode). */
function streamBytes(seed: string, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let offset = 0, i = 0; offset < length; i += 1) {
    const block = createHash('sha256')
      .update(`${seed}:${String(i)}`)
      .digest();
    offset += block.copy(out, offset);
  }
  return out;
}

/** The blocks a version rewrites: one chosen by its hash, and always the last (it names the version). */
export function changedBlocks(version: string): number[] {
  const blocks = ARTIFACT_BYTES / BLOCK_BYTES;
  const first = (createHash('sha256').update(version).digest()[0] ?? 0) % (blocks - 1);
  return [first, blocks - 1];
}

/** An artifact's bytes: the same base for every version of a name, plus the version's blocks. */
export function artifactBytes(name: string, version: string): Buffer {
  const key = `${name}\0${version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const generic = name.split(version).join('<v>');
  const bytes = streamBytes(`base:${generic}`, ARTIFACT_BYTES);
  for (const b of changedBlocks(version))
    streamBytes(`v:${version}:${String(b)}`, BLOCK_BYTES).copy(bytes, b * BLOCK_BYTES);
  bytes.write(`Cadenza ${version}\n`, ARTIFACT_BYTES - 64, 'utf8');
  cache.set(key, bytes);
  return bytes;
}

export function sha512Base64(bytes: Buffer): string {
  return createHash('sha512').update(bytes).digest('base64');
}

/** electron-builder's blockmap shape (fixed 64 KiB blocks here), gzip'd. */
export function blockmapOf(bytes: Buffer): Buffer {
  const checksums: string[] = [];
  const sizes: number[] = [];
  for (let offset = 0; offset < bytes.length; offset += BLOCK_BYTES) {
    const block = bytes.subarray(offset, Math.min(bytes.length, offset + BLOCK_BYTES));
    checksums.push(createHash('sha256').update(block).digest('base64').slice(0, 32));
    sizes.push(block.length);
  }
  return gzipSync(
    Buffer.from(
      JSON.stringify({ version: '2', files: [{ name: 'file', offset: 0, checksums, sizes }] }),
    ),
  );
}

const q = (s: string): string => JSON.stringify(s); // a YAML double-quoted scalar

/** latest.yml / latest-mac.yml / latest-linux.yml for a version. */
export function channelFile(version: string, platform: FeedPlatform): string {
  const names = artifactNames(version, platform);
  const lines = [`version: ${version}`, 'files:'];
  for (const name of names) {
    const bytes = artifactBytes(name, version);
    lines.push(
      `  - url: ${name}`,
      `    sha512: ${sha512Base64(bytes)}`,
      `    size: ${String(bytes.length)}`,
    );
  }
  const main = names[0] ?? '';
  lines.push(`path: ${main}`, `sha512: ${sha512Base64(artifactBytes(main, version))}`);
  lines.push(`releaseDate: ${q(FEED_RELEASE_DATE)}`, `releaseNotes: ${q(releaseNotesOf(version))}`);
  return `${lines.join('\n')}\n`;
}

const CHANNELS: Record<string, FeedPlatform> = {
  'latest.yml': 'win',
  'latest-mac.yml': 'mac',
  'latest-linux.yml': 'linux',
};
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

function findArtifact(file: string, version: string): Buffer | undefined {
  const name = file.endsWith('.blockmap') ? file.slice(0, -'.blockmap'.length) : file;
  for (const platform of ['win', 'mac', 'linux'] as const) {
    if (!artifactNames(version, platform).includes(name)) continue;
    const bytes = artifactBytes(name, version);
    return file === name ? bytes : blockmapOf(bytes);
  }
  return undefined;
}

type ByteRange = [start: number, endInclusive: number];

function parseRanges(header: string, size: number): ByteRange[] | 'invalid' {
  const m = /^bytes=(.+)$/.exec(header.trim());
  if (!m?.[1]) return 'invalid';
  const ranges: ByteRange[] = [];
  for (const part of m[1].split(',')) {
    const r = /^\s*(\d*)-(\d*)\s*$/.exec(part);
    if (!r) return 'invalid';
    const [, a = '', b = ''] = r;
    let start: number;
    let end: number;
    if (a === '') {
      start = Math.max(0, size - Number(b));
      end = size - 1;
    } else {
      start = Number(a);
      end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
    }
    if (start > end || start >= size) return 'invalid';
    ranges.push([start, end]);
  }
  return ranges;
}

function sendBytes(ctx: Ctx, bytes: Buffer, contentType: string): void {
  const { req, res } = ctx;
  const head = req.method === 'HEAD';
  const header = req.headers.range;
  if (typeof header !== 'string') {
    res.writeHead(200, {
      'content-type': contentType,
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
    });
    res.end(head ? undefined : bytes);
    return;
  }
  const ranges = parseRanges(header, bytes.length);
  if (ranges === 'invalid') {
    res.writeHead(416, {
      'content-range': `bytes */${String(bytes.length)}`,
      'content-length': '0',
    });
    res.end();
    return;
  }
  if (ranges.length === 1) {
    const [start, end] = ranges[0] as ByteRange;
    res.writeHead(206, {
      'content-type': contentType,
      'content-length': String(end - start + 1),
      'content-range': `bytes ${String(start)}-${String(end)}/${String(bytes.length)}`,
      'accept-ranges': 'bytes',
    });
    res.end(head ? undefined : bytes.subarray(start, end + 1));
    return;
  }
  const boundary = 'cadenza-emulator-byteranges';
  const parts: Buffer[] = [];
  for (const [start, end] of ranges) {
    parts.push(
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Type: ${contentType}\r\nContent-Range: bytes ${String(start)}-${String(end)}/${String(bytes.length)}\r\n\r\n`,
      ),
      bytes.subarray(start, end + 1),
    );
  }
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  const body = Buffer.concat(parts);
  res.writeHead(206, {
    'content-type': `multipart/byteranges; boundary=${boundary}`,
    'content-length': String(body.length),
  });
  res.end(head ? undefined : body);
}

function serveFeed(ctx: Ctx): void {
  const [version = FEED_VERSION, corrupt = '', file = ''] = ctx.params;
  const v = version || FEED_VERSION;
  if (!VERSION.test(v)) return sendJson(ctx.res, 404, { detail: 'Not Found' });
  const platform = CHANNELS[file];
  if (platform) {
    const text = channelFile(v, platform);
    ctx.res.writeHead(200, {
      'content-type': 'text/yaml; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      'cache-control': 'no-cache',
    });
    ctx.res.end(ctx.req.method === 'HEAD' ? undefined : text);
    return;
  }
  const bytes = findArtifact(file, v);
  if (!bytes) return sendJson(ctx.res, 404, { detail: 'Not Found' });
  let body = bytes;
  if (corrupt && !file.endsWith('.blockmap')) {
    body = Buffer.from(bytes);
    body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 0xff;
  }
  sendBytes(
    ctx,
    body,
    file.endsWith('.blockmap') ? 'application/gzip' : 'application/octet-stream',
  );
}

export const updateRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/updates\/(?:v\/([^/]+)\/)?(?:(corrupt)\/)?([^/]+)$/,
    handler: serveFeed,
    auth: false,
  },
];
