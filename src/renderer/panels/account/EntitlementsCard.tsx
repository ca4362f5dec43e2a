import { refreshKeyInfo, useAccountStore } from '../../stores/account';
import { ENTITLEMENTS, formatCount, keyDetails } from './format';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** What is left on the key, read from the service's key info, with a Refresh button. */
export function EntitlementsCard() {
  const keyInfo = useAccountStore((s) => s.keyInfo);
  const phase = useAccountStore((s) => s.keyInfoPhase);
  const readAtMs = useAccountStore((s) => s.keyInfoReadAtMs);
  const loading = phase === 'loading';

  return (
    <section className="card" aria-label="Left on your key" aria-busy={loading}>
      <div className="card-head">
        <h2 className="card-title">Left on your key</h2>
        <div className="card-head-actions">
          {readAtMs !== null && (
            <span className="muted small">Checked at {timeFormat.format(readAtMs)}</span>
          )}
          <button
            type="button"
            className="button button-small"
            disabled={loading}
            onClick={() => void refreshKeyInfo()}
          >
            Refresh
          </button>
        </div>
      </div>

      {keyInfo ? (
        <>
          <dl className="entitlements">
            {ENTITLEMENTS.map(({ counter, label }) => (
              <div
                key={counter}
                className={keyInfo[counter] <= 0 ? 'entitlement entitlement-empty' : 'entitlement'}
              >
                <dt>{label}</dt>
                <dd>{formatCount(keyInfo[counter])}</dd>
              </div>
            ))}
          </dl>
          {keyDetails(keyInfo).length > 0 && (
            <dl className="key-details">
              {keyDetails(keyInfo).map(({ label, value }) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className="muted small">
            The service does not publish what each creation costs; Cadenza shows what is left before
            and after.
          </p>
        </>
      ) : (
        <p className="muted">
          {loading
            ? 'Reading what is left on your key…'
            : phase === 'error'
              ? 'Not available until the problem above is solved.'
              : 'Nothing to show yet.'}
        </p>
      )}
    </section>
  );
}
