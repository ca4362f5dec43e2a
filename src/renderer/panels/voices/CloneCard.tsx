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
import { formatBytes, formatCount, formatSeconds } from './format';

/** Drop or pick recordings, see their checks, name the voice, upload with progress and cancel. */
export function CloneCard() {
  const files = useVoicesStore((s) => s.cloneFiles);
  const name = useVoicesStore((s) => s.cloneName);
  const description = useVoicesStore((s) => s.cloneDescription);
  const upload = useVoicesStore((s) => s.upload);
  const error = useVoicesStore((s) => s.cloneError);
  // a clone's success is said next to the new voice in the list, once it is listed
  const notice = useVoicesStore((s) =>
    s.justCloned && s.catalogue?.clones.some((c) => c.name === s.justCloned) ? null : s.cloneNotice,
  );
  const clonesLeft = useAccountStore((s) => s.keyInfo?.key_clone_voices ?? null);
  const [dragging, setDragging] = useState(false);

  const gate = useReadiness({ counter: 'key_clone_voices' });
  const problems = files.some((f) => f.problem);
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
    <section className="card" aria-label="Clone a voice" aria-busy={!!upload}>
      <div className="card-head">
        <h2 className="card-title">Clone a voice</h2>
        {clonesLeft !== null && (
          <span className="muted small">{formatCount(clonesLeft)} voice clones left</span>
        )}
      </div>
      <div
        className={dragging ? 'voice-drop voice-drop-active' : 'voice-drop'}
        role="region"
        aria-label="Drop recordings here"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Drop recordings of the voice here (mp3, wav, m4a, flac…; 2 s to 10 min each), or</p>
        <button
          type="button"
          className="button button-small"
          disabled={!!upload}
          onClick={() => void addRecordings('pick')}
        >
          Choose recordings…
        </button>
      </div>
      {files.length > 0 && (
        <ul className="voice-files" aria-label="Recordings">
          {files.map((f) => (
            <li key={f.handle}>
              <strong>{f.name}</strong> — {formatBytes(f.sizeBytes)},{' '}
              {f.durationMs !== null ? formatSeconds(f.durationMs) : 'length unknown'}
              {f.problem && <span className="voice-file-problem"> — {f.problem}</span>}{' '}
              <button
                type="button"
                className="link-button"
                disabled={!!upload}
                onClick={() => removeRecording(f.handle)}
                aria-label={`Remove ${f.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="stack voice-clone-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (canClone) void startClone();
        }}
      >
        <label className="field">
          <span className="field-label">Voice name</span>
          <input
            className="input"
            value={name}
            onChange={(e) => setCloneName(e.target.value)}
            disabled={!!upload}
            aria-invalid={!!error?.fields?.name}
          />
        </label>
        {error?.fields?.name && <p className="field-error">{error.fields.name}</p>}
        <label className="field">
          <span className="field-label">Description</span>
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
            Clone voice
          </button>
          {upload && (
            <button type="button" className="button" onClick={() => void cancelClone()}>
              Cancel upload
            </button>
          )}
        </div>
        <ReadinessGate gate={gate} />
      </form>
      {upload && (
        <div>
          <progress
            className="meter voice-progress"
            aria-label="Upload progress"
            max={100}
            value={pct}
          />
          <span className="small muted">
            {pct < 100
              ? `Uploading… ${pct}% of ${formatBytes(upload.totalBytes)}`
              : 'Uploaded; the service is making the voice…'}
          </span>
        </div>
      )}
      <CardOutcome
        error={error}
        notice={notice}
        onRetry={() => void startClone()}
        retryDisabled={!canClone}
        onDismiss={() => dismissVoiceError('clone')}
      />
    </section>
  );
}
