/**
 * Code that runs inside the app's page (passed to Playwright's evaluate): timings are taken with
 * the page's own `performance.now()`, so the bench's round trips to the browser are not counted.
 * DOM types are not in this tsconfig: the page's globals are reached through `PageGlobals`.
 * Compiled by Playwright's runner: tsx's esbuild `keepNames` would add `__name(...)` calls the
 * page does not have.
 */

interface El {
  textContent: string | null;
  getAttribute(name: string): string | null;
  closest(selector: string): El | null;
  click(): void;
  addEventListener(
    type: string,
    fn: (e: { target: unknown; key?: string }) => void,
    opts?: unknown,
  ): void;
  src?: string;
}
interface PageGlobals {
  document: {
    body: El;
    querySelector(selector: string): El | null;
    querySelectorAll(selector: string): { length: number };
    addEventListener(
      type: string,
      fn: (e: { target: unknown; key?: string }) => void,
      capture?: boolean,
    ): void;
  };
  performance: { now(): number };
  requestAnimationFrame(fn: () => void): number;
  setTimeout(fn: () => void, ms: number): number;
  MutationObserver: new (fn: () => void) => {
    observe(target: El, options: Record<string, unknown>): void;
    disconnect(): void;
  };
  PerformanceObserver: new (fn: (list: { getEntries(): Array<{ duration: number }> }) => void) => {
    observe(options: Record<string, unknown>): void;
    disconnect(): void;
  };
  HTMLMediaElement: { prototype: { play(): Promise<void> } };
  __probe?: ProbeLog;
}

export interface Commit {
  query: string | null;
  lyricsQuery: string | null;
  at: number;
  frameAt: number | null;
}
interface ProbeLog {
  keys: Array<{ key: string; at: number }>;
  commits: Commit[];
  playClickAt: number | null;
  playing: Record<string, number>;
}

export interface SwitchTiming {
  /** Click on the panel's button → the expected count and rows are in the DOM. */
  domMs: number;
  /** Click → the first rows are in the DOM (the first page; more may still be loading). */
  firstRowsMs: number;
  /** … → the next animation frame after that (the rows painted). */
  frameMs: number;
  /** The longest task Chromium reported meanwhile (0 when none over 50 ms). */
  longestTaskMs: number;
}

/** Clicks `button` and times until the Library shows `expectedCount` with rows. */
export async function timePanelSwitch(
  button: unknown,
  expectedCount: string,
): Promise<SwitchTiming> {
  const g = globalThis as unknown as PageGlobals;
  const longTasks: number[] = [];
  let tasks: { disconnect(): void } | null = null;
  try {
    const observer = new g.PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push(e.duration);
    });
    observer.observe({ type: 'longtask' });
    tasks = observer;
  } catch {
    tasks = null;
  }
  let firstRowsAt = Number.NaN;
  const shown = (): boolean => {
    const rows = g.document.querySelectorAll('[role="listbox"] [role="option"]').length > 0;
    if (rows && Number.isNaN(firstRowsAt)) firstRowsAt = g.performance.now();
    return (
      rows &&
      // the count may be written with digit grouping ("10,000 items"): compare the digits
      (g.document.querySelector('[data-testid="library-count"]')?.textContent ?? '').replace(
        /\D/g,
        '',
      ) === expectedCount.replace(/\D/g, '')
    );
  };
  const t0 = g.performance.now();
  (button as El).click();
  const domAt = await new Promise<number>((resolve, reject) => {
    if (shown()) return resolve(g.performance.now());
    const mo = new g.MutationObserver(() => {
      if (!shown()) return;
      mo.disconnect();
      resolve(g.performance.now());
    });
    mo.observe(g.document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
    g.setTimeout(() => {
      mo.disconnect();
      reject(new Error(`the Library did not show "${expectedCount}" within 180 s`));
    }, 180_000);
  });
  const frameAt = await new Promise<number>((resolve) => {
    g.requestAnimationFrame(() => g.setTimeout(() => resolve(g.performance.now()), 0));
    g.setTimeout(() => resolve(Number.NaN), 2000);
  });
  await new Promise<void>((r) => g.setTimeout(r, 100)); // long tasks are reported after they end
  tasks?.disconnect();
  return {
    domMs: domAt - t0,
    firstRowsMs: firstRowsAt - t0,
    frameMs: frameAt - t0,
    longestTaskMs: Math.max(0, ...longTasks),
  };
}

/** Starts logging keydowns and every change of the Library count's data-query/data-lyrics-query. */
export function installSearchProbe(): void {
  const g = globalThis as unknown as PageGlobals;
  const count = g.document.querySelector('[data-testid="library-count"]');
  if (!count) throw new Error('the Library count is not on the page');
  const log: ProbeLog = g.__probe ?? { keys: [], commits: [], playClickAt: null, playing: {} };
  log.keys = [];
  log.commits = [];
  if (!g.__probe) {
    g.document.addEventListener(
      'keydown',
      (e) => g.__probe?.keys.push({ key: e.key ?? '', at: g.performance.now() }),
      true,
    );
  }
  g.__probe = log;
  new g.MutationObserver(() => {
    const c: Commit = {
      query: count.getAttribute('data-query'),
      lyricsQuery: count.getAttribute('data-lyrics-query'),
      at: g.performance.now(),
      frameAt: null,
    };
    g.__probe?.commits.push(c);
    g.requestAnimationFrame(() => {
      c.frameAt = g.performance.now();
    });
  }).observe(count, { attributes: true, attributeFilter: ['data-query', 'data-lyrics-query'] });
}

export function readSearchLog(): { keys: Array<{ key: string; at: number }>; commits: Commit[] } {
  const log = (globalThis as unknown as PageGlobals).__probe;
  return { keys: log?.keys ?? [], commits: log?.commits ?? [] };
}

/**
 * Logs when a Play button of the details pane is clicked and when each media element the app
 * plays fires its first `playing` (by src) — howler's html5 `Audio` is never in the DOM.
 */
export function installPlaybackProbe(): void {
  const g = globalThis as unknown as PageGlobals;
  const log: ProbeLog = g.__probe ?? { keys: [], commits: [], playClickAt: null, playing: {} };
  g.__probe = log;
  g.document.addEventListener(
    'click',
    (e) => {
      const button = (e.target as El | null)?.closest?.('[aria-label="Item details"] button');
      if (button && button.textContent === 'Play' && g.__probe)
        g.__probe.playClickAt = g.performance.now();
    },
    true,
  );
  const proto = g.HTMLMediaElement.prototype;
  const original = proto.play;
  proto.play = function (this: El) {
    this.addEventListener(
      'playing',
      () => {
        const src = this.src ?? '';
        if (g.__probe && g.__probe.playing[src] === undefined)
          g.__probe.playing[src] = g.performance.now();
      },
      { once: true },
    );
    return original.call(this);
  };
}

export function resetPlaybackLog(): void {
  const log = (globalThis as unknown as PageGlobals).__probe;
  if (log) {
    log.playClickAt = null;
    log.playing = {};
  }
}

/** Click on Play → `playing` of the element with `src`, or null while it has not played. */
export function playbackStartMs(src: string): number | null {
  const log = (globalThis as unknown as PageGlobals).__probe;
  const playing = log?.playing[src];
  return log?.playClickAt != null && playing !== undefined ? playing - log.playClickAt : null;
}

export interface CoversTiming {
  /** Click on Covers → the training picker offers `expected` songs (or lists them, before). */
  readyMs: number;
  /** … → the next animation frame after that. */
  frameMs: number;
  longestTaskMs: number;
  /** Elements in the page once ready (what a long list costs the DOM). */
  domNodes: number;
}

/**
 * In the page: `trigger` (click a button, or nothing when the caller changes the library itself)
 * then waits until the Covers panel's training picker offers `expected` library songs — the item
 * picker's placeholder ("Search 37,500 songs and covers…") or, in builds before it, that many
 * checkboxes — and one frame more.
 */
export async function timeCoversReady(
  button: unknown,
  { expected, click }: { expected: number; click: boolean },
): Promise<CoversTiming> {
  const g = globalThis as unknown as PageGlobals;
  const longTasks: number[] = [];
  let tasks: { disconnect(): void } | null = null;
  try {
    const observer = new g.PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push(e.duration);
    });
    observer.observe({ type: 'longtask' });
    tasks = observer;
  } catch {
    tasks = null;
  }
  const label = `Search ${expected.toLocaleString('en-US')} songs and covers`;
  const ready = (): boolean =>
    g.document.querySelectorAll(`input[placeholder^="${label}"]`).length > 0 ||
    g.document.querySelectorAll('fieldset.covers-items input[type="checkbox"]').length === expected;
  const t0 = g.performance.now();
  if (click) (button as El).click();
  const readyAt = await new Promise<number>((resolve, reject) => {
    if (ready()) return resolve(g.performance.now());
    const mo = new g.MutationObserver(() => {
      if (!ready()) return;
      mo.disconnect();
      resolve(g.performance.now());
    });
    mo.observe(g.document.body, { childList: true, subtree: true, attributes: true });
    g.setTimeout(() => {
      mo.disconnect();
      reject(new Error(`the Covers panel never offered ${expected} songs`));
    }, 60_000);
  });
  const frameAt = await new Promise<number>((resolve) =>
    g.requestAnimationFrame(() => resolve(g.performance.now())),
  );
  tasks?.disconnect();
  return {
    readyMs: readyAt - t0,
    frameMs: frameAt - t0,
    longestTaskMs: longTasks.length ? Math.max(...longTasks) : 0,
    domNodes: g.document.querySelectorAll('*').length,
  };
}
