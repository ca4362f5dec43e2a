import { kindFacts, type JobKind } from '@shared/domain/job-kinds';
import { useTranslation } from '../../i18n';
import { SpendCost } from './CostLine';
import { SpendAsk, useSpendCheck } from './BudgetAsk';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * "Retry this job?": a retry is a new submission and may spend again, so it is always asked first,
 * with the cost line of its kind and model and, over the Settings budget, the budget's question in
 * the same dialog (issue 32, points 2-3); a total the counter cannot cover sends nothing.
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
      // a known total the counter cannot cover: nothing is sent
      onConfirm={spend?.check.verdict === 'refuse' ? onCancel : onConfirm}
      onCancel={onCancel}
    >
      <p>{t('components:retry.spendBody', { name })}</p>
      {interrupted && <p>{t('components:retry.interrupted')}</p>}
      <SpendCost kind={kind} model={model} />
      {spend && <SpendAsk total={spend.total} check={spend.check} />}
    </ConfirmDialog>
  );
}
