import {
  selectKeyPresence,
  selectKeyProblem,
  selectOffline,
  useAccountStore,
} from '../stores/account';
import { useTranslation } from '../i18n';

/**
 * A small pill in the title bar: whether a key is set, accepted, and the service reachable. It
 * follows the account store, which focus and network events keep fresh. It opens Account.
 */
export function HeaderStatus({ onOpenAccount }: { onOpenAccount: (() => void) | null }) {
  const presence = useAccountStore(selectKeyPresence);
  const problem = useAccountStore(selectKeyProblem);
  const offline = useAccountStore(selectOffline);
  const unchecked = useAccountStore((s) => s.keyUnchecked);
  const { t } = useTranslation();
  const statusFailed = useAccountStore((s) => s.status === null && s.statusPhase === 'error');

  let tone: 'ok' | 'warn' | 'error' | 'idle' = 'idle';
  let text = t('shell:status.checking');
  if (statusFailed) {
    tone = 'error';
    text = t('shell:status.unavailable');
  } else if (presence === 'none') {
    tone = 'warn';
    text = t('shell:status.noKey');
  } else if (presence === 'set') {
    if (problem === 'auth') {
      tone = 'error';
      text = t('shell:status.keyNotAccepted');
    } else if (problem === 'key_disabled') {
      tone = 'error';
      text = t('shell:status.keyDisabled');
    } else if (offline) {
      tone = 'warn';
      text = unchecked ? t('shell:status.offlineUnchecked') : t('shell:status.offline');
    } else {
      tone = 'ok';
      text = t('shell:status.keySet');
    }
  }

  return (
    <button
      type="button"
      className={`status-pill status-${tone}`}
      onClick={onOpenAccount ?? undefined}
      disabled={!onOpenAccount}
      title={t('shell:status.openAccount')}
    >
      <span className="status-dot" aria-hidden />
      {text}
    </button>
  );
}
