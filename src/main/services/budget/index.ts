/**
 * What a spend will take in total and whether to go ahead (issue 32, points 2 and 3;
 * docs/cost.md): a total is the learned usual spend of one submission (services/cost; never a
 * price) times the submissions, beside the counter as last known. The check is one rule for the
 * app and the CLI:
 *
 * - a known total the counter cannot cover: refuse (nothing is sent);
 * - a budget ("ask before spending more than N in one go", per counter; the CLI's --budget N)
 *   and a total over it, or a total not known yet: ask, saying the numbers (the CLI cannot ask,
 *   so it refuses with one line and exit code {@link EXIT_SPEND_REFUSED});
 * - no budget and a total not known yet: ask only when told to (a batch asks; one click goes on,
 *   its cost line already says "not known yet").
 */
import { COUNTER_LABELS, type Counter } from '@shared/errors';
import { kindFacts, type JobKind } from '@shared/domain/job-kinds';
import type { KnownCounts } from '@shared/domain/jobs';
import type { CostService } from '../cost';

/**
 * The CLI's exit code when a spend is refused before anything is sent: over --budget (or the
 * Settings budget), not known with a budget, or more than the counter has left. 1 is a failure,
 * 2 a usage error.
 */
export const EXIT_SPEND_REFUSED = 3;

/** What is about to be sent: so many submissions of one kind and model. */
export interface SpendPlan {
  kind: JobKind;
  model: string | null;
  /** How many submissions (a batch: prompts × per prompt; one click: 1). */
  submissions: number;
  /**
   * For a kind that spends words (text to speech): the words of the text, counted with the one
   * word counter (`countWords`) — what the readiness check compares with the counter too.
   */
  words?: number;
}

export interface SpendTotal {
  /** The counter the kind spends; null when the kind names none (nothing to total). */
  counter: Counter | null;
  submissions: number;
  /**
   * What one submission usually takes, learned from this key's history (or, for words, counted
   * from the text: `counted`); null: not known yet.
   */
  perSubmission: number | null;
  /** How the figure was had: learned from finished jobs, or counted from the text. */
  basis: 'learned' | 'counted';
  /** How many finished jobs the figure was learned from. */
  samples: number;
  /** perSubmission × submissions; null: not known yet. */
  total: number | null;
  /** The counter as last read from the service; null when not read yet. */
  remaining: number | null;
  /** remaining − total (never below 0); null when either is unknown. */
  after: number | null;
}

export type SpendCheck =
  | { verdict: 'go' }
  /** The app asks, with the numbers; the CLI refuses. */
  | { verdict: 'ask'; reason: 'over-budget' | 'unknown'; budget: number | null }
  /** A known total over what the counter has left: never sent. */
  | { verdict: 'refuse'; reason: 'cannot-cover' };

/** Totals a plan from the usual spend per submission and the counter as last known. */
export function spendTotal(
  plan: SpendPlan,
  estimate: { usual: number | null; samples: number } | null,
  remaining: number | null,
): SpendTotal {
  const facts = kindFacts(plan.kind);
  const counter = facts.counter;
  // text to speech spends words, not one per submission: counted from the text, never learned
  const counted = facts.spends === 'words';
  const perSubmission = !counter
    ? null
    : counted
      ? (plan.words ?? null)
      : facts.spends === 'one'
        ? (estimate?.usual ?? null)
        : null;
  const total = perSubmission === null ? null : perSubmission * plan.submissions;
  return {
    counter,
    submissions: plan.submissions,
    perSubmission,
    basis: counted ? 'counted' : 'learned',
    samples: perSubmission === null || counted ? 0 : (estimate?.samples ?? 0),
    total,
    remaining: counter ? remaining : null,
    after: total !== null && remaining !== null ? Math.max(0, remaining - total) : null,
  };
}

export interface CheckOptions {
  /** Ask before spending more than this in one go (the counter's setting, or --budget N). */
  budget: number | null;
  /** Ask when the total is not known yet even without a budget (a batch does). */
  askWhenUnknown?: boolean;
}

/** The one rule: go, ask (saying why) or refuse. */
export function checkSpend(total: SpendTotal, o: CheckOptions): SpendCheck {
  if (total.counter === null || total.submissions <= 0) return { verdict: 'go' };
  if (total.total !== null && total.remaining !== null && total.total > total.remaining)
    return { verdict: 'refuse', reason: 'cannot-cover' };
  if (o.budget !== null) {
    if (total.total === null) return { verdict: 'ask', reason: 'unknown', budget: o.budget };
    if (total.total > o.budget) return { verdict: 'ask', reason: 'over-budget', budget: o.budget };
  }
  if (total.total === null && o.askWhenUnknown)
    return { verdict: 'ask', reason: 'unknown', budget: null };
  return { verdict: 'go' };
}

/**
 * The CLI's one line for a check that does not go (it cannot ask), or null to go on. English by
 * design, like every CLI line (docs/translating.md).
 */
export function cliRefusal(total: SpendTotal, check: SpendCheck): string | null {
  if (check.verdict === 'go') return null;
  const label = total.counter ? COUNTER_LABELS[total.counter] : 'the counter';
  const n = total.submissions;
  const what = `${n} submission${n === 1 ? '' : 's'}`;
  const takes =
    total.basis === 'counted'
      ? `the text counts ${total.total} on the ${label} counter`
      : `${what} usually take${n === 1 ? 's' : ''} about ${total.total} on the ${label} counter`;
  if (check.verdict === 'refuse')
    return `refused, nothing sent: ${takes}, and the key has ${total.remaining} left`;
  if (check.reason === 'over-budget')
    return `refused, nothing sent: ${takes}, more than the budget of ${check.budget}`;
  return check.budget !== null
    ? `refused, nothing sent: what ${what} take${n === 1 ? 's' : ''} on the ${label} counter is not known yet, so it cannot be held to the budget of ${check.budget}`
    : `refused, nothing sent: what ${what} take${n === 1 ? 's' : ''} on the ${label} counter is not known yet`;
}

export interface BudgetServiceOptions {
  cost: Pick<CostService, 'estimate'>;
  /** The per-counter budgets from Settings (absent: none). */
  budgets(): Partial<Record<Counter, number>>;
  /** The counters as last read (asks nobody). */
  lastKnownCounts(): KnownCounts | null;
  /** Reads the counters from the service now (for a fresh total before a batch starts). */
  readCounts?(): Promise<Partial<Record<Counter, number>>>;
}

export function createBudgetService(o: BudgetServiceOptions) {
  async function remaining(counter: Counter | null, fresh: boolean): Promise<number | null> {
    if (!counter) return null;
    if (fresh && o.readCounts) {
      try {
        const read = (await o.readCounts())[counter];
        if (read !== undefined) return read;
      } catch {
        // no answer now: the last known figure (or none) is what there is
      }
    }
    return o.lastKnownCounts()?.counts[counter] ?? null;
  }

  return {
    /** The plan's total: counter, per submission (or not known yet), total and what is left. */
    async total(plan: SpendPlan, opts: { fresh?: boolean } = {}): Promise<SpendTotal> {
      const counter = kindFacts(plan.kind).counter;
      const estimate = counter ? await o.cost.estimate(plan.kind, plan.model) : null;
      return spendTotal(plan, estimate, await remaining(counter, opts.fresh ?? false));
    },

    /** The budget from Settings for a counter (null: none set). */
    budgetFor(counter: Counter | null): number | null {
      return counter ? (o.budgets()[counter] ?? null) : null;
    },

    /**
     * Totals the plan and checks it: `budget` (the CLI's --budget) replaces the Settings value
     * for the counter when given.
     */
    async check(
      plan: SpendPlan,
      opts: { budget?: number | null; askWhenUnknown?: boolean; fresh?: boolean } = {},
    ): Promise<{ total: SpendTotal; check: SpendCheck }> {
      const total = await this.total(plan, { fresh: opts.fresh ?? false });
      const budget = opts.budget ?? this.budgetFor(total.counter);
      const askWhenUnknown = opts.askWhenUnknown ?? false;
      return { total, check: checkSpend(total, { budget, askWhenUnknown }) };
    },
  };
}
export type BudgetService = ReturnType<typeof createBudgetService>;
