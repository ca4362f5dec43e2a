import { useTranslation } from '../../i18n';
import { loadStatus, refreshKeyInfo } from '../../stores/account';
import type { AccountProblem } from './format';
import { GetKeyLink } from './GetKeyLink';

/** One account problem (invalid, disabled, offline…) with the action that helps. */
export function ProblemAlert({ problem }: { problem: AccountProblem }) {
  const { t } = useTranslation();
  const tone =
    problem.kind === 'offline' || problem.kind === 'no_key' ? 'alert-warning' : 'alert-error';
  return (
    <div role="alert" className={`alert ${tone}`}>
      <div className="alert-text">
        <p className="alert-title">{problem.title}</p>
        {problem.detail && <p className="alert-detail">{problem.detail}</p>}
      </div>
      <div className="alert-actions">
        {problem.action === 'get-key' && <GetKeyLink />}
        {problem.action === 'retry-status' && (
          <button type="button" className="button button-small" onClick={() => void loadStatus()}>
            {t('common:retry')}
          </button>
        )}
        {problem.action === 'retry-key-info' && (
          <button
            type="button"
            className="button button-small"
            onClick={() => void refreshKeyInfo()}
          >
            {t('common:retry')}
          </button>
        )}
      </div>
    </div>
  );
}
