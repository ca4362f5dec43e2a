/** cost:* — the learned estimate of what an action spends (services/cost), a spend's check. */
import type { BudgetService } from '../../services/budget';
import type { CostService } from '../../services/cost';
import type { SettingsStore } from '../../services/contracts';
import type { NamespaceHandlers } from '../ipc';

export function costHandlers(
  cost: CostService,
  budget: BudgetService,
  settings: Pick<SettingsStore, 'get' | 'update'>,
): NamespaceHandlers<'cost'> {
  return {
    budgets: () => settings.get().spendBudgets ?? {},
    setBudgets: async (_ctx, budgets) =>
      (await settings.update({ spendBudgets: budgets })).spendBudgets ?? {},
    estimate: (_ctx, { kind, model }) => cost.estimate(kind, model),
    check: (_ctx, { askWhenUnknown, ...plan }) =>
      budget.check(plan, { askWhenUnknown: askWhenUnknown ?? false }),
  };
}
