import { selectKeyPresence, selectKeyProblem, useAccountStore } from '../stores/account';

/** A small pill in the title bar saying whether a key is set; it opens the Account panel. */
export function HeaderStatus({ onOpenAccount }: { onOpenAccount: (() => void) | null }) {
  const presence = useAccountStore(selectKeyPresence);
  const problem = useAccountStore(selectKeyProblem);
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
    tone = problem ? 'error' : 'ok';
    text =
      problem === 'auth'
        ? 'Key not accepted'
        : problem === 'key_disabled'
          ? 'Key disabled'
          : 'Key set';
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
