import { useEffect, useRef, useState } from 'react';
import { kindFacts, type JobKind } from '@shared/domain/job-kinds';
import { useTranslation } from '../../i18n';
import { SpendCost } from './CostLine';
import { SpendAsk, useSpendCheck } from './BudgetAsk';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * "Retry this job?": a retry is a new submission and may spend again, so it is always asked first,
 * with the cost line of its kind and model and, over the Settings budget, the budget's question in
 * the same dialog (issue 32, points 2-3); a total the counter cannot cover sends nothing.
 * Confirmed before main's check has answered, the retry waits for it: a check that goes sends
 * then, an ask or a refusal is shown first and nothing is sent until the creator confirms again.
 * One dialog for the Jobs panel and the panels' own cards. A kind that spends nothing (the
 * registry's `spends`: a history import, a singer training, a subtitle video) says so instead.
 */
export function RetryJobDialog({
  name,
  kind,
  model = null,
  interrupted,
  onConfirm,
  onCancel,
}: {
  name: string;
  kind: JobKind;
  /** The job's model (its recorded `meta.model`): the estimate is kept per kind and model. */
  model?: string | null;
  interrupted: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const facts = kindFacts(kind);
  const spend = useSpendCheck(facts.spends === 'nothing' ? null : { kind, model });
  const checked = spend === 'failed' ? null : spend;
  const [waiting, setWaiting] = useState(false);
  const decided = useRef(false);
  // confirmed while main's check was on its way: only a check that goes sends by itself, once
  useEffect(() => {
    if (!waiting || spend === null || decided.current) return;
    decided.current = true;
    if (spend === 'failed' || spend.check.verdict === 'go') onConfirm();
  }, [waiting, spend, onConfirm]);
  const confirm = () => {
    if (spend === null) setWaiting(true);
    // a known total the counter cannot cover: nothing is sent
    else if (spend !== 'failed' && spend.check.verdict === 'refuse') onCancel();
    else onConfirm();
  };
  if (facts.spends === 'nothing')
    return (
      <ConfirmDialog
        title={t('components:retry.title')}
        confirmLabel={t('common:retryJob.retry')}
        tone="default"
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p>
          {facts.retry === 'track'
            ? t('common:retryJob.followAgain', { name })
            : t('common:retryJob.sendAgainFree', { name })}
        </p>
      </ConfirmDialog>
    );
  return (
    <ConfirmDialog
      title={t('components:retry.title')}
      confirmLabel={t('components:retry.spend')}
      tone="default"
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>{t('components:retry.spendBody', { name })}</p>
      {interrupted && <p>{t('components:retry.interrupted')}</p>}
      <SpendCost kind={kind} model={model} />
      {checked && <SpendAsk total={checked.total} check={checked.check} />}
      {waiting && spend === null && (
        <p data-testid="retry-waiting">{t('components:retry.checking')}</p>
      )}
    </ConfirmDialog>
  );
}
