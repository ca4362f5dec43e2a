/**
 * cost:* — what an action usually spends, learned from this key's own finished jobs (issue 32,
 * point 2; docs/cost.md). Never a price: the service does not document how it counts.
 */
import { z } from 'zod';
import { JobKindSchema } from '../domain/jobs';
import { CounterSchema } from '../errors';
import { event, invoke } from './define';

export const CostEstimateSchema = z.object({
  counter: CounterSchema,
  /** The median of this key's samples for the kind and model; null: not known yet. */
  usual: z.number().min(0).nullable(),
  /** How many finished jobs it was learned from. */
  samples: z.number().int().min(0),
});
export type CostEstimateView = z.infer<typeof CostEstimateSchema>;

export const costContract = {
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
