import { useState, type DragEvent } from 'react';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { useAccountStore } from '../../stores/account';
import {
  addRecordings,
  cancelClone,
  dismissVoiceError,
  removeRecording,
  setCloneDescription,
  setCloneName,
  startClone,
  useVoicesStore,
} from '../../stores/voices';
import { CardOutcome } from './CardOutcome';
import { fieldText, problemText, saidText, useFormat, useTranslation } from '../../i18n';
import { seconds } from './format';
import { fileSizeText } from '../shared/file-size';
import { SpendCost } from '../shared/CostLine';
import { useBudgetAsk } from '../shared/BudgetAsk';

/** Drop or pick recordings, see their checks, name the voice, upload with progress and cancel. */
export function CloneCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const files = useVoicesStore((s) => s.cloneFiles);
  const name = useVoicesStore((s) => s.cloneName);
  const description = useVoicesStore((s) => s.cloneDescription);
  const upload = useVoicesStore((s) => s.upload);
  const error = useVoicesStore((s) => s.cloneError);
  const budget = useBudgetAsk();
  // over the Settings budget (or not known yet with one): asked first, nothing sent on No
  const clone = () => void budget.spend({ kind: 'clone', model: null }, startClone);
  // a clone's success is said next to the new voice in the list, once it is listed
  const notice = useVoicesStore((s) =>
    s.justCloned && s.catalogue?.clones.some((c) => c.name === s.justCloned) ? null : s.cloneNotice,
  );
  const clonesLeft = useAccountStore((s) => s.keyInfo?.key_clone_voices ?? null);
  const [dragging, setDragging] = useState(false);

  const gate = useReadiness({ counter: 'key_clone_voices' });
  const problems = files.some((file) => file.problem);
  const canClone = !upload && files.length > 0 && !problems && name.trim() !== '' && gate.ready;
  const pct =
    upload && upload.totalBytes > 0 ? Math.round((upload.bytesSent / upload.totalBytes) * 100) : 0;

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    const dropped = Array.from(e.dataTransfer.files);
    if (dropped.length > 0) void addRecordings({ dropped });
  };

  return (
    <section className="card" aria-label={t('voice:clone.title')} aria-busy={!!upload}>
      <div className="card-head">
        <h2 className="card-title">{t('voice:clone.title')}</h2>
        {clonesLeft !== null && (
          <span className="muted small">{t('voice:clone.left', { count: clonesLeft })}</span>
        )}
      </div>
      <div
        className={dragging ? 'voice-drop voice-drop-active' : 'voice-drop'}
        role="region"
        aria-label={t('voice:clone.dropAria')}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t('voice:clone.drop')}</p>
        <button
          type="button"
          className="button button-small"
          disabled={!!upload}
          onClick={() => void addRecordings('pick')}
        >
          {t('voice:clone.choose')}
        </button>
      </div>
      {files.length > 0 && (
        <ul className="voice-files" aria-label={t('voice:clone.files')}>
          {files.map((file) => (
            <li key={file.handle}>
              <strong translate="no">{file.name}</strong> — {fileSizeText(f, file.sizeBytes)},{' '}
              {file.durationMs !== null
                ? seconds(t, f, file.durationMs)
                : t('voice:clone.lengthUnknown')}
              {file.problem && <span className="voice-file-problem"> — {problemText(file)}</span>}{' '}
              <button
                type="button"
                className="link-button"
                disabled={!!upload}
                onClick={() => removeRecording(file.handle)}
                aria-label={t('voice:clone.removeAria', { name: file.name })}
              >
                {t('voice:clone.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="stack voice-clone-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (canClone) clone();
        }}
      >
        <label className="field">
          <span className="field-label">{t('voice:clone.name')}</span>
          <input
            className="input"
            value={name}
            onChange={(e) => setCloneName(e.target.value)}
            disabled={!!upload}
            aria-invalid={!!error?.fields?.name}
          />
        </label>
        {error?.fields?.name && <p className="field-error">{fieldText(error, 'name')}</p>}
        <label className="field">
          <span className="field-label">{t('voice:clone.description')}</span>
          <textarea
            className="input textarea"
            rows={2}
            value={description}
            onChange={(e) => setCloneDescription(e.target.value)}
            disabled={!!upload}
          />
        </label>
        <div className="field-row">
          <button
            type="submit"
            className="button button-primary"
            disabled={!canClone}
            aria-describedby={gate.describedBy}
          >
            {t('voice:clone.submit')}
          </button>
          {upload && (
            <button type="button" className="button" onClick={() => void cancelClone()}>
              {t('voice:clone.cancelUpload')}
            </button>
          )}
        </div>
        <SpendCost kind="clone" />
        {budget.dialog}
        <ReadinessGate gate={gate} />
      </form>
      {upload && (
        <div>
          <progress
            className="meter voice-progress"
            aria-label={t('voice:clone.progress')}
            max={100}
            value={pct}
          />
          <span className="small muted">
            {pct < 100
              ? t('voice:clone.uploading', {
                  percent: f.percent(pct / 100),
                  size: fileSizeText(f, upload.totalBytes),
                })
              : t('voice:clone.uploaded')}
          </span>
        </div>
      )}
      <CardOutcome
        error={error}
        notice={notice && saidText(notice)}
        onRetry={clone}
        retryDisabled={!canClone}
        onDismiss={() => dismissVoiceError('clone')}
      />
    </section>
  );
}
