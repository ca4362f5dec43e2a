import type { AppErrorShape } from '@shared/errors';
import { errorText } from '../../i18n';
import { FailureActions } from '../shared/FailureActions';

/**
 * The end of a voice card: the last error as an alert (`error`, when the card shows it here rather
 * than under a field) with its next step (Open Account, Retry, Dismiss), and the last notice as a
 * status line.
 */
export function CardOutcome({
  error,
  notice,
  onRetry,
  retryDisabled,
  onDismiss,
}: {
  error: AppErrorShape | null | undefined | false;
  notice: string | null | undefined;
  onRetry?: () => void;
  retryDisabled?: boolean;
  onDismiss?: () => void;
}) {
  return (
    <>
      {error && (
        <p className="field-error" role="alert">
          {errorText(error)}
        </p>
      )}
      {error && error.code !== 'validation' && (
        <FailureActions
          error={error}
          onRetry={onRetry}
          retryDisabled={retryDisabled}
          onDismiss={onDismiss}
        />
      )}
      {notice && (
        <p className="panel-status" role="status">
          {notice}
        </p>
      )}
    </>
  );
}
