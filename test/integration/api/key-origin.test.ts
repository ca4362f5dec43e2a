import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/main/services/api';
import { caught, KEY, useEmulator } from './harness';

/**
 * The key must reach only the configured service origin. Here the configured origin is a small
 * front server that redirects to the emulator's service and media origins (different ports, so
 * different origins): neither may receive the key.
 */
const h = useEmulator();
let front: Server;
let frontUrl: string;
let target: (path: string) => string;

beforeEach(async () => {
  front = createServer((req, res) => {
    res.writeHead(307, { location: target(req.url ?? '/') });
    res.end();
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});
afterEach(async () => {
  front.closeAllConnections();
  await new Promise<void>((r) => front.close(() => r()));
});

describe('x-api-key and redirects', () => {
  it('is not sent across a redirect to another origin (the emulator sees no key and refuses)', async () => {
    target = (path) => `${h.emu.url}${path}`;
    const client = createServiceClient({ baseUrl: frontUrl, getKey: async () => KEY });
    const e = await caught(client.keyInfo());
    expect(e.code).toBe('auth');
    const entry = h.emu.log.find((l) => l.path === '/v1/get_api_key_info');
    expect(entry).toBeDefined();
    expect(entry?.headers['x-api-key']).toBeUndefined();
  });

  it('is not sent across a redirect to the media origin, for GETs and POSTs', async () => {
    target = () => `${h.emu.mediaUrl}/media/photo.png`;
    const client = createServiceClient({
      baseUrl: frontUrl,
      getKey: async () => KEY,
      retry: { attempts: 1 },
    });
    await caught(client.keyInfo()); // a PNG is not key info
    await caught(client.songs.submit({ mode: 'auto', prompt: 'lofi' }));
    const media = h.emu.log.filter((l) => l.origin === 'media');
    expect(media.length).toBe(2);
    expect(media.every((l) => l.headers['x-api-key'] === undefined)).toBe(true);
    expect(JSON.stringify(h.emu.log)).not.toContain(KEY);
  });

  it('goes to the configured service itself, and never to media URLs from its answers', async () => {
    const tts = await h.client.voices.tts({
      text: 'hi',
      speaker: (await h.client.voices.list())[0]!.speaker,
    });
    await h.client.download(tts.audioUrl, `${h.dir}/x.wav`);
    const service = h.emu.log.filter((l) => l.origin === 'service');
    expect(service.every((l) => l.headers['x-api-key'] === KEY)).toBe(true);
    const media = h.emu.log.filter((l) => l.origin === 'media');
    expect(media).toHaveLength(1);
    expect(media[0]?.headers['x-api-key']).toBeUndefined();
  });
});
