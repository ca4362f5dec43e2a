/**
 * A pause in the user's typing. Work that rebuilds a long list (a library change merged into
 * 50,000 items: the id index, the sorted view, the groups — tens of milliseconds) waits for one,
 * so it never lands between two keystrokes of a search.
 */
let lastKeyAt = Number.NEGATIVE_INFINITY;
let listening = false;

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('keydown', () => (lastKeyAt = performance.now()), {
    capture: true,
    passive: true,
  });
}
listen();

/** Quiet time after a key that counts as a pause. */
export const TYPING_PAUSE_MS = 300;

/**
 * Resolves once no key went down for `quietMs` — at once when none did lately — or after
 * `maxWaitMs` of continuous typing, so nothing waits for ever.
 */
export async function typingPause(quietMs = TYPING_PAUSE_MS, maxWaitMs = 5000): Promise<void> {
  listen();
  const start = performance.now();
  for (;;) {
    const now = performance.now();
    const since = now - lastKeyAt;
    if (since >= quietMs || now - start >= maxWaitMs) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs - since, maxWaitMs)));
  }
}
