import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { SpendCheckView, SpendTotalView } from '@shared/ipc/cost';
import type { JobKind } from '@shared/domain/job-kinds';
import { call } from '../../bridge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useFormat, useTranslation } from '../../i18n';
import { COUNTER_LABEL } from './CountsChanged';

interface Asking {
  total: SpendTotalView;
  check: Extract<SpendCheckView, { verdict: 'ask' }>;
}

/**
 * The budget guard before a spend (issue 32, point 3; docs/cost.md): main totals the spend and
 * checks it against Settings' "ask before spending more than N in one go". Over it — or not known
 * yet with a budget — the creator is asked, with the numbers; `ask` answers whether to send.
 * A refusal (more than the counter has left) sends nothing either: the readiness gate says why.
 */
export function useBudgetAsk(): {
  ask(plan: { kind: JobKind; model: string | null; words?: number }): Promise<boolean>;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const f = useFormat();
  const [asking, setAsking] = useState<Asking | null>(null);
  const answer = useRef<((send: boolean) => void) | null>(null);

  const ask = useCallback(
    async (plan: { kind: JobKind; model: string | null; words?: number }): Promise<boolean> => {
      const r = await call((api) => api.cost.check({ ...plan, submissions: 1 }));
      // no answer from main: the spend goes on as before the guard (its own checks still hold)
      if (!r.ok || r.value.check.verdict === 'go') return true;
      const { total, check } = r.value;
      if (check.verdict === 'refuse') return false;
      return new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setAsking({ total, check });
      });
    },
    [],
  );

  const close = (send: boolean) => {
    answer.current?.(send);
    answer.current = null;
    setAsking(null);
  };

  const dialog = asking && asking.total.counter && (
    <ConfirmDialog
      title={t('common:cost.askTitle')}
      confirmLabel={t('common:cost.askSend')}
      tone="default"
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
    >
      <p data-testid="budget-ask">
        {asking.check.reason === 'over-budget'
          ? t('common:cost.askOver', {
              total: f.number(asking.total.total ?? 0),
              label: t(COUNTER_LABEL[asking.total.counter]),
              budget: f.number(asking.check.budget ?? 0),
            })
          : t('common:cost.askUnknown', {
              label: t(COUNTER_LABEL[asking.total.counter]),
              budget: f.number(asking.check.budget ?? 0),
            })}
      </p>
    </ConfirmDialog>
  );
  return { ask, dialog };
}
