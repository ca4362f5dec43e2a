/**
 * Page-side timers for the library-view bench's selection figures (run in the page through
 * page.evaluate; only globals, no imports): arm one before a key press or a click, then wait for
 * what the page shows afterwards. Times are the page's own clock.
 *
 *   await page.evaluate(armSelectionTimer, 50000);   // the selection bar will count 50,000
 *   await page.keyboard.press('Control+A');
 *   const t = await page.evaluate(selectionTimerResult);   // { inputToShownMs, inputToFrameMs }
 */

interface TimerGlobals {
  document: {
    addEventListener(t: string, f: (e: { type: string }) => void, capture: boolean): void;
    removeEventListener(t: string, f: (e: { type: string }) => void, capture: boolean): void;
    querySelector(s: string): { textContent: string | null } | null;
    querySelectorAll(s: string): ArrayLike<{ getAttribute(n: string): string | null }>;
    body: unknown;
  };
  MutationObserver: new (cb: () => void) => {
    observe(n: unknown, o: Record<string, boolean>): void;
    disconnect(): void;
  };
  performance: { now(): number };
  requestAnimationFrame(cb: () => void): void;
  setTimeout(cb: () => void, ms: number): void;
  __selTimer?: Promise<SelectionTiming>;
  __selInputAt?: number | null;
}

export interface SelectionTiming {
  /** Input (keydown / pointerdown, or the arm call when `fromArm`) → the condition holds. */
  inputToShownMs: number;
  /** … → the next frame after that. */
  inputToFrameMs: number;
  /** The longest gap between animation frames meanwhile (a blocked renderer shows here). */
  longestFrameGapMs: number;
}

export type SelectionWait =
  /** The selection bar's count reads this many (digits of its text; any grouping). */
  | { kind: 'count'; count: number }
  /** Every selected row in the DOM shows a filled star (at least one such row). */
  | { kind: 'selectedStarred' };

/**
 * Starts timing: from the next keydown or pointerdown (or now, with `fromArm`) until `wait`
 * holds in the DOM; read the result with selectionTimerResult.
 */
export function armSelectionTimer(arg: { wait: SelectionWait; fromArm?: boolean }): void {
  const g = globalThis as unknown as TimerGlobals;
  const { wait } = arg;
  g.__selInputAt = arg.fromArm ? g.performance.now() : null;
  const onInput = (): void => {
    g.__selInputAt ??= g.performance.now();
  };
  for (const t of ['keydown', 'pointerdown']) g.document.addEventListener(t, onInput, true);
  const holds = (): boolean => {
    if (wait.kind === 'count') {
      const text = g.document.querySelector('.library-selection-count')?.textContent ?? '';
      return Number(text.replace(/\D/g, '')) === wait.count;
    }
    const stars = g.document.querySelectorAll(
      '[role="option"][aria-selected="true"] [data-testid="row-star"]',
    );
    if (stars.length === 0) return false;
    for (let i = 0; i < stars.length; i++)
      if (stars[i]!.getAttribute('data-starred') !== 'true') return false;
    return true;
  };
  g.__selTimer = new Promise<SelectionTiming>((resolve) => {
    let lastFrame = g.performance.now();
    let longest = 0;
    let done = false;
    const frames = (): void => {
      const now = g.performance.now();
      longest = Math.max(longest, now - lastFrame);
      lastFrame = now;
      if (!done) g.requestAnimationFrame(frames);
    };
    g.requestAnimationFrame(frames);
    const check = (): void => {
      if (done || g.__selInputAt === null || g.__selInputAt === undefined || !holds()) return;
      done = true;
      observer.disconnect();
      for (const t of ['keydown', 'pointerdown']) g.document.removeEventListener(t, onInput, true);
      const from = g.__selInputAt;
      const shownAt = g.performance.now();
      g.requestAnimationFrame(() => {
        const frameAt = g.performance.now();
        resolve({
          inputToShownMs: shownAt - from,
          inputToFrameMs: frameAt - from,
          longestFrameGapMs: Math.max(longest, frameAt - lastFrame),
        });
      });
    };
    // never waits for ever: a condition that does not come reads as NaN (printed "n/a")
    g.setTimeout(() => {
      if (done) return;
      done = true;
      observer.disconnect();
      resolve({ inputToShownMs: NaN, inputToFrameMs: NaN, longestFrameGapMs: longest });
    }, 120_000);
    const observer = new g.MutationObserver(check);
    observer.observe(g.document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    // the input may come before any mutation, and the condition may already hold after it
    const poll = (): void => {
      check();
      if (!done) g.setTimeout(poll, 5);
    };
    poll();
  });
}

export function selectionTimerResult(): Promise<SelectionTiming> {
  const g = globalThis as unknown as TimerGlobals;
  if (!g.__selTimer) throw new Error('armSelectionTimer was not called');
  return g.__selTimer;
}
