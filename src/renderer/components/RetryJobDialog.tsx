import { kindFacts, type JobKind } from '@shared/domain/job-kinds';
import { useTranslation } from '../i18n';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * "Retry this job?": a retry is a new submission and may spend again, so it is always asked first.
 * One dialog for the Jobs panel and the panels' own cards. A kind that spends nothing (the
 * registry's `spends`: a history import, a singer training, a subtitle video) says so instead.
 */
export function RetryJobDialog({
  name,
  kind,
  interrupted,
  onConfirm,
  onCancel,
}: {
  name: string;
  kind: JobKind;
  interrupted: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const facts = kindFacts(kind);
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
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('components:retry.spendBody', { name })}</p>
      {interrupted && <p>{t('components:retry.interrupted')}</p>}
    </ConfirmDialog>
  );
}
