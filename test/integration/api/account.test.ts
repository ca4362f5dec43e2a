import { describe, expect, it } from 'vitest';
import { caught, KEY, logged, useEmulator } from './harness';

const h = useEmulator();

describe('key info against the emulator', () => {
  it('answers the counters without the key itself', async () => {
    h.emu.setCounter('key_music_counts', 12);
    const info = await h.client.keyInfo();
    expect(info.key_music_counts).toBe(12);
    expect(info.key_status).toBe(0);
    expect(info.email).toBe('creator@example.com');
    expect(info).not.toHaveProperty('x_api_key');
    expect(JSON.stringify(info)).not.toContain(KEY);
    expect(logged(h.emu, '/v1/get_api_key_info')[0]?.headers['x-api-key']).toBe(KEY);
  });

  it('reports a disabled key through key_status', async () => {
    h.emu.configure({ keyStatus: 1 });
    expect((await h.client.keyInfo()).key_status).toBe(1);
  });

  it('a wrong key is auth, with the creator-facing message', async () => {
    const wrong = h.makeClient({ getKey: async () => 'not-a-valid-key' });
    const e = await caught(wrong.keyInfo());
    expect(e.code).toBe('auth');
    expect(e.message).toMatch(/^The service didn't accept your API key/);
    expect(e.httpStatus).toBe(401);
  });

  it.each(['http401', 'http403'] as const)('injected %s is auth', async (kind) => {
    h.emu.inject({ path: '/v1/get_api_key_info', kind });
    expect((await caught(h.client.keyInfo())).code).toBe('auth');
  });
});
