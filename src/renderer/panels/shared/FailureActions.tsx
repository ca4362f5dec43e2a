import { flushSync } from 'react-dom';
import type { AppErrorShape } from '@shared/errors';
import { showPanel } from '../../stores/ui';
import { useTranslation } from '../../i18n';

/** Failures only the key or its counts can fix: retrying as it is would fail the same way. */
const KEY_FIXES = new Set(['no_key', 'auth', 'key_disabled']);

/**
 * The next step under every failure card (docs/writing.md, "Failure cards"): Open Account when the
 * key or a counter is the problem, Retry when trying again can help, Dismiss to forget the card.
 * Each card is a labelled region or list item, so its buttons are told apart by their card.
 */
export function FailureActions({
  error,
  onRetry,
  retryDisabled = false,
  onDismiss,
  busy = false,
}: {
  error: AppErrorShape | null;
  onRetry?: (() => void) | undefined;
  retryDisabled?: boolean;
  onDismiss?: (() => void) | undefined;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const code = error?.code;
  const accountFix = code !== undefined && (KEY_FIXES.has(code) || code === 'entitlement');
  const canRetry = !!onRetry && !(code !== undefined && KEY_FIXES.has(code));
  if (!accountFix && !canRetry && !onDismiss) return null;
  return (
    <div className="failure-actions">
      {accountFix && (
        <button
          type="button"
          className="button button-small"
          onClick={() =>
            flushSync(() => showPanel('account', KEY_FIXES.has(code) ? 'api-key' : null))
          }
        >
          {t('components:failure.openAccount')}
        </button>
      )}
      {canRetry && (
        <button
          type="button"
          className="button button-small"
          disabled={busy || retryDisabled}
          onClick={onRetry}
        >
          {t('components:failure.retry')}
        </button>
      )}
      {onDismiss && (
        <button type="button" className="button button-small" disabled={busy} onClick={onDismiss}>
          {t('components:failure.dismiss')}
        </button>
      )}
    </div>
  );
}
