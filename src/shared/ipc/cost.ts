/**
 * cost:* — what an action usually spends, learned from this key's own finished jobs (issue 32,
 * point 2; docs/cost.md). Never a price: the service does not document how it counts.
 */
import { z } from 'zod';
import { JobKindSchema } from '../domain/jobs';
import { CounterSchema } from '../errors';
import { SpendBudgetsSchema } from '../domain/budget';
import { event, invoke } from './define';

export const CostEstimateSchema = z.object({
  counter: CounterSchema,
  /** The median of this key's samples for the kind and model; null: not known yet. */
  usual: z.number().min(0).nullable(),
  /** How many finished jobs it was learned from. */
  samples: z.number().int().min(0),
});
export type CostEstimateView = z.infer<typeof CostEstimateSchema>;

/** What is about to be sent (services/budget's SpendPlan). */
export const SpendPlanSchema = z.object({
  kind: JobKindSchema,
  model: z.string().max(40).nullable(),
  submissions: z.number().int().min(1).max(10_000),
  words: z.number().int().min(0).max(1_000_000).optional(),
});

const count = z.number().min(0).nullable();
export const SpendTotalSchema = z.object({
  counter: CounterSchema.nullable(),
  submissions: z.number().int().min(0),
  perSubmission: count,
  basis: z.enum(['learned', 'counted']),
  samples: z.number().int().min(0),
  total: count,
  remaining: z.number().nullable(),
  after: count,
});
export type SpendTotalView = z.infer<typeof SpendTotalSchema>;

export const SpendCheckSchema = z.discriminatedUnion('verdict', [
  z.object({ verdict: z.literal('go') }),
  z.object({
    verdict: z.literal('ask'),
    reason: z.enum(['over-budget', 'unknown']),
    budget: z.number().nullable(),
  }),
  z.object({ verdict: z.literal('refuse'), reason: z.literal('cannot-cover') }),
]);
export type SpendCheckView = z.infer<typeof SpendCheckSchema>;

export const costContract = {
  /**
   * A spend's total and the budget check before sending (services/budget): go, ask (with the
   * numbers) or refuse. `askWhenUnknown`: a batch asks when the total is not known yet.
   */
  check: invoke(
    z.tuple([SpendPlanSchema.extend({ askWhenUnknown: z.boolean().optional() })]),
    z.object({ total: SpendTotalSchema, check: SpendCheckSchema }),
  ),
  /** Settings → "Ask before spending more than N in one go", per counter (absent: never asks). */
  budgets: invoke(z.tuple([]), SpendBudgetsSchema),
  /** Replaces the budgets (a counter left out has none); answers them as saved. */
  setBudgets: invoke(z.tuple([SpendBudgetsSchema]), SpendBudgetsSchema),
  /** The kind's counter and usual spend (null when the kind spends no counter). */
  estimate: invoke(
    z.tuple([z.object({ kind: JobKindSchema, model: z.string().max(40).nullable() })]),
    CostEstimateSchema.nullable(),
  ),
};

export const costEvents = {
  /** A finished job taught an estimate something: ask again. */
  costLearned: event(z.null()),
};
