import { useAccountStore, type AccountState } from '../../stores/account';
import { describeProblem } from './format';
import { EntitlementsCard } from './EntitlementsCard';
import { KeyCard } from './KeyCard';
import { ProblemAlert } from './ProblemAlert';
import { ServiceAddressCard } from './ServiceAddressCard';
import { DiagnosticsCard } from './DiagnosticsCard';

/** The one progress or confirmation line of the panel (a polite live region). */
const selectProgress = (s: AccountState): string | null => {
  if (s.statusPhase === 'loading' && !s.status) return 'Loading your account…';
  if (s.savingKey) return 'Saving key…';
  if (s.removingKey) return 'Removing key…';
  if (s.changingAddress) return 'Waiting for you to confirm the new address…';
  if (s.keyInfoPhase === 'loading') return 'Checking your key…';
  return s.notice;
};

export function AccountPanel() {
  const status = useAccountStore((s) => s.status);
  const statusError = useAccountStore((s) => s.statusError);
  const keyInfo = useAccountStore((s) => s.keyInfo);
  const keyInfoError = useAccountStore((s) => s.keyInfoError);
  const progress = useAccountStore(selectProgress);

  // A failed re-read of the status after it once loaded is not worth blocking the panel for.
  const problem = describeProblem({
    statusError: status ? null : statusError,
    keyInfoError,
    keyInfo,
  });

  return (
    <div className="panel">
      <header className="panel-header">
        <h1 className="panel-title">Account</h1>
        <p className="panel-lede">
          Your API key, the service Cadenza talks to, and what is left on your key.
        </p>
      </header>

      <p role="status" className="panel-status">
        {progress}
      </p>

      {problem && <ProblemAlert problem={problem} />}

      {status && (
        <div className="cards">
          <KeyCard showGetKey={problem?.action !== 'get-key'} />
          {status.hasKey && <EntitlementsCard />}
          <ServiceAddressCard status={status} />
          <DiagnosticsCard />
        </div>
      )}
    </div>
  );
}
