import { flushSync } from 'react-dom';
import { useTranslation } from '../i18n';
import { loadStatus, refreshKeyInfo, useAccountStore } from '../stores/account';
import { showPanel } from '../stores/ui';
import type { Gate } from './useReadiness';

/**
 * Why an action cannot work yet, beside it, with the one button that fixes it: Open Account
 * (focusing the key field when the key is the problem) or Retry connection. Nothing when ready.
 */
export function ReadinessGate({ gate }: { gate: Gate }) {
  const { t } = useTranslation();
  const checking = useAccountStore((s) => s.keyInfoPhase === 'loading');
  if (gate.ready) return null;
  const openAccount = (focusKey: boolean) =>
    flushSync(() => showPanel('account', focusKey ? 'api-key' : null));
  return (
    <div className="gate" data-reason={gate.reason}>
      <p id={gate.gateId} className="gate-message">
        {gate.message}
      </p>
      {gate.fix === 'open-account-key' && (
        <button type="button" className="button button-small" onClick={() => openAccount(true)}>
          {t('account:gate.openAccount')}
        </button>
      )}
      {gate.fix === 'open-account' && (
        <button type="button" className="button button-small" onClick={() => openAccount(false)}>
          {t('account:gate.openAccount')}
        </button>
      )}
      {gate.fix === 'retry-connection' && (
        <button
          type="button"
          className="button button-small"
          disabled={checking}
          onClick={() => void refreshKeyInfo()}
        >
          {checking ? t('account:gate.checking') : t('account:gate.retryConnection')}
        </button>
      )}
      {gate.fix === 'retry-status' && (
        <button type="button" className="button button-small" onClick={() => void loadStatus()}>
          {t('common:retry')}
        </button>
      )}
    </div>
  );
}
