/**
 * The renderer's own origin (docs/security.md, Electron checklist item 18): the built renderer is
 * served from `app://cadenza/` by main's plain-Node handler, never from file://, so an injected
 * script tag cannot load another local .js file; the CSP comes with every answer, lazily loaded
 * panels arrive from the same origin, and nothing outside out/renderer is served. Under the
 * Electron double the scheme is answered on a stand-in https origin (README of the double);
 * with ELECTRON_OVERRIDE_DIST_PATH the same checks run in real Electron on app://cadenza itself.
 */
import Module from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect, MAIN_JS, REPO_ROOT } from './fixtures';
import { openPanel } from './app-helpers';

const useRealElectron = !!process.env.ELECTRON_OVERRIDE_DIST_PATH;
const APP_ENTRY = 'app://cadenza/index.html';

interface SchemeRequest {
  url: string;
  status: number;
  contentType?: string;
}
interface DoubleElectron {
  BrowserWindow: { getAllWindows(): { webContents: { getURL(): string } }[] };
  protocol: { pageRequests: SchemeRequest[] };
}

/** The Electron double main runs against (this process, see launch.ts). */
const doubleElectron = (): DoubleElectron =>
  Module.createRequire(MAIN_JS)('electron') as DoubleElectron;

/** The main window's URL as Electron reports it to main. */
async function windowUrl(page: Page): Promise<string> {
  if (useRealElectron) return page.url();
  return doubleElectron().BrowserWindow.getAllWindows()[0]?.webContents.getURL() ?? '';
}

/** Adds a script element for `src` and reports whether it ran, failed to load, or neither. */
function injectScript(page: Page, src: string): Promise<'ran' | 'refused'> {
  return page.evaluate(
    (url) =>
      new Promise<'ran' | 'refused'>((resolve) => {
        const g = globalThis as unknown as {
          document: {
            createElement(t: string): Record<string, unknown> & {
              addEventListener(e: string, f: () => void): void;
            };
            head: { appendChild(n: unknown): void };
          };
          __planted?: boolean;
          setTimeout(f: () => void, ms: number): void;
        };
        const s = g.document.createElement('script');
        s.src = url;
        s.addEventListener('load', () => resolve(g.__planted ? 'ran' : 'refused'));
        s.addEventListener('error', () => resolve('refused'));
        g.document.head.appendChild(s);
        g.setTimeout(() => resolve(g.__planted ? 'ran' : 'refused'), 3000);
      }),
    src,
  );
}

test('the renderer loads from app://cadenza, and a script planted on disk cannot run in it', async ({
  app,
  page,
}) => {
  // what an HTML injection would try: a .js file anywhere on the disk, and main's own bundle
  const planted = join(app.dirs.root, 'planted.js');
  await writeFile(planted, 'globalThis.__planted = true;\n');
  expect(await injectScript(page, pathToFileURL(planted).href)).toBe('refused');
  expect(await injectScript(page, pathToFileURL(MAIN_JS).href)).toBe('refused');
  expect(await page.evaluate(() => (globalThis as { __planted?: boolean }).__planted)).toBeFalsy();
  // a script from any other source is refused by the CSP, which the console reports (the
  // panels test relies on that report to show the app itself stays within the policy)
  expect(await injectScript(page, 'data:text/javascript,globalThis.__planted=true')).toBe(
    'refused',
  );
  expect(
    app.console.some((m) => /Content Security Policy/i.test(m.text) && m.text.includes('data:')),
  ).toBe(true);
  expect(await windowUrl(page)).toBe(APP_ENTRY);
});

test('every answer of the origin carries the CSP; nothing outside out/renderer is served', async ({
  page,
}) => {
  const meta = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  const probe = await page.evaluate(async () => {
    const get = async (path: string) => {
      try {
        const res = await fetch(path);
        return {
          status: res.status,
          type: res.headers.get('content-type'),
          csp: res.headers.get('content-security-policy'),
        };
      } catch {
        return { status: 0, type: null, csp: null };
      }
    };
    return {
      index: await get('./index.html'),
      root: await get('/'),
      traversal: await get('./..%2fmain%2findex.js'),
      mainBundle: await get('/../main/index.js'),
      unknown: await get('./no-such-file.js'),
    };
  });
  expect(probe.index).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
  expect(probe.index.csp).toBe(meta);
  expect(probe.index.csp).toContain("script-src 'self';");
  expect(probe.index.csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  expect(probe.root.status).toBe(200);
  expect(probe.traversal.status).toBe(403);
  expect(probe.mainBundle.status).toBe(404);
  expect(probe.unknown.status).toBe(404);
  // an inline script is refused by that policy (eval is checked in the policy's unit test:
  // code Playwright evaluates is exempt from the page's CSP, so it cannot show it here)
  const inline = await page.evaluate(() => {
    const g = globalThis as unknown as {
      document: {
        createElement(t: string): { textContent: string };
        head: { appendChild(n: unknown): void };
      };
      __inline?: boolean;
    };
    const s = g.document.createElement('script');
    s.textContent = 'globalThis.__inline = true;';
    g.document.head.appendChild(s);
    return g.__inline === true;
  });
  expect(inline).toBe(false);
});

test('lazily loaded panels come from the same origin as JavaScript, with their source maps', async ({
  app,
  page,
}) => {
  for (const panel of [
    'Library',
    'Voice',
    'Songs',
    'Covers',
    'Videos',
    'Jobs',
    'Settings',
  ] as const)
    await openPanel(page, panel);
  // the app itself lives within its policy: no violation while every panel opened
  expect(app.console.filter((m) => /Content Security Policy/i.test(m.text))).toEqual([]);
  const scripts = await page.evaluate(() =>
    (
      globalThis as unknown as {
        performance: { getEntriesByType(t: string): { name: string }[] };
      }
    ).performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );
  // the entry and at least the two panels' own chunks, all on the page's origin
  const origin = await page.evaluate(
    () => (globalThis as unknown as { location: { origin: string } }).location.origin,
  );
  expect(scripts.length).toBeGreaterThanOrEqual(3);
  for (const s of scripts) expect(new URL(s).origin).toBe(origin);
  const chunk = scripts.find((s) => /Voice/i.test(s)) ?? scripts[scripts.length - 1]!;
  const map = await page.evaluate(async (url) => {
    const res = await fetch(`${url}.map`);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  }, chunk);
  expect(map.status).toBe(200);
  expect(map.type).toBe('application/json; charset=utf-8');
  expect(JSON.parse(map.text)).toHaveProperty('version', 3);
  if (!useRealElectron) {
    // answered by main's handler: the request log of the registered scheme
    const served = doubleElectron().protocol.pageRequests.filter((r) =>
      r.url.startsWith('app://cadenza/'),
    );
    const js = served.filter((r) => r.url.endsWith('.js'));
    expect(js.length).toBeGreaterThanOrEqual(3);
    for (const r of js) {
      expect(r.status).toBe(200);
      expect(r.contentType).toBe('text/javascript; charset=utf-8');
    }
  }
  // the bytes are the built file's
  const entryName = new URL(scripts[0]!).pathname.replace(/^\//, '');
  const onDisk = await readFile(join(REPO_ROOT, 'out/renderer', entryName), 'utf8');
  const served = await page.evaluate(async (url) => (await fetch(url)).text(), scripts[0]!);
  expect(served).toBe(onDisk);
});

test('the origin is privileged: secure, standard (storage), fetch; the double stands in on https', async ({
  page,
}) => {
  // In real Electron this is app://cadenza itself (what the double cannot prove: the scheme's
  // registration); under the double, the stand-in origin Chromium treats alike.
  const expectedOrigin = useRealElectron ? 'app://cadenza' : 'https://cadenza.app.invalid';
  const seen = await page.evaluate(async () => {
    const g = globalThis as unknown as {
      location: { origin: string; protocol: string };
      isSecureContext: boolean;
      localStorage: { setItem(k: string, v: string): void; getItem(k: string): string | null };
    };
    g.localStorage.setItem('cadenza-origin-check', 'kept');
    const res = await fetch('./index.html');
    return {
      origin: g.location.origin,
      secure: g.isSecureContext,
      storage: g.localStorage.getItem('cadenza-origin-check'),
      fetched: res.ok,
    };
  });
  expect(seen).toEqual({ origin: expectedOrigin, secure: true, storage: 'kept', fetched: true });
  expect(page.url()).toBe(useRealElectron ? APP_ENTRY : `${expectedOrigin}/index.html`);
});

test('the renderer cannot navigate, not even to another page of its own origin', async ({
  page,
}) => {
  const before = page.url();
  // a mark on this document: it survives only if no other document replaced it
  await page.evaluate(() => ((globalThis as { __sameDocument?: boolean }).__sameDocument = true));
  for (const target of ['./index.html?navigated=1', 'https://evil.example/']) {
    // under the double the refused navigation is an aborted request (in Electron it never starts)
    const refused = useRealElectron
      ? Promise.resolve()
      : page.waitForEvent('requestfailed', {
          predicate: (r) => r.isNavigationRequest(),
          timeout: 10_000,
        });
    await page.evaluate((url) => {
      (globalThis as unknown as { location: { assign(u: string): void } }).location.assign(url);
    }, target);
    await refused;
    if (useRealElectron) await page.waitForTimeout(1000);
    expect(page.url()).toBe(before);
    expect(
      await page.evaluate(() => (globalThis as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
  }
  if (!useRealElectron) expect(await windowUrl(page)).toBe(APP_ENTRY);
});
