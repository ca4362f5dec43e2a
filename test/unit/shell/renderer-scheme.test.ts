/** The handler behind app://cadenza: only out/renderer, only web types, Range, HEAD, the CSP. */
import { mkdtemp, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRendererHandler,
  RENDERER_ENTRY_URL,
  RENDERER_PRIVILEGES,
} from '../../../src/main/shell/renderer-scheme';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/shell/security';
import { registerAppSchemes } from '../../../src/main/shell/protocol';

let root: string;
let renderer: string;
const chunk = Buffer.from(`export const x = ${JSON.stringify('a'.repeat(3000))};\n`);

/** The whole body of an answer (none for HEAD and refusals). */
const read = (stream: Readable | null): Promise<Buffer> =>
  stream ? buffer(stream) : Promise.resolve(Buffer.alloc(0));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-renderer-'));
  renderer = join(root, 'out', 'renderer');
  await mkdir(join(renderer, 'assets'), { recursive: true });
  await writeFile(join(renderer, 'index.html'), '<!doctype html><title>Cadenza</title>');
  await writeFile(join(renderer, 'assets', 'index-abc.js'), chunk);
  await writeFile(join(renderer, 'assets', 'VoicePanel-def.js'), 'export {};');
  await writeFile(join(renderer, 'assets', 'VoicePanel-def.js.map'), '{"version":3}');
  await writeFile(join(renderer, 'assets', 'index-abc.css'), 'body{}');
  await writeFile(join(renderer, 'assets', 'logo.svg'), '<svg/>');
  await writeFile(join(renderer, 'assets', 'notes.txt'), 'not a web type');
  await writeFile(join(renderer, 'assets', 'run.sh'), '#!/bin/sh');
  await writeFile(join(renderer, '.env.js'), 'export const hidden = 1;');
  await mkdir(join(root, 'out', 'main'), { recursive: true });
  await writeFile(join(root, 'out', 'main', 'index.js'), 'main bundle');
  await writeFile(join(root, 'secret.js'), 'outside');
  await symlink(join(root, 'secret.js'), join(renderer, 'assets', 'escape.js'));
  await symlink(join(root, 'out', 'main'), join(renderer, 'main'));
  await symlink(join(renderer, 'assets', 'index-abc.js'), join(renderer, 'assets', 'alias.js'));
  await mkdir(join(renderer, 'folder.js'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const handler = () => createRendererHandler({ root: renderer });
const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  handler().handle({ url, headers, method });

describe('renderer scheme: what it serves', () => {
  it('serves index.html for the entry and the bare origin, with the CSP and no sniffing', async () => {
    for (const url of [RENDERER_ENTRY_URL, 'app://cadenza/', 'app://cadenza/index.html?x=1#/a']) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.headers['Content-Type']).toBe('text/html; charset=utf-8');
      expect(res.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['X-Content-Type-Options']).toBe('nosniff');
      expect((await read(res.body)).toString()).toContain('<title>Cadenza</title>');
    }
  });

  it.each([
    ['assets/index-abc.js', 'text/javascript; charset=utf-8'],
    ['assets/VoicePanel-def.js', 'text/javascript; charset=utf-8'],
    ['assets/VoicePanel-def.js.map', 'application/json; charset=utf-8'],
    ['assets/index-abc.css', 'text/css; charset=utf-8'],
    ['assets/logo.svg', 'image/svg+xml'],
    ['assets/alias.js', 'text/javascript; charset=utf-8'], // a symlink inside the folder
  ])('serves %s as %s', async (path, type) => {
    const res = await get(`app://cadenza/${path}`);
    expect(res.status).toBe(200);
    expect(res.headers['Content-Type']).toBe(type);
    expect(res.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(Number(res.headers['Content-Length'])).toBe((await read(res.body)).length);
  });

  it('answers a byte range with 206 and exactly those bytes; 416 past the end; HEAD has no body', async () => {
    const ranged = await get('app://cadenza/assets/index-abc.js', { range: 'bytes=100-1099' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['Content-Range']).toBe(`bytes 100-1099/${chunk.length}`);
    expect(ranged.headers['Content-Length']).toBe('1000');
    expect((await read(ranged.body)).equals(chunk.subarray(100, 1100))).toBe(true);
    const past = await get('app://cadenza/assets/index-abc.js', { range: 'bytes=999999-' });
    expect(past.status).toBe(416);
    expect(past.headers['Content-Range']).toBe(`bytes */${chunk.length}`);
    const head = await get('app://cadenza/assets/index-abc.js', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['Content-Length']).toBe(String(chunk.length));
    expect(head.body).toBeNull();
    expect((await get('app://cadenza/index.html', {}, 'POST')).status).toBe(405);
  });
});

describe('renderer scheme: what it refuses', () => {
  it.each([
    ['app://cadenza/..%2fmain%2findex.js', 403], // encoded separator
    ['app://cadenza/%2e%2e/main/index.js', 403],
    ['app://cadenza/assets/..%5c..%5csecret.js', 403], // encoded backslash
    ['app://cadenza/assets/%00.js', 403],
    ['app://cadenza/assets//index-abc.js', 403],
    ['app://cadenza/.env.js', 403], // hidden files
    ['app://cadenza/assets/%E0%A4%A.js', 400], // broken escape
    ['app://cadenza/assets/escape.js', 403], // symlink out of the folder
    ['app://cadenza/main/index.js', 403], // a linked folder out of it
    ['app://cadenza/assets/missing.js', 404],
    ['app://cadenza/folder.js', 404], // a folder
    ['app://cadenza/assets/notes.txt', 404], // unknown types are never served
    ['app://cadenza/assets/run.sh', 404],
    ['app://cadenza/assets', 404],
    ['app://evil/index.html', 404], // another host of the scheme
    ['app://cadenza.evil/index.html', 404],
    ['app://cadenza:8080/index.html', 404],
    ['app://user@cadenza/index.html', 404],
    ['cadenza-media://library/index.html', 400],
    ['file:///etc/passwd', 400],
  ])('%s → %i', async (url, status) => {
    const res = await get(url);
    expect(res.status).toBe(status);
    expect(res.body).toBeNull();
  });

  it('refuses a folder swapped for a symlink out of the root between the check and the open', async () => {
    const swapRoot = join(root, 'swap');
    const assets = join(swapRoot, 'assets');
    await mkdir(assets, { recursive: true });
    await writeFile(join(assets, 'a.js'), 'inside');
    const outside = join(root, 'swap-outside');
    await mkdir(outside, { recursive: true });
    await writeFile(join(outside, 'a.js'), 'outside');
    const swapped = createRendererHandler({
      root: swapRoot,
      beforeOpen: async () => {
        await rename(assets, `${assets}-old`);
        await symlink(outside, assets);
      },
    });
    const res = await swapped.handle({ url: 'app://cadenza/assets/a.js', headers: {} });
    expect(res.status).toBe(403);
    expect(res.body).toBeNull();
  });
});

describe('renderer scheme: a packaged app (out/renderer inside app.asar)', () => {
  // Electron's fs makes up a new inode for an archive entry on every stat, so the descriptor
  // check is replaced by a read through the archive; a folder named *.asar takes that path here.
  it('serves whole files and ranges read through the archive, and still confines', async () => {
    const packed = join(root, 'resources', 'app.asar', 'out', 'renderer');
    await mkdir(join(packed, 'assets'), { recursive: true });
    await writeFile(join(packed, 'assets', 'index-abc.js'), chunk);
    await symlink(join(root, 'secret.js'), join(packed, 'assets', 'escape.js'));
    const h = createRendererHandler({
      root: packed,
      beforeOpen: () => Promise.reject(new Error('no descriptor is opened in an archive')),
    });
    const whole = await h.handle({ url: 'app://cadenza/assets/index-abc.js', headers: {} });
    expect(whole.status).toBe(200);
    expect((await read(whole.body)).equals(chunk)).toBe(true);
    const part = await h.handle({
      url: 'app://cadenza/assets/index-abc.js',
      headers: { range: 'bytes=-10' },
    });
    expect(part.status).toBe(206);
    expect(part.headers['Content-Range']).toBe(
      `bytes ${chunk.length - 10}-${chunk.length - 1}/${chunk.length}`,
    );
    expect((await read(part.body)).equals(chunk.subarray(chunk.length - 10))).toBe(true);
    expect((await h.handle({ url: 'app://cadenza/assets/escape.js', headers: {} })).status).toBe(
      403,
    );
  });
});

describe('renderer scheme: registration and policy', () => {
  it('registers app: (standard, secure, fetch; not CORS-enabled) and cadenza-media: in one call', () => {
    const calls: unknown[][] = [];
    registerAppSchemes({ registerSchemesAsPrivileged: (s) => void calls.push(s) });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
      {
        scheme: 'cadenza-media',
        privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true },
      },
    ]);
    expect(RENDERER_PRIVILEGES).not.toHaveProperty('corsEnabled');
    expect(RENDERER_PRIVILEGES).not.toHaveProperty('bypassCSP');
  });

  it("the index.html meta tag carries the very policy the handler sends; script-src is 'self' only", async () => {
    const html = await readFile(join(__dirname, '../../../src/renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(CONTENT_SECURITY_POLICY);
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('media-src')).toEqual(["'self'", 'cadenza-media:']);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|file:|\*/);
  });
});
