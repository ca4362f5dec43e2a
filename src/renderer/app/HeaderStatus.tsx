import {
  selectKeyPresence,
  selectKeyProblem,
  selectOffline,
  useAccountStore,
} from '../stores/account';

/**
 * A small pill in the title bar: whether a key is set, accepted, and the service reachable. It
 * follows the account store, which focus and network events keep fresh. It opens Account.
 */
export function HeaderStatus({ onOpenAccount }: { onOpenAccount: (() => void) | null }) {
  const presence = useAccountStore(selectKeyPresence);
  const problem = useAccountStore(selectKeyProblem);
  const offline = useAccountStore(selectOffline);
  const unchecked = useAccountStore((s) => s.keyUnchecked);
  const statusFailed = useAccountStore((s) => s.status === null && s.statusPhase === 'error');

  let tone: 'ok' | 'warn' | 'error' | 'idle' = 'idle';
  let text = 'Checking…';
  if (statusFailed) {
    tone = 'error';
    text = 'Account unavailable';
  } else if (presence === 'none') {
    tone = 'warn';
    text = 'No key';
  } else if (presence === 'set') {
    if (problem === 'auth') {
      tone = 'error';
      text = 'Key not accepted';
    } else if (problem === 'key_disabled') {
      tone = 'error';
      text = 'Key disabled';
    } else if (offline) {
      tone = 'warn';
      text = unchecked ? 'Offline, key not checked yet' : 'Offline';
    } else {
      tone = 'ok';
      text = 'Key set';
    }
  }

  return (
    <button
      type="button"
      className={`status-pill status-${tone}`}
      onClick={onOpenAccount ?? undefined}
      disabled={!onOpenAccount}
      title="Open the Account panel"
    >
      <span className="status-dot" aria-hidden />
      {text}
    </button>
  );
}
