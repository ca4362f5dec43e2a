import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index';
import { api, bytesOf, KEY } from './helpers';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ stepMs: 5, counters: { key_music_counts: 2, key_words_counts: 30 } });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => emu.reset());

const song = { is_auto: 1, prompt: 'lofi' };

describe('emulator auth', () => {
  it('answers 401 with detail and message for a missing or unknown key', async () => {
    const missing = await api(emu.url, '/v1/voices_list', { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ detail: expect.any(String), message: expect.any(String) });
    expect((await api(emu.url, '/v1/voices_list', { key: 'wrong' })).status).toBe(401);
  });

  it('answers 403 when the key is disabled, while key info reports key_status', async () => {
    emu.configure({ keyStatus: 2 });
    const r = await api(emu.url, '/v2/submit', { json: song });
    expect(r.status).toBe(403);
    const info = await api(emu.url, '/v1/get_api_key_info');
    expect(info.body).toMatchObject({ key_status: 2, x_api_key: KEY });
  });

  it('accepts only the configured keys', async () => {
    const other = await startEmulator({ keys: ['demo-key-0000'] });
    try {
      expect((await api(other.url, '/v1/singers')).status).toBe(401);
      const ok = await api(other.url, '/v1/get_api_key_info', { key: 'demo-key-0000' });
      expect(ok.body.x_api_key).toBe('demo-key-0000');
    } finally {
      await other.close();
    }
  });
});

describe('emulator entitlements', () => {
  it('decrements the music counter per submission and then answers status 400015', async () => {
    expect((await api(emu.url, '/v2/submit', { json: song })).body.status).toBe(200);
    expect((await api(emu.url, '/v1/music', { json: song })).body.status).toBe(200);
    expect(emu.counters().key_music_counts).toBe(0);
    const r = await api(emu.url, '/v2/submit', { json: song });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 400015, message: 'Insufficient account balance' });
    expect((await api(emu.url, '/v1/get_api_key_info')).body.key_music_counts).toBe(0);
    expect(emu.songs()).toHaveLength(4);
  });

  it('spends TTS words by text length and answers status 400 "left counts" when short', async () => {
    const speaker = (await api(emu.url, '/v1/voices_list')).body.Voice[0].speaker;
    const ok = await api(emu.url, '/v1/text2speech', {
      json: { text: 'twenty characters!!!', speaker, emotion: 'Neutral' },
    });
    expect(ok.body.data).toMatchObject({ speaker, name: 'Ava' });
    expect(emu.counters().key_words_counts).toBe(10);
    const r = await api(emu.url, '/v1/text2speech', { json: { text: 'eleven char', speaker } });
    expect(r.body.status).toBe(400);
    expect(r.body.message).toContain('left counts');
    emu.setCounter('key_words_counts', 100);
    expect(
      (await api(emu.url, '/v1/text2speech', { json: { text: 'eleven char', speaker } })).body
        .status,
    ).toBe(200);
  });
});

describe('emulator injected failures', () => {
  it('fires each kind the given number of times, then answers normally', async () => {
    emu.inject({ path: '/v1/singers', kind: 'http500', times: 2 });
    expect((await api(emu.url, '/v1/singers')).status).toBe(500);
    expect((await api(emu.url, '/v1/singers')).status).toBe(500);
    expect((await api(emu.url, '/v1/singers')).body.Singers.length).toBeGreaterThan(0);
  });

  it('sends in-band, 401, 403, 422, empty data and entitlement answers', async () => {
    const cases = [
      {
        kind: 'in_band',
        check: (r: { status: number; body: { status: number } }) =>
          r.status === 200 && r.body.status !== 200,
      },
      { kind: 'http401', check: (r: { status: number }) => r.status === 401 },
      { kind: 'http403', check: (r: { status: number }) => r.status === 403 },
      {
        kind: 'http422',
        check: (r: { status: number; body: { detail: { loc: string[] }[] } }) =>
          r.status === 422 && r.body.detail[0]!.loc[1] === 'prompt',
      },
      {
        kind: 'empty_data',
        check: (r: { body: unknown }) =>
          JSON.stringify(r.body) === '{"status":200,"message":"Success","data":{}}',
      },
      { kind: 'entitlement', check: (r: { body: { status: number } }) => r.body.status === 400015 },
    ] as const;
    for (const c of cases) {
      emu.inject({ path: '/v2/submit', kind: c.kind });
      const r = await api(emu.url, '/v2/submit', { json: song });
      expect(c.check(r as never), c.kind).toBe(true);
    }
    expect(emu.songs()).toHaveLength(0); // injected failures make nothing
    expect(
      emu.log
        .filter((e) => e.path === '/v2/submit')
        .every((e) => (e.json as { prompt: string }).prompt === 'lofi'),
    ).toBe(true);
    emu.inject({ path: '/v1/text2speech', kind: 'entitlement' });
    const tts = await api(emu.url, '/v1/text2speech', { json: { text: 'x', speaker: 'y' } });
    expect(tts.body.status).toBe(400);
  });

  it('times out (never answers) and resets sockets', async () => {
    emu.inject({ path: '/v1/get_api_key_info', kind: 'timeout' });
    await expect(
      api(emu.url, '/v1/get_api_key_info', { signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    emu.inject({ path: '/v1/get_api_key_info', kind: 'reset' });
    await expect(api(emu.url, '/v1/get_api_key_info')).rejects.toThrow();
    expect((await api(emu.url, '/v1/get_api_key_info')).status).toBe(200);
  });

  it('matches by method and by path prefix, on the media origin too', async () => {
    emu.inject({ path: '/v1/clone_voice_del/*', kind: 'http500', method: 'DELETE' });
    expect((await api(emu.url, '/v1/clone_voice_del/abc', { method: 'DELETE' })).status).toBe(500);
    emu.inject({ path: '/media/tone.wav', kind: 'http500' });
    expect((await bytesOf(`${emu.mediaUrl}/media/tone.wav`)).status).toBe(500);
    expect((await bytesOf(`${emu.mediaUrl}/media/tone.wav`)).status).toBe(200);
  });
});
