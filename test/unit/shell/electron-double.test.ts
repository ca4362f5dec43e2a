/** The double itself, and the shell's hardening applied to it (session, web contents). */
import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { createElectronDouble } from '../../support/electron-double';
import {
  SchemeOrigins,
  standInMetaPolicies,
  standInPolicy,
} from '../../support/electron-double/scheme-origin';
import { asNonHttpMediaAnswer } from '../../support/electron-double/media-bridge';
import { hardenSession, hardenWebContents } from '../../../src/main/shell/hardening';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/shell/security';
import type { App, Session, Shell } from 'electron';

const double = () => createElectronDouble({ userDataDir: '/nonexistent/user-data' });

describe('electron double', () => {
  it('safeStorage round-trips without plaintext in the ciphertext', () => {
    const { safeStorage } = double().module as {
      safeStorage: { encryptString(s: string): Buffer; decryptString(b: Buffer): string };
    };
    const secret = 'plain-key-for-roundtrip-0000';
    const a = safeStorage.encryptString(secret);
    const b = safeStorage.encryptString(secret);
    expect(a.equals(b)).toBe(false);
    expect(a.includes(Buffer.from(secret))).toBe(false);
    expect(safeStorage.decryptString(a)).toBe(secret);
    // A new double (a restart) reads what the previous one wrote.
    const again = double().module as { safeStorage: { decryptString(b: Buffer): string } };
    expect(again.safeStorage.decryptString(b)).toBe(secret);
    const tampered = Buffer.from(a);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    expect(() => safeStorage.decryptString(tampered)).toThrow();
  });

  it('dialogs answer scripted replies, else cancel, and record their options', async () => {
    const d = double();
    const dialog = d.module.dialog as {
      showMessageBox(o: object): Promise<{ response: number }>;
      showOpenDialog(o: object): Promise<{ canceled: boolean; filePaths: string[] }>;
    };
    d.dialogs.answerMessageBox(0);
    expect((await dialog.showMessageBox({ buttons: ['OK', 'Cancel'], cancelId: 1 })).response).toBe(
      0,
    );
    expect((await dialog.showMessageBox({ buttons: ['OK', 'Cancel'], cancelId: 1 })).response).toBe(
      1,
    );
    expect(await dialog.showOpenDialog({})).toEqual({ canceled: true, filePaths: [] });
    expect(d.dialogs.calls.map((c) => c.method)).toEqual([
      'showMessageBox',
      'showMessageBox',
      'showOpenDialog',
    ]);
  });

  it('app.quit emits Electron’s events in order and honours preventDefault', async () => {
    const d = double();
    const seen: string[] = [];
    let preventOnce = true;
    d.app.on('before-quit', () => seen.push('before-quit'));
    d.app.on('will-quit', (e: { preventDefault(): void }) => {
      seen.push('will-quit');
      if (preventOnce) {
        preventOnce = false;
        e.preventDefault();
        queueMicrotask(() => d.app.quit());
      }
    });
    d.app.on('quit', () => seen.push('quit'));
    d.app.start();
    await d.app.whenReady();
    d.app.quit();
    await d.app.quitted;
    expect(seen).toEqual(['before-quit', 'will-quit', 'before-quit', 'will-quit', 'quit']);
  });

  it('a privileged standard scheme maps to its stand-in origin and back; others stay as they are', () => {
    const d = double();
    const origins = new SchemeOrigins(d.protocol);
    const entry = 'app://cadenza/index.html?x=1#/a';
    expect(origins.toPage(entry)).toBe(entry); // not registered yet
    d.protocol.registerSchemesAsPrivileged([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
      { scheme: 'plain', privileges: { supportFetchAPI: true } },
    ]);
    expect(origins.toPage(entry)).toBe(entry); // registered but not handled
    d.protocol.handle('app', () => new Response('ok'));
    d.protocol.handle('plain', () => new Response('ok'));
    const page = origins.toPage(entry);
    expect(page).toBe('https://cadenza.app.invalid/index.html?x=1#/a');
    expect(origins.isStandIn(new URL(page))).toBe(true);
    expect(origins.fromPage(page)).toBe(entry);
    expect(origins.toPage('plain://cadenza/index.html')).toBe('plain://cadenza/index.html');
    for (const other of [
      'https://cadenza.plain.invalid/',
      'https://cadenza.app.invalid:8443/',
      'http://cadenza.app.invalid/',
      'https://app.invalid/',
      'https://evil.example/',
    ]) {
      expect(origins.isStandIn(new URL(other))).toBe(false);
      expect(origins.fromPage(other)).toBe(other);
    }
  });

  it('a media answer is restated as Chromium reads a custom scheme: from the asked start, ending at Content-Length from there', () => {
    const body = Buffer.from('0123456789');
    const answer = (status: number, headers: Record<string, string>, b = body) => ({
      status,
      headers: { 'content-type': 'audio/mpeg', ...headers },
      body: b,
    });
    // a right answer keeps its bytes and total
    expect(
      asNonHttpMediaAnswer(
        'bytes=100-',
        answer(206, { 'content-length': '10', 'content-range': 'bytes 100-109/110' }),
      ),
    ).toMatchObject({
      status: 206,
      headers: { 'content-range': 'bytes 100-109/110', 'content-length': '10' },
    });
    // a range bounded short of the end: Chromium takes its end for the song's end
    expect(
      asNonHttpMediaAnswer(
        'bytes=100-',
        answer(206, { 'content-length': '10', 'content-range': 'bytes 100-109/5000' }),
      ).headers['content-range'],
    ).toBe('bytes 100-109/110');
    // a 200 to a range request: its first byte is taken as the asked one
    expect(
      asNonHttpMediaAnswer('bytes=100-', answer(200, { 'content-length': '10' })),
    ).toMatchObject({ status: 206, headers: { 'content-range': 'bytes 100-109/110' } });
    // cut by the bridge: the declared total stands, so Chromium asks again for the rest
    expect(
      asNonHttpMediaAnswer('bytes=0-', answer(206, { 'content-length': '5000' })).headers[
        'content-range'
      ],
    ).toBe('bytes 0-9/5000');
    // no length declared (a song still streaming): it ends where the body ends
    expect(asNonHttpMediaAnswer('bytes=0-', answer(206, {})).headers['content-range']).toBe(
      'bytes 0-9/10',
    );
    // nothing from there on, errors and requests without Range
    expect(
      asNonHttpMediaAnswer('bytes=110-', answer(206, { 'content-length': '0' }, Buffer.alloc(0))),
    ).toMatchObject({ status: 416, headers: { 'content-range': 'bytes */110' } });
    const missing = answer(404, {}, Buffer.alloc(0));
    expect(asNonHttpMediaAnswer('bytes=0-', missing)).toBe(missing);
    const whole = answer(200, { 'content-length': '10' });
    expect(asNonHttpMediaAnswer(undefined, whole)).toBe(whole);
  });

  it('a CSP naming a standard scheme also allows its stand-in origins, in headers and meta tags', () => {
    const schemes = new Set(['cadenza-media']);
    expect(standInPolicy(CONTENT_SECURITY_POLICY, schemes)).toContain(
      "media-src 'self' cadenza-media: https://*.cadenza-media.invalid;",
    );
    expect(standInPolicy("media-src 'self'; img-src data:", schemes)).toBe(
      "media-src 'self'; img-src data:",
    );
    expect(standInPolicy('media-src other-media:', schemes)).toBe('media-src other-media:');
    const html = `<meta\n http-equiv="Content-Security-Policy"\n content="media-src 'self' cadenza-media:" /><meta name="x" content="cadenza-media:">`;
    expect(standInMetaPolicies(html, schemes)).toBe(
      `<meta\n http-equiv="Content-Security-Policy"\n content="media-src 'self' cadenza-media: https://*.cadenza-media.invalid" /><meta name="x" content="cadenza-media:">`,
    );
  });

  it('ipcMain refuses a second handler and rejects unknown channels like Electron', async () => {
    const d = double();
    d.ipcMain.handle('a:b', () => 1);
    expect(() => d.ipcMain.handle('a:b', () => 2)).toThrow(/second handler/);
    await expect(d.ipcMain.invokeAs('file:///x', 'nope:nope')).rejects.toThrow(
      /No handler registered for 'nope:nope'/,
    );
    expect(d.state.ipcLog.map((r) => r.direction)).toEqual(['invoke', 'reply']);
  });
});

describe('shell hardening on the double', () => {
  it('the session sets the CSP, denies permissions and cancels renderer network requests', async () => {
    const d = double();
    hardenSession(d.session as unknown as Session);
    expect(
      d.session.headersFor('https://cdn.example/x.js', {
        'content-security-policy': 'default-src *',
      }),
    ).toEqual({
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    });
    expect(await d.session.requestPermission('media')).toBe(false);
    expect(await d.session.requestPermission('notifications')).toBe(false);
    expect(d.session.shouldCancel('https://api.example/v1/get_api_key_info')).toBe(true);
  });

  it('the dev server (and only it) may be reached in development', () => {
    const d = double();
    hardenSession(d.session as unknown as Session, 'http://localhost:5173');
    expect(d.session.shouldCancel('http://localhost:5173/src/main.tsx')).toBe(false);
    expect(d.session.shouldCancel('ws://localhost:5173/')).toBe(false);
    expect(d.session.shouldCancel('http://localhost:8787/v1/x')).toBe(true);
  });

  it('every web contents refuses navigation, new windows and webviews; allowlisted links open in the browser', () => {
    const d = double();
    hardenWebContents(d.app as unknown as App, d.module.shell as Shell);
    const contents = Object.assign(new EventEmitter(), {
      handler: undefined as undefined | ((x: { url: string }) => { action: string }),
      setWindowOpenHandler(h: (x: { url: string }) => { action: string }) {
        this.handler = h;
      },
    });
    d.app.emit('web-contents-created', {}, contents);
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      let prevented = false;
      contents.emit(name, { preventDefault: () => (prevented = true) }, 'https://evil.example/');
      expect(prevented, name).toBe(true);
    }
    expect(contents.handler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.handler?.({ url: 'https://cadenza.example/help' })).toEqual({ action: 'deny' });
    expect(d.state.openedExternal).toEqual(['https://cadenza.example/help']);
  });
});
