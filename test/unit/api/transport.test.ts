import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../src/main/services/api';
import { caught } from '../../support/caught';
import { json, ok, startServer, type TestServer } from './server';

const KEY = 'unit-key-5f2c9a';
let api: TestServer;
let other: TestServer;
let client: ServiceClient;

const keyInfoBody = {
  x_api_key: KEY,
  key_status: 0,
  key_words_counts: 1,
  key_clone_voices: 1,
  key_cover_counts: 1,
  key_vc_counts: 1,
  key_music_counts: 1,
  key_singing_credits: 1,
};

beforeEach(async () => {
  api = await startServer();
  other = await startServer();
  client = createServiceClient({
    baseUrl: `${api.url}/`,
    getKey: async () => KEY,
    timeoutMs: 1500,
    retry: { attempts: 3, baseDelayMs: 5 },
  });
});
afterEach(async () => {
  await api.close();
  await other.close();
});

describe('the key goes only to the service origin', () => {
  it('is sent to the service, and removed from key info', async () => {
    api.handle((_req, res) => json(res, 200, keyInfoBody));
    const info = await client.keyInfo();
    expect(api.seen[0]?.headers['x-api-key']).toBe(KEY);
    expect(JSON.stringify(info)).not.toContain(KEY);
  });

  it('is dropped on a redirect to another origin (and the answer there is used)', async () => {
    api.handle((_req, res) => {
      res.writeHead(302, { location: `${other.url}/elsewhere` });
      res.end();
    });
    other.handle((_req, res) =>
      json(res, 200, { Singers: [{ singer_id: 7, singer_name: 'Mia' }] }),
    );
    const singers = await client.covers.singers();
    expect(singers).toEqual([{ id: '7', name: 'Mia', isCustom: false }]);
    expect(other.seen).toHaveLength(1);
    expect(other.seen[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('stays off when a cross-origin hop redirects back to the service', async () => {
    api.handle((req, res) => {
      if (req.path === '/v1/singers') {
        res.writeHead(307, { location: `${other.url}/bounce` });
        return res.end();
      }
      json(res, 200, { Singers: [] });
    });
    other.handle((_req, res) => {
      res.writeHead(302, { location: `${api.url}/back` });
      res.end();
    });
    await client.covers.singers();
    expect(api.seen.map((r) => [r.path, r.headers['x-api-key']])).toEqual([
      ['/v1/singers', KEY],
      ['/back', undefined],
    ]);
  });

  it('refuses redirects to non-http schemes', async () => {
    api.handle((_req, res) => {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    });
    expect((await caught(client.covers.singers())).code).toBe('forbidden');
  });

  it('downloads never carry the key', async () => {
    other.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(Buffer.alloc(10));
    });
    const { mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(`${tmpdir()}/cadenza-dl-`);
    await client.download(`${other.url}/x`, `${dir}/a.mp3`);
    expect(other.seen[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('no key: nothing is sent', async () => {
    const noKey = createServiceClient({ baseUrl: api.url, getKey: async () => undefined });
    expect((await caught(noKey.keyInfo())).code).toBe('no_key');
    expect(api.seen).toHaveLength(0);
  });
});

describe('retries', () => {
  it('a GET is retried after a 5xx, up to 3 tries', async () => {
    let n = 0;
    api.handle((_req, res) =>
      ++n < 3 ? json(res, 503, { detail: 'busy' }) : json(res, 200, keyInfoBody),
    );
    await client.keyInfo();
    expect(api.seen).toHaveLength(3);
  });

  it('gives up after 3 tries with a server error', async () => {
    api.handle((_req, res) => json(res, 500, { detail: 'boom' }));
    const e = await caught(client.keyInfo());
    expect(e.code).toBe('server');
    expect(e.httpStatus).toBe(500);
    expect(api.seen).toHaveLength(3);
  });

  it('a POST is never retried', async () => {
    api.handle((_req, res) => json(res, 502, { detail: 'bad gateway' }));
    const e = await caught(client.songs.submit({ mode: 'auto', prompt: 'lofi' }));
    expect(e.code).toBe('server');
    expect(e.message).toMatch(/may have been charged/);
    expect(api.seen).toHaveLength(1);
  });

  it('a reset connection on a GET is retried; on a POST it is a network error', async () => {
    let n = 0;
    api.handle((_req, res, raw) =>
      ++n === 1 ? raw.socket.destroy() : json(res, 200, keyInfoBody),
    );
    await client.keyInfo();
    expect(api.seen).toHaveLength(2);
    api.handle((_req, _res, raw) => raw.socket.destroy());
    const e = await caught(client.songs.submit({ mode: 'auto', prompt: 'lofi' }));
    expect(e.code).toBe('network');
    expect(api.seen).toHaveLength(3);
  });
});

describe('deadlines and cancel', () => {
  it('times out', async () => {
    api.handle(() => undefined); // never answers
    const e = await caught(
      client.songs.submit({ mode: 'auto', prompt: 'lofi' }, { timeoutMs: 200 }),
    );
    expect(e.code).toBe('timeout');
  });

  it('an abort is "cancelled", also while waiting between retries', async () => {
    api.handle(() => undefined);
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 100);
    expect((await caught(client.keyInfo({ signal: ctl.signal }))).code).toBe('cancelled');
    api.handle((_req, res) => json(res, 503, {}));
    const slow = createServiceClient({
      baseUrl: api.url,
      getKey: async () => KEY,
      retry: { attempts: 3, baseDelayMs: 5000 },
    });
    const ctl2 = new AbortController();
    setTimeout(() => ctl2.abort(), 150);
    const started = Date.now();
    expect((await caught(slow.keyInfo({ signal: ctl2.signal }))).code).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('failures become AppErrors', () => {
  it('401 and 403 are auth', async () => {
    api.handle((_req, res) => json(res, 401, { detail: 'Invalid API key' }));
    const e = await caught(client.keyInfo());
    expect(e.code).toBe('auth');
    expect(e.message).toMatch(/^The service didn't accept your API key/);
    api.handle((_req, res) => json(res, 403, { message: 'Forbidden' }));
    expect((await caught(client.voices.list())).code).toBe('auth');
  });

  it('422 maps loc to the input fields', async () => {
    api.handle((_req, res) =>
      json(res, 422, {
        detail: [
          {
            loc: ['body', 'continue_at'],
            msg: 'Input should be greater than 0',
            type: 'greater_than',
          },
          { loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' },
        ],
      }),
    );
    const e = await caught(client.songs.submit({ mode: 'auto', prompt: 'x' }));
    expect(e.code).toBe('validation');
    expect(e.fields).toEqual({
      continueAtS: 'Input should be greater than 0',
      prompt: 'Field required',
    });
  });

  it.each([
    [
      { status: 400, message: 'The number of left counts is insufficient' },
      '/v1/text2speech',
      'key_words_counts',
    ],
    [{ status: 400015, message: 'Insufficient account balance' }, '/v2/submit', 'key_music_counts'],
    [{ status: 403, message: '权益不足' }, '/v1/singing/generate', 'key_singing_credits'],
  ])('entitlement %j names the counter', async (body, path, counter) => {
    api.handle((_req, res) => json(res, 200, body));
    const call =
      path === '/v1/text2speech'
        ? client.voices.tts({ text: 'hi', speaker: 'sp' })
        : path === '/v2/submit'
          ? client.songs.submit({ mode: 'auto', prompt: 'lofi' })
          : client.singing.generate({ audioUrl: 'https://m/a.mp3', imageUrl: 'https://m/a.png' });
    const e = await caught(call);
    expect(e.code).toBe('entitlement');
    expect(e.counter).toBe(counter);
  });

  it('in-band failure carries the service message and the raw body without the key', async () => {
    api.handle((_req, res) =>
      json(res, 200, { status: 500, message: `prompt rejected for ${KEY}`, data: {} }),
    );
    const e = await caught(client.songs.submit({ mode: 'auto', prompt: 'lofi' }));
    expect(e.code).toBe('in_band');
    expect(e.message).toContain('prompt rejected');
    expect(e.message).not.toContain(KEY);
    expect(JSON.stringify(e.raw)).not.toContain(KEY);
  });

  it('unreadable answers are bad_response with the raw text', async () => {
    api.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>gateway</html>');
    });
    const e = await caught(client.keyInfo());
    expect(e.code).toBe('bad_response');
    expect(e.raw).toBe('<html>gateway</html>');
  });

  it('connection refused is network', async () => {
    const dead = createServiceClient({
      baseUrl: 'http://127.0.0.1:1',
      getKey: async () => KEY,
      retry: { attempts: 1, baseDelayMs: 1 },
    });
    expect((await caught(dead.keyInfo())).code).toBe('network');
  });

  it('a bad /v1/music answers data: {} and fails clearly', async () => {
    api.handle((_req, res) => ok(res, {}));
    const e = await caught(client.songs.generateV1({ mode: 'auto', prompt: 'lofi' }));
    expect(e.code).toBe('bad_response');
    expect(e.raw).toEqual({ status: 200, message: 'Success', data: {} });
  });
});
