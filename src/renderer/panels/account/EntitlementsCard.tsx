import { refreshKeyInfo, useAccountStore } from '../../stores/account';
import { useFormat, useTranslation } from '../../i18n';
import { ENTITLEMENTS, formatCount, keyDetails } from './format';

/** What is left on the key, read from the service's key info, with a Refresh button. */
export function EntitlementsCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const keyInfo = useAccountStore((s) => s.keyInfo);
  const phase = useAccountStore((s) => s.keyInfoPhase);
  const readAtMs = useAccountStore((s) => s.keyInfoReadAtMs);
  const loading = phase === 'loading';

  return (
    <section className="card" aria-label={t('account:entitlements.title')} aria-busy={loading}>
      <div className="card-head">
        <h2 className="card-title">{t('account:entitlements.title')}</h2>
        <div className="card-head-actions">
          {readAtMs !== null && (
            <span className="muted small">
              {t('account:entitlements.checkedAt', { time: f.time(readAtMs) })}
            </span>
          )}
          <button
            type="button"
            className="button button-small"
            disabled={loading}
            onClick={() => void refreshKeyInfo()}
          >
            {t('account:entitlements.refresh')}
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
                <dt>{t(label)}</dt>
                <dd>{formatCount(keyInfo[counter])}</dd>
              </div>
            ))}
          </dl>
          {keyDetails(keyInfo).length > 0 && (
            <dl className="key-details">
              {keyDetails(keyInfo).map(({ label, value }) => (
                <div key={label}>
                  <dt>{label}</dt>
                  {/* the key's own name and e-mail, or a date in Intl's words already */}
                  <dd translate="no">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className="muted small">{t('account:entitlements.costs')}</p>
        </>
      ) : (
        <p className="muted">
          {loading
            ? t('account:entitlements.reading')
            : phase === 'error'
              ? t('account:entitlements.unavailable')
              : t('account:entitlements.nothing')}
        </p>
      )}
    </section>
  );
}
