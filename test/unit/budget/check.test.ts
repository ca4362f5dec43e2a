import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkSpend,
  cliRefusal,
  createBudgetService,
  EXIT_SPEND_REFUSED,
  spendTotal,
} from '../../../src/main/services/budget';
import { createSettingsStore } from '../../../src/main/services/settings/store';

const songs = (submissions: number) => ({ kind: 'song-v2', model: 'v4.5', submissions }) as const;

describe('budget: the total of a spend', () => {
  it('is the learned usual spend times the submissions, beside what is left', () => {
    const t = spendTotal(songs(6), { usual: 1, samples: 2 }, 50);
    expect(t).toEqual({
      counter: 'key_music_counts',
      submissions: 6,
      perSubmission: 1,
      basis: 'learned',
      samples: 2,
      total: 6,
      remaining: 50,
      after: 44,
    });
  });

  it('is not known yet without history, and text to speech is never learned per submission', () => {
    expect(spendTotal(songs(3), { usual: null, samples: 0 }, 50)).toMatchObject({
      perSubmission: null,
      total: null,
      after: null,
      remaining: 50,
    });
    const tts = spendTotal(
      { kind: 'tts', model: null, submissions: 1 },
      { usual: 9, samples: 3 },
      100,
    );
    expect(tts).toMatchObject({ counter: 'key_words_counts', perSubmission: null, total: null });
  });
});

describe('budget: the check before sending', () => {
  it('refuses a known total the counter cannot cover, whatever the budget', () => {
    const t = spendTotal(songs(6), { usual: 1, samples: 2 }, 5);
    expect(checkSpend(t, { budget: null })).toEqual({ verdict: 'refuse', reason: 'cannot-cover' });
    expect(checkSpend(t, { budget: 100 })).toEqual({ verdict: 'refuse', reason: 'cannot-cover' });
  });

  it('asks over the budget and goes at or under it', () => {
    const t = spendTotal(songs(6), { usual: 1, samples: 2 }, 50);
    expect(checkSpend(t, { budget: 5 })).toEqual({
      verdict: 'ask',
      reason: 'over-budget',
      budget: 5,
    });
    expect(checkSpend(t, { budget: 6 })).toEqual({ verdict: 'go' });
    expect(checkSpend(t, { budget: null })).toEqual({ verdict: 'go' });
  });

  it('asks when the total is not known yet and a budget is set, or when told to (a batch)', () => {
    const t = spendTotal(songs(3), null, 50);
    expect(checkSpend(t, { budget: 10 })).toEqual({
      verdict: 'ask',
      reason: 'unknown',
      budget: 10,
    });
    expect(checkSpend(t, { budget: null, askWhenUnknown: true })).toEqual({
      verdict: 'ask',
      reason: 'unknown',
      budget: null,
    });
    // one click with nothing learned goes on: its cost line already says "not known yet"
    expect(checkSpend(t, { budget: null })).toEqual({ verdict: 'go' });
  });

  it('says the CLI refusal in one line with its own exit code', () => {
    expect(EXIT_SPEND_REFUSED).toBe(3);
    const over = spendTotal(songs(6), { usual: 1, samples: 2 }, 50);
    const line = cliRefusal(over, checkSpend(over, { budget: 4 }));
    expect(line).toBe(
      'refused, nothing sent: 6 submissions usually take about 6 on the songs counter, more than the budget of 4',
    );
    expect(line).not.toContain('\n');
    const unknown = spendTotal(songs(1), null, 50);
    expect(cliRefusal(unknown, checkSpend(unknown, { budget: 4 }))).toContain('not known yet');
    expect(cliRefusal(over, { verdict: 'go' })).toBeNull();
  });
});

describe('budget: the service', () => {
  it('totals with the learned estimate and the Settings budget, --budget replacing it', async () => {
    const budget = createBudgetService({
      cost: { estimate: async () => ({ counter: 'key_music_counts', usual: 2, samples: 3 }) },
      budgets: () => ({ key_music_counts: 10 }),
      lastKnownCounts: () => ({ counts: { key_music_counts: 40 }, readAt: '2026-01-01T00:00:00Z' }),
      readCounts: async () => ({ key_music_counts: 30 }),
    });
    const within = await budget.check(songs(5));
    expect(within.total).toMatchObject({ total: 10, remaining: 40, after: 30 });
    expect(within.check).toEqual({ verdict: 'go' });
    expect((await budget.check(songs(6))).check).toMatchObject({ verdict: 'ask', budget: 10 });
    expect((await budget.check(songs(6), { budget: 20 })).check).toEqual({ verdict: 'go' });
    expect((await budget.total(songs(1), { fresh: true })).remaining).toBe(30);
  });
});

describe('budget: Settings keep one budget per counter', () => {
  it('stores, clears and refuses what is not a whole number in range', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'budget-'));
    const store = createSettingsStore(dir, {}, { defaultLibraryDir: join(dir, 'lib') });
    await store.update({ spendBudgets: { key_music_counts: 4 } });
    expect(createSettingsStore(dir, {}).get().spendBudgets).toEqual({ key_music_counts: 4 });
    await expect(store.update({ spendBudgets: { key_music_counts: -1 } })).rejects.toMatchObject({
      code: 'validation',
      key: 'errors:budgetInvalid',
    });
    await store.update({ spendBudgets: {} });
    expect(store.get().spendBudgets).toBeUndefined();
  });
});
