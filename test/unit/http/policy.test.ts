import { Agent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import {
  createHttpPolicy,
  type ConnectTarget,
  type HttpPolicy,
} from '../../../src/main/services/http/policy';
import { retryAfterMs } from '../../../src/main/services/http/retry';
import { caught } from '../../support/caught';
import { json, startServer, type TestServer } from '../api/server';

let a: TestServer;
let b: TestServer;
const ctx = { action: 'test the policy' };

beforeEach(async () => {
  a = await startServer();
  b = await startServer();
});
afterEach(async () => {
  await a.close();
  await b.close();
});

const text = (policy: HttpPolicy, url: string, extra: object = {}) =>
  policy.request({ url, ctx, kind: 'call', ...extra }, async (res) => ({
    status: res.status,
    text: await res.text(1 << 20),
  }));

describe('Retry-After and retries', () => {
  it('a GET waits as long as Retry-After says, then tries again', async () => {
    let n = 0;
    a.handle((_req, res) => {
      if (n++ === 0) {
        res.writeHead(503, { 'retry-after': '1', 'content-length': '0' });
        return res.end();
      }
      json(res, 200, { ok: true });
    });
    const policy = createHttpPolicy({ retry: { baseDelayMs: 5 } });
    const t0 = Date.now();
    expect((await text(policy, `${a.url}/x`)).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(a.seen).toHaveLength(2);
  });

  it('a Retry-After longer than the policy waits is not waited for: the answer is reported', async () => {
    a.handle((_req, res) => {
      res.writeHead(429, { 'retry-after': '3600', 'content-length': '0' });
      res.end();
    });
    const policy = createHttpPolicy({ retry: { baseDelayMs: 5 } });
    expect((await text(policy, `${a.url}/x`)).status).toBe(429);
    expect(a.seen).toHaveLength(1);
  });

  it('a POST is sent once, whatever the answer', async () => {
    a.handle((_req, res) => json(res, 503, { busy: true }));
    const policy = createHttpPolicy({ retry: { baseDelayMs: 5 } });
    const r = await text(policy, `${a.url}/x`, { method: 'POST', body: () => '{}' });
    expect(r.status).toBe(503);
    expect(a.seen).toHaveLength(1);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('7')).toBe(7000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString(), Date.now())).toBeGreaterThan(
      3000,
    );
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('redirects and the pinned key', () => {
  it('pinned headers go to their origin only, never after a hop left it', async () => {
    a.handle((req, res) => {
      if (req.path === '/start') {
        res.writeHead(302, { location: `${b.url}/away` }).end();
      } else json(res, 200, { here: true });
    });
    b.handle((_req, res) => res.writeHead(307, { location: `${a.url}/back` }).end());
    const policy = createHttpPolicy();
    const r = await text(policy, `${a.url}/start`, {
      pinned: { origin: new URL(a.url).origin, headers: { 'x-api-key': 'k-123' } },
    });
    expect(r.status).toBe(200);
    expect(a.seen.map((s) => [s.path, s.headers['x-api-key']])).toEqual([
      ['/start', 'k-123'],
      ['/back', undefined],
    ]);
    expect(b.seen[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('refuses non-http(s) redirects and too many hops', async () => {
    a.handle((req, res) =>
      res.writeHead(302, { location: req.path === '/file' ? 'file:///etc/passwd' : '/loop' }).end(),
    );
    const policy = createHttpPolicy({ maxRedirects: 3 });
    expect((await caught(text(policy, `${a.url}/file`))).code).toBe('forbidden');
    expect((await caught(text(policy, `${a.url}/loop`))).message).toMatch(/too many times/);
    expect(a.seen.filter((s) => s.path === '/loop')).toHaveLength(4);
  });
});

describe('the address guard hook', () => {
  it('is asked at connect time about every hop, with the address', async () => {
    a.handle((_req, res) => res.writeHead(302, { location: `${b.url}/there` }).end());
    b.handle((_req, res) => json(res, 200, {}));
    const seen: ConnectTarget[] = [];
    const policy = createHttpPolicy({ guard: (t) => void seen.push(t) });
    await text(policy, `${a.url}/here`);
    expect(seen.map((t) => [t.address, t.port, t.protocol])).toEqual([
      ['127.0.0.1', Number(new URL(a.url).port), 'http:'],
      ['127.0.0.1', Number(new URL(b.url).port), 'http:'],
    ]);
  });

  it('resolves names itself and passes each address; a refusal is a forbidden AppError and nothing is sent', async () => {
    const seen: ConnectTarget[] = [];
    const guard = (t: ConnectTarget): void => {
      seen.push(t);
      throw new AppError('forbidden', `Not allowed: ${t.hostname}.`);
    };
    const policy = createHttpPolicy({ guard });
    const url = a.url.replace('127.0.0.1', 'localhost');
    const e = await caught(text(policy, `${url}/x`));
    expect(e.code).toBe('forbidden');
    expect(e.message).toBe('Not allowed: localhost.');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((t) => t.hostname === 'localhost' && t.address !== undefined)).toBe(true);
    expect(a.seen).toHaveLength(0);
  });

  it('through a proxy (or an explicit dispatcher) it is asked before each hop by host name', async () => {
    a.handle((_req, res) => res.writeHead(302, { location: `${b.url}/there` }).end());
    b.handle((_req, res) => json(res, 200, {}));
    const seen: ConnectTarget[] = [];
    const dispatcher = new Agent();
    const policy = createHttpPolicy({ dispatcher, guard: (t) => void seen.push(t) });
    await text(policy, `${a.url}/here`);
    await dispatcher.close();
    expect(seen.map((t) => [t.hostname, t.address, t.port])).toEqual([
      ['127.0.0.1', undefined, Number(new URL(a.url).port)],
      ['127.0.0.1', undefined, Number(new URL(b.url).port)],
    ]);
  });
});

describe('bounded waits and reads', () => {
  it('connect, idle and deadline limits end a silent server', async () => {
    a.handle(() => undefined); // never answers
    const policy = createHttpPolicy({ retry: { attempts: 1 } });
    const t0 = Date.now();
    const e = await caught(text(policy, `${a.url}/x`, { deadlineMs: 300 }));
    expect(e.code).toBe('timeout');
    expect(Date.now() - t0).toBeLessThan(2000);
    const idle = await caught(text(policy, `${a.url}/x`, { idleMs: 200, deadlineMs: 5000 }));
    expect(idle.code).toBe('timeout');
  });

  it('a transfer that drips under the throughput floor is stopped', async () => {
    a.handle((_req, res) => {
      res.writeHead(200, { 'content-length': '100000' });
      const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write('x')), 20);
    });
    const policy = createHttpPolicy({
      timeouts: { minBytesPerSecond: 1000, throughputWindowMs: 400 },
    });
    const e = await caught(
      policy.request({ url: `${a.url}/x`, ctx, kind: 'transfer', attempts: 1 }, async (res) => {
        for await (const _ of res.body()) void _;
      }),
    );
    expect(e.code).toBe('timeout');
    expect(e.message).toMatch(/too slowly/);
  });

  it('refuses answers larger than asked, by Content-Length and by counting', async () => {
    a.handle((req, res) => {
      const body = Buffer.alloc(3000, 0x61);
      res.writeHead(200, req.path === '/len' ? { 'content-length': '3000' } : {});
      res.end(body);
    });
    const policy = createHttpPolicy();
    const read = (p: string) =>
      policy.request({ url: `${a.url}${p}`, ctx, kind: 'call' }, (res) => res.text(1000));
    expect((await caught(read('/len'))).code).toBe('bad_response');
    expect((await caught(read('/chunked'))).message).toMatch(/larger than the 1 MB/);
  });

  it('a cancel is "cancelled", during a Retry-After wait too', async () => {
    a.handle((_req, res) => res.writeHead(503, { 'retry-after': '5' }).end());
    const policy = createHttpPolicy();
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    const e = await caught(text(policy, `${a.url}/x`, { signal: ctl.signal }));
    expect(e.code).toBe('cancelled');
  });
});
