import { z } from 'zod';
import { COUNTERS } from '../errors';

/** The most a budget may be: far above any counter a key holds, small enough to stay exact. */
export const SPEND_BUDGET_MAX = 1_000_000;

/**
 * Settings → "Ask before spending more than N in one go", per counter (issue 32, point 3). A
 * counter without an entry never asks. 0 asks before every spend of that counter.
 */
export const SpendBudgetsSchema = z.partialRecord(
  z.enum(COUNTERS),
  z.number().int().min(0).max(SPEND_BUDGET_MAX),
);
export type SpendBudgets = z.infer<typeof SpendBudgetsSchema>;
