import { describe, expect, it } from 'vitest';
import type { Measurement } from '../../../src/main/services/covers/measure';
import { rateLimitedMeasure } from '../../../src/main/services/covers/rate';

/** A clock that only moves when the limiter sleeps. */
function fakeClock() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms), at: () => t };
}
const measured = (url: string): Measurement => ({
  url,
  format: 'mp3',
  kind: 'audio',
  sizeBytes: 1,
  durationS: 1,
  problem: null,
});

describe('link measuring rate', () => {
  it('measures at most 10 links per 10 s, in order, and none is dropped', async () => {
    const clock = fakeClock();
    const seen: Array<{ url: string; at: number }> = [];
    const limited = rateLimitedMeasure(
      async (urls) => urls.map((u) => (seen.push({ url: u, at: clock.at() }), measured(u))),
      { max: 10, windowMs: 10_000 },
      clock.now,
      clock.sleep,
    );
    const urls = Array.from({ length: 25 }, (_, i) => `https://a.example/${i}.mp3`);
    const out = await limited(urls);
    expect(out.map((m) => m.url)).toEqual(urls);
    expect(seen.map((s) => s.url)).toEqual(urls);
    for (const s of seen) {
      const inWindow = seen.filter((o) => o.at > s.at - 10_000 && o.at <= s.at);
      expect(inWindow.length).toBeLessThanOrEqual(10);
    }
    expect(clock.at()).toBe(20_000);
  });

  it('counts separate calls against one budget', async () => {
    const clock = fakeClock();
    const limited = rateLimitedMeasure(
      async (urls) => urls.map(measured),
      { max: 10, windowMs: 10_000 },
      clock.now,
      clock.sleep,
    );
    for (let i = 0; i < 10; i += 1) await limited([`https://a.example/${i}`]);
    expect(clock.at()).toBe(0);
    await limited(['https://a.example/eleventh']);
    expect(clock.at()).toBe(10_000);
  });
});
