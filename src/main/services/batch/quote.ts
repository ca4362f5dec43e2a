/**
 * A batch's total before it starts (issue 32, points 1-2): so many submissions per model, each
 * totalled by the budget service (the learned usual spend, never a price), added up, and the one
 * budget rule's verdict (services/budget): go, ask (saying why) or refuse.
 */
import type { BatchPrompt, BatchQuote } from '@shared/domain/batch';
import { checkSpend, cliRefusal, type SpendCheck, type SpendTotal } from '../budget';
import { SONGS_PER_SUBMISSION } from '@shared/domain/job-kinds';

/** How many submissions and songs a list makes (what the total before starting counts). */
export function batchSize(prompts: number, perPrompt: number) {
  const submissions = prompts * perPrompt;
  return { submissions, songs: submissions * SONGS_PER_SUBMISSION };
}

export interface QuoteDeps {
  settings(): { defaultModel: string };
  /**
   * The total of so many submissions of a model (services/budget: learned, never a price);
   * `fresh`: with the counter read from the service now (else as last read).
   */
  total(model: string, submissions: number, fresh: boolean): Promise<SpendTotal>;
  /** The Settings budget of the songs counter (null: none). */
  budget(): number | null;
}

/**
 * `budget` (the CLI's --budget) replaces the Settings value; `askWhenUnknown`: the app asks
 * before a batch whose spend is not known yet; `fresh: false` totals against the counter as last
 * read (the caller read it just now) instead of asking the service again.
 */
export async function quoteBatch(
  deps: QuoteDeps,
  prompts: readonly BatchPrompt[],
  perPrompt: number,
  opts: { budget?: number | null; askWhenUnknown?: boolean; fresh?: boolean },
): Promise<BatchQuote> {
  const defaultModel = deps.settings().defaultModel;
  const perModel = new Map<string, number>();
  for (const p of prompts) {
    const model = p.model ?? defaultModel;
    perModel.set(model, (perModel.get(model) ?? 0) + perPrompt);
  }
  // the counter is read once for the whole list (the first model), the others use that read
  const fresh = opts.fresh ?? true;
  const parts: SpendTotal[] = [];
  for (const [model, count] of perModel)
    parts.push(await deps.total(model, count, fresh && parts.length === 0));
  const size = batchSize(prompts.length, perPrompt);
  const known = parts.every((p) => p.total !== null);
  const total = known ? parts.reduce((sum, p) => sum + (p.total ?? 0), 0) : null;
  const remaining = parts[0]?.remaining ?? null;
  const combined: SpendTotal = {
    counter: 'key_music_counts',
    submissions: size.submissions,
    perSubmission: total === null ? null : total / size.submissions,
    basis: 'learned',
    samples: Math.min(...parts.map((p) => p.samples)),
    total,
    remaining,
    after: total !== null && remaining !== null ? Math.max(0, remaining - total) : null,
  };
  const budget = opts.budget ?? deps.budget();
  const check = checkSpend(combined, { budget, askWhenUnknown: opts.askWhenUnknown ?? false });
  return {
    prompts: prompts.length,
    ...size,
    total,
    samples: combined.samples,
    remaining,
    after: combined.after,
    verdict: check.verdict,
    reason: check.verdict === 'go' ? null : check.reason,
    budget: check.verdict === 'ask' ? check.budget : budget,
  };
}

/** The budget rule's one line for the CLI (it cannot ask), or null to go on. */
export function batchRefusal(q: BatchQuote): string | null {
  if (q.verdict === 'go') return null;
  const total: SpendTotal = {
    counter: 'key_music_counts',
    submissions: q.submissions,
    perSubmission: null,
    basis: 'learned',
    samples: q.samples,
    total: q.total,
    remaining: q.remaining,
    after: q.after,
  };
  const check: SpendCheck =
    q.verdict === 'refuse'
      ? { verdict: 'refuse', reason: 'cannot-cover' }
      : {
          verdict: 'ask',
          reason: q.reason === 'unknown' ? 'unknown' : 'over-budget',
          budget: q.budget,
        };
  return cliRefusal(total, check);
}
