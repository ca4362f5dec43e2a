import { useAccountStore, type AccountState } from '../../stores/account';
import { saidText, t as tr, useTranslation } from '../../i18n';
import { describeProblem } from './format';
import { EntitlementsCard } from './EntitlementsCard';
import { KeyCard } from './KeyCard';
import { ProblemAlert } from './ProblemAlert';
import { ServiceAddressCard } from './ServiceAddressCard';
import { DiagnosticsCard } from './DiagnosticsCard';

/** The one progress or confirmation line of the panel (a polite live region). */
const selectProgress = (s: AccountState): string | null => {
  if (s.statusPhase === 'loading' && !s.status) return tr('account:progress.loading');
  if (s.savingKey) return tr('account:progress.savingKey');
  if (s.removingKey) return tr('account:progress.removingKey');
  if (s.changingAddress) return tr('account:progress.confirmAddress');
  if (s.keyInfoPhase === 'loading') return tr('account:progress.checkingKey');
  return s.notice && saidText(s.notice);
};

export function AccountPanel() {
  const { t } = useTranslation();
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
        <h1 className="panel-title">{t('account:title')}</h1>
        <p className="panel-lede">{t('account:lede')}</p>
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
