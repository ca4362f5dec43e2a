import { useEffect } from 'react';
import { Button } from '../../components/Button';
import { Progress } from '../../components/Progress';
import { errorText, useFormat, useTranslation } from '../../i18n';
import {
  askUpgrade,
  followUpgrade,
  startUpgrade,
  stopUpgrade,
  useUpgradeStore,
} from '../../stores/upgrade';

/** Why a file could not be tagged, in words (main sends the reason's code). */
const REASON = {
  locked: 'library:upgrade.reason.locked',
  readOnly: 'library:upgrade.reason.readOnly',
  gone: 'library:upgrade.reason.gone',
  diskFull: 'library:upgrade.reason.diskFull',
  damaged: 'library:upgrade.reason.damaged',
  other: 'library:upgrade.reason.other',
} as const;

/**
 * The upgrade of older files in the Library (issue 28, point 4): its progress while it runs (and
 * that it waits while the creator plays or searches), Stop and Continue, the files that could not
 * be tagged with their reason, and "Add tags…" after a "Not now".
 */
export function UpgradeCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const status = useUpgradeStore((s) => s.status);
  const busy = useUpgradeStore((s) => s.busy);
  const error = useUpgradeStore((s) => s.error);
  useEffect(() => followUpgrade(), []);
  if (!status || status.phase === 'none' || status.phase === 'ask') return null;
  const { phase, done, total, files } = status;
  const running = phase === 'running' || phase === 'paused';
  return (
    <section className="library-upgrade" aria-labelledby="library-upgrade-title">
      <h2 className="library-missing-title" id="library-upgrade-title">
        {t('library:upgrade.title')}
      </h2>
      {running && (
        <>
          <Progress
            value={total > 0 ? done / total : null}
            label={t('library:upgrade.progressLabel')}
          />
          <p className="small" aria-live="polite">
            {t('library:upgrade.progress', {
              count: total,
              done: f.number(done),
              total: f.number(total),
            })}
            {phase === 'paused' && ` ${t('library:upgrade.paused')}`}
          </p>
        </>
      )}
      {phase === 'declined' && (
        <p className="small">
          {t('library:upgrade.declined', { count: files, n: f.number(files) })}
        </p>
      )}
      {phase === 'stopped' && (
        <p className="small">
          {t('library:upgrade.stopped', { count: files, n: f.number(files) })}
        </p>
      )}
      {phase === 'done' && status.failedCount === 0 && (
        <p className="small" role="status">
          {t('library:upgrade.done', { count: done, n: f.number(done) })}
        </p>
      )}
      {status.failedCount > 0 && !running && (
        <>
          <p className="small">
            {t('library:upgrade.failed', {
              count: status.failedCount,
              n: f.number(status.failedCount),
            })}
          </p>
          <ul className="library-upgrade-failed" aria-label={t('library:upgrade.failedList')}>
            {status.failed.map((x) => (
              <li key={x.id}>
                <span translate="no">{x.file}</span> — {t(REASON[x.reason])}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="button-row">
        {running && (
          <Button size="small" disabled={busy} onClick={() => void stopUpgrade()}>
            {t('library:upgrade.stop')}
          </Button>
        )}
        {phase === 'stopped' && (
          <Button size="small" disabled={busy} onClick={() => void startUpgrade()}>
            {t('library:upgrade.continue')}
          </Button>
        )}
        {phase === 'declined' && (
          <Button size="small" disabled={busy} onClick={askUpgrade}>
            {t('library:upgrade.ask')}
          </Button>
        )}
        {phase === 'done' && files > 0 && (
          <Button size="small" disabled={busy} onClick={() => void startUpgrade()}>
            {t('library:upgrade.retry')}
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="inline-alert">
          {errorText(error)}
        </p>
      )}
    </section>
  );
}
