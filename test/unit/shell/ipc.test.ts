import { describe, expect, it, vi } from 'vitest';
import { createElectronDouble } from '../../support/electron-double';
import { RESULT_SLICE, registerIpc, type IpcHandlers } from '../../../src/main/shell/ipc';
import { invokeContract } from '../../../src/shared/ipc/contract';
import { channelName } from '../../../src/shared/ipc/define';
import { AppError } from '../../../src/shared/errors';

const TRUSTED = 'app://cadenza/index.html';
const status = {
  hasKey: true,
  keyLast4: '1234',
  storage: 'safe-storage',
  keychainAvailable: false,
  baseUrl: 'https://api.example',
  isDefaultBaseUrl: false,
} as const;

function fakeHandlers(
  overrides: Partial<Record<string, Record<string, unknown>>> = {},
): IpcHandlers {
  const handlers: Record<string, Record<string, unknown>> = {};
  for (const [ns, methods] of Object.entries(invokeContract)) {
    handlers[ns] = {};
    for (const m of Object.keys(methods)) handlers[ns][m] = () => null;
  }
  for (const [ns, methods] of Object.entries(overrides)) Object.assign(handlers[ns] ?? {}, methods);
  return handlers as unknown as IpcHandlers;
}

function setUp(overrides: Partial<Record<string, Record<string, unknown>>> = {}) {
  const double = createElectronDouble({ userDataDir: '/nonexistent' });
  const onInternalError = vi.fn();
  const onAppError = vi.fn();
  const unregister = registerIpc(double.ipcMain, fakeHandlers(overrides), {
    isTrustedSender: (e) => e.senderFrame?.url === TRUSTED,
    onInternalError,
    onAppError,
  });
  return {
    double,
    onInternalError,
    onAppError,
    unregister,
    call: (ch: string, ...a: unknown[]) => double.ipcMain.invokeAs(TRUSTED, ch, ...a),
  };
}

describe('registerIpc', () => {
  it('registers exactly one handler per contract entry and removes them again', () => {
    const { double, unregister } = setUp();
    const expected = Object.entries(invokeContract).flatMap(([ns, m]) =>
      Object.keys(m).map((k) => channelName(ns, k)),
    );
    expect(double.ipcMain.channels().sort()).toEqual(expected.sort());
    unregister();
    expect(double.ipcMain.channels()).toEqual([]);
  });

  it('refuses to start when a handler is missing', () => {
    const double = createElectronDouble({ userDataDir: '/nonexistent' });
    const handlers = fakeHandlers() as unknown as Record<string, Record<string, unknown>>;
    delete handlers.account?.getStatus;
    expect(() =>
      registerIpc(double.ipcMain, handlers as unknown as IpcHandlers, {
        isTrustedSender: () => true,
      }),
    ).toThrow(/account:getStatus/);
  });

  it('checks a long answer a slice at a time, still stripping and refusing what is wrong', async () => {
    const ids = Array.from({ length: RESULT_SLICE * 3 + 5 }, (_, i) => `itm_${i}`);
    let answer: string[] = ids;
    const { call, onInternalError } = setUp({ library: { matching: () => answer } });
    // other work gets turns while the answer is checked
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 0);
    const during = setImmediate(() => (turns += 1));
    const ok = (await call('library:matching', 'rain')) as { ok: boolean; value: string[] };
    clearInterval(ticking);
    clearImmediate(during);
    expect(ok.ok).toBe(true);
    expect(ok.value).toEqual(ids);
    expect(turns).toBeGreaterThan(0);
    // a bad element in a later slice is still refused
    answer = [
      ...ids.slice(0, RESULT_SLICE * 2 + 7),
      'not an id!',
      ...ids.slice(RESULT_SLICE * 2 + 7),
    ];
    const bad = (await call('library:matching', 'rain')) as {
      ok: boolean;
      error: { code: string };
    };
    expect(bad).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(onInternalError).toHaveBeenCalledTimes(1);
  });

  it('answers forbidden to an untrusted sender without running the handler', async () => {
    const setKey = vi.fn(() => status);
    const { double } = setUp({ account: { setKey } });
    const answer = await double.ipcMain.invokeAs(
      'https://evil.example/',
      'account:setKey',
      'a-valid-key-0000',
    );
    expect(answer).toEqual({
      ok: false,
      error: { code: 'forbidden', message: expect.any(String), key: 'errors:requestForbidden' },
    });
    expect(setKey).not.toHaveBeenCalled();
  });

  it('validates arguments and names the failing field', async () => {
    const pick = vi.fn(() => []);
    const { call } = setUp({ files: { pick } });
    expect(await call('files:pick', { kind: 'spreadsheet' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', fields: { kind: expect.any(String) } },
    });
    expect(await call('account:setKey', 'short')).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', fields: { arg0: expect.any(String) } },
    });
    expect(await call('app:info', 'extra')).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument' },
    });
    expect(pick).not.toHaveBeenCalled();
  });

  it('passes parsed arguments (with defaults) to the handler', async () => {
    const pick = vi.fn(() => []);
    const { call } = setUp({ files: { pick } });
    expect(await call('files:pick', { kind: 'audio' })).toEqual({ ok: true, value: [] });
    expect(pick).toHaveBeenCalledWith(expect.objectContaining({ event: expect.anything() }), {
      kind: 'audio',
      multiple: false,
    });
  });

  it('strips fields the contract does not name from results (a key in a result never leaves main)', async () => {
    const { call } = setUp({
      account: { getStatus: () => ({ ...status, x_api_key: 'secret-key-value' }) },
    });
    const answer = await call('account:getStatus');
    expect(answer).toEqual({ ok: true, value: status });
  });

  it('gives the renderer the words of an AppError and the log its code and endpoint', async () => {
    const refused = new AppError('network', "Cadenza couldn't reach the service.", {
      detail: 'ECONNREFUSED GET /v1/get_api_key_info',
    });
    const { call, onAppError } = setUp({
      account: { getKeyInfo: () => Promise.reject(refused) },
    });
    const answer = await call('account:getKeyInfo');
    expect(answer).toEqual({
      ok: false,
      error: { code: 'network', message: "Cadenza couldn't reach the service." },
    });
    expect(JSON.stringify(answer)).not.toMatch(/ECONNREFUSED|\/v1\//);
    expect(onAppError).toHaveBeenCalledWith('account:getKeyInfo', refused);
  });

  it('turns a result that breaks the contract, and any thrown error, into values', async () => {
    const { call, onInternalError } = setUp({
      account: {
        getStatus: () => ({ hasKey: 'yes' }),
        removeKey: () => {
          throw new TypeError('boom at /home/user/secret/path');
        },
        getKeyInfo: () =>
          Promise.reject(
            new AppError('entitlement', 'No songs left.', { counter: 'key_music_counts' }),
          ),
      },
    });
    expect(await call('account:getStatus')).toEqual({
      ok: false,
      error: { code: 'internal', message: expect.any(String), key: 'errors:internal' },
    });
    const thrown = (await call('account:removeKey')) as { ok: false; error: { message: string } };
    expect(thrown).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(thrown.error.message).not.toContain('/home/user');
    expect(await call('account:getKeyInfo')).toEqual({
      ok: false,
      error: { code: 'entitlement', message: 'No songs left.', counter: 'key_music_counts' },
    });
    expect(onInternalError.mock.calls.map((c) => c[0])).toEqual([
      'account:getStatus',
      'account:removeKey',
    ]);
  });
});
