import { ConfirmDialog } from './ConfirmDialog';

/**
 * "Retry this job?": a retry is a new submission and may spend again, so it is always asked first.
 * One dialog for the Jobs panel and the panels' own cards.
 */
export function RetryJobDialog({
  name,
  interrupted,
  onConfirm,
  onCancel,
}: {
  name: string;
  interrupted: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
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
