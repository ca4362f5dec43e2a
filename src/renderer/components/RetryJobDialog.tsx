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
        title="Retry this job?"
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
      title="Retry this job?"
      confirmLabel="Retry and spend credits"
      tone="default"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        “{name}” will be sent to the service again as a new job, and it will spend credits again. To
        get back results you already have, use Download again instead: it spends nothing.
      </p>
      {interrupted && (
        <p>
          The first attempt was interrupted and may already have been charged: check your library
          and credits first.
        </p>
      )}
    </ConfirmDialog>
  );
}
