/**
 * Security: a key from CADENZA_API_KEY is bound to the service origin in effect when the app
 * started. Changing the address in the app (through the real IPC handler and its confirmation
 * dialog) must not send that key to the new host, and the dialog says so.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator';
import { createElectronDouble, type ElectronDouble } from '../../support/electron-double';
import { createCore, type Core } from '../../../src/main/services/core';
import { FileRegistry } from '../../../src/main/services/files/registry';
import { buildHandlers, type ElectronForHandlers } from '../../../src/main/shell/handlers';
import { registerIpc } from '../../../src/main/shell/ipc';
import { RENDERER_ENTRY_URL, senderCheck } from '../../../src/main/shell/security';
import { createShellDiagnostics } from '../../../src/main/shell/diagnostics';
import { logsDirOf } from '../../../src/main/services/log';

/** Logs folder and report as the app builds them (shell/app.ts), over this process's data folder. */
const diagnosticsOf = (core: Core, env: NodeJS.ProcessEnv, electron: ElectronForHandlers) =>
  createShellDiagnostics({
    core,
    env,
    logsDir: logsDirOf(core.paths.dataDir),
    app: electron.app,
    shell: electron.shell,
    clipboard: electron.clipboard,
  });

const KEY = 'env-key-bound-to-launch-7f3a';
let root: string;
let launchService: Emulator;
let otherService: Emulator;
let double: ElectronDouble;
let rendererUrl: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-env-key-'));
  launchService = await startEmulator({ keys: [KEY] });
  otherService = await startEmulator({ keys: [KEY] });
  const env = {
    CADENZA_HOME: join(root, 'data'),
    CADENZA_LIBRARY: join(root, 'library'),
    CADENZA_KEYCHAIN: 'off',
    CADENZA_API_KEY: KEY,
  };
  // The address in effect at launch, from the settings of an earlier run.
  await createCore({ env, keychainBackend: null }).settings.update({ baseUrl: launchService.url });

  rendererUrl = RENDERER_ENTRY_URL;
  double = createElectronDouble({ userDataDir: join(root, 'user-data') });
  const core = createCore({ env, keychainBackend: null });
  const electron = double.module as unknown as ElectronForHandlers;
  registerIpc(
    double.ipcMain,
    buildHandlers({
      core,
      registry: new FileRegistry(),
      env,
      electron,
      diagnostics: diagnosticsOf(core, env, electron),
    }),
    { isTrustedSender: senderCheck({}) },
  );
});

afterAll(async () => {
  await launchService.close();
  await otherService.close();
  await rm(root, { recursive: true, force: true });
});

const invoke = (channel: string, ...args: unknown[]) =>
  double.ipcMain.invokeAs(rendererUrl, channel, ...args) as Promise<{
    ok: boolean;
    value?: unknown;
    error?: { code: string; message: string };
  }>;
const keysSeen = (emu: Emulator): unknown[] =>
  emu.log.map((e) => e.headers['x-api-key']).filter((k) => k !== undefined);

describe('a key from the environment', () => {
  it('is used for the address the app started with', async () => {
    expect((await invoke('account:getKeyInfo')).ok).toBe(true);
    expect(keysSeen(launchService)).toContain(KEY);
  });

  it('is never sent to an address changed in the app, and the dialog says so', async () => {
    double.dialogs.answerMessageBox(0); // "Change address"
    const changed = await invoke('account:setServiceAddress', otherService.url);
    expect(changed.ok, JSON.stringify(changed)).toBe(true);
    const asked = double.dialogs.calls.at(-1)?.options as { message: string; detail: string };
    expect(`${asked.message} ${asked.detail}`).toMatch(/CADENZA_API_KEY/);
    expect(asked.detail).toContain(new URL(launchService.url).host);

    const info = await invoke('account:getKeyInfo');
    expect(info.ok).toBe(false);
    expect(keysSeen(otherService)).toEqual([]);
    const status = (await invoke('account:getStatus')).value as { storage: string };
    expect(status.storage).not.toBe('environment');
  });
});
