import { useEffect, useRef } from 'react';
import { Modal } from '../components/Modal';
import { errorText, useFormat, useTranslation } from '../i18n';
import { fileSizeText } from '../panels/shared/file-size';
import { useOpenWithStore } from '../stores/open-with';
import {
  declineUpgrade,
  followUpgrade,
  startUpgrade,
  upgradeLater,
  useUpgradeStore,
} from '../stores/upgrade';

/**
 * Asks before tagging the files an earlier version saved (issue 28, point 4): how many files and
 * bytes would be rewritten, that the sound is not changed, and that a synced folder uploads them
 * again. Shown when main says there is something to ask (once per start until answered) and from
 * the Library's "Add tags…". Main chooses the files; this only answers.
 */
export function UpgradeConsent() {
  const { t } = useTranslation();
  const f = useFormat();
  const status = useUpgradeStore((s) => s.status);
  const asking = useUpgradeStore((s) => s.asking);
  const busy = useUpgradeStore((s) => s.busy);
  const error = useUpgradeStore((s) => s.error);
  // files opened with Cadenza are asked about first (one dialog at a time)
  const opening = useOpenWithStore((s) => s.files.length > 0);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => followUpgrade(), []);
  if (!asking || opening || !status || status.files === 0) return null;
  const count = status.files;
  return (
    <Modal
      title={t('components:upgrade.title')}
      initialFocusRef={addRef}
      onCancel={upgradeLater}
      className="upgrade-dialog"
      actions={
        <>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void declineUpgrade()}
          >
            {t('components:upgrade.notNow')}
          </button>
          <button
            type="button"
            className="button button-primary"
            ref={addRef}
            disabled={busy}
            onClick={() => void startUpgrade()}
          >
            {t('components:upgrade.add', { count })}
          </button>
        </>
      }
    >
      <div className="dialog-paragraphs">
        <p>
          {t('components:upgrade.body', {
            count,
            n: f.number(count),
            size: fileSizeText(f, status.bytes, 'mb'),
          })}
        </p>
        <p>{t('components:upgrade.why')}</p>
        <p>
          <strong>{t('components:upgrade.rewritten')}</strong>{' '}
          {status.synced
            ? t('components:upgrade.syncedKnown', { service: status.synced })
            : t('components:upgrade.synced')}
        </p>
        <p className="muted small">{t('components:upgrade.background')}</p>
      </div>
      {error && (
        <p role="alert" className="inline-alert">
          {errorText(error)}
        </p>
      )}
    </Modal>
  );
}
