import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/main/services/api';
import {
  createDispatcherChooser,
  isLoopbackHost,
  proxyConfigured,
} from '../../../src/main/services/http/proxy';
import { loadUndici } from '../../../src/main/services/http/undici';

// the chooser runs inside a request, after the policy has loaded undici
beforeAll(() => loadUndici());

/**
 * A forward proxy stand-in: records what it is asked for (CONNECT tunnels or absolute URLs) and
 * sends everything to a local backend that plays the service.
 */
let proxy: Server;
let backend: Server;
let proxyUrl: string;
const asked: string[] = [];
const tunnels: { destroy(): void }[] = [];

beforeEach(async () => {
  asked.length = 0;
  backend = createServer((_req, res) => {
    const body = JSON.stringify({ Singers: [{ singer_id: 1, singer_name: 'Via proxy' }] });
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
  const backendPort = (backend.address() as AddressInfo).port;
  proxy = createServer((req, res) => {
    asked.push(req.url ?? '');
    backend.emit('request', req, res);
  });
  proxy.on('connect', (req, socket, head) => {
    asked.push(`CONNECT ${req.url ?? ''}`);
    tunnels.push(socket);
    const upstream = connect(backendPort, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterEach(async () => {
  tunnels.splice(0).forEach((t) => t.destroy());
  for (const s of [proxy, backend]) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
});

describe('proxy decision', () => {
  it('no variables: direct; loopback never proxied', () => {
    expect(proxyConfigured({})).toBe(false);
    expect(createDispatcherChooser(undefined, {})(new URL('https://api.example'))).toBeUndefined();
    const choose = createDispatcherChooser(undefined, { HTTPS_PROXY: 'http://proxy.local:3128' });
    expect(choose(new URL('https://api.example'))).toBeDefined();
    for (const host of ['http://localhost:8080', 'http://127.0.0.1:1', 'http://[::1]:9'])
      expect(choose(new URL(host))).toBeUndefined();
    expect(isLoopbackHost('127.5.6.7')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
  });

  it('HTTP_PROXY carries requests to a non-loopback service through the proxy', async () => {
    const dispatcherFor = createDispatcherChooser(undefined, { HTTP_PROXY: proxyUrl });
    const client = createServiceClient({
      baseUrl: 'http://service.invalid',
      getKey: async () => 'proxy-test-key',
      dispatcher: dispatcherFor(new URL('http://service.invalid')),
    });
    const singers = await client.covers.singers();
    expect(singers[0]?.name).toBe('Via proxy');
    expect(asked[0]).toMatch(
      /^(CONNECT service\.invalid:80|http:\/\/service\.invalid\/v1\/singers)$/,
    );
  });

  it('NO_PROXY exempts hosts', async () => {
    const choose = createDispatcherChooser(undefined, {
      HTTP_PROXY: proxyUrl,
      NO_PROXY: 'service.invalid',
    });
    const client = createServiceClient({
      baseUrl: 'http://service.invalid',
      getKey: async () => 'k',
      dispatcher: choose(new URL('http://service.invalid')),
      retry: { attempts: 1 },
    });
    const e = await client.covers.singers().catch((x: { code: string }) => x);
    expect((e as { code: string }).code).toBe('network'); // went direct, and .invalid does not resolve
    expect(asked).toHaveLength(0);
  });
});
