/** cost:* — the learned estimate of what an action spends (services/cost). */
import type { CostService } from '../../services/cost';
import type { NamespaceHandlers } from '../ipc';

export function costHandlers(cost: CostService): NamespaceHandlers<'cost'> {
  return {
    estimate: (_ctx, { kind, model }) => cost.estimate(kind, model),
  };
}
