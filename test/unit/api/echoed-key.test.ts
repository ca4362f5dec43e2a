/**
 * Security: a service (hostile, compromised, or just buggy) that echoes the API key back. Nothing
 * normalised from its answers may carry the key — titles, lyrics, tags, URLs, raw bodies kept for
 * diagnosis — and a media URL that carries the key is refused rather than fetched.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../src/main/services/api';
import { caught } from '../../support/caught';
import { json, ok, startServer, type TestServer } from './server';

const KEY = 'echoed-key-8c41d2e7f0';
let api: TestServer;
let client: ServiceClient;
let dir: string;

beforeEach(async () => {
  api = await startServer();
  client = createServiceClient({ baseUrl: api.url, getKey: () => Promise.resolve(KEY) });
  dir = await mkdtemp(join(tmpdir(), 'cadenza-echo-'));
});
afterEach(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a service that echoes the key', () => {
  it('gives records with the key removed from every text and URL', async () => {
    api.handle((_req, res) =>
      ok(res, [
        {
          song_id: 's1',
          title: `Night drive ${KEY}`,
          lyric: `[Verse]\\nkey is ${KEY}`,
          tags: `synthwave, ${KEY}`,
          audio: `${api.url}/media/s1.mp3`,
          image: `${api.url}/art/${KEY}.png`,
          status: 'stream',
          audio_duration: -1,
        },
        {
          song_id: 's2',
          title: 'Clean',
          lyric: '',
          tags: '',
          audio: `${api.url}/media/s2.mp3`,
          status: 'stream',
        },
      ]),
    );
    const records = await client.songs.submit({ mode: 'auto', prompt: 'night drive' });
    expect(records).toHaveLength(2);
    expect(JSON.stringify(records)).not.toContain(KEY);
    expect(records[0]?.title).toMatch(/^Night drive /);
  });

  it('keeps no key in an error, even one echoed as a property name', async () => {
    api.handle((_req, res) =>
      json(res, 422, {
        detail: [{ loc: ['body', KEY], msg: `bad ${KEY}`, type: 'value_error' }],
        echo: { [KEY]: { [`${KEY}2`]: 'echo' } },
      }),
    );
    const e = await caught(client.songs.submit({ mode: 'auto', prompt: 'night drive' }));
    expect(JSON.stringify({ raw: e.raw, fields: e.fields, message: e.message })).not.toContain(KEY);
    expect(JSON.stringify(e.raw)).toContain('echo');
  });

  it('refuses to fetch a media URL that carries the key, without sending a request', async () => {
    const e = await caught(
      client.download(`${api.url}/media/s1.mp3?token=${KEY}`, join(dir, 'song.mp3')),
    );
    expect(e.code).toBe('forbidden');
    expect(e.message).not.toContain(KEY);
    expect(api.seen).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });
});
