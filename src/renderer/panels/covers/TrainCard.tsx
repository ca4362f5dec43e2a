import { TRAINING_AUDIO_MAX_S, TRAINING_AUDIO_MIN_S } from '@shared/domain/service-limits';
import {
  measureTraining,
  setTrainField,
  startTraining,
  toggleTrainItem,
  useCoversStore,
} from '../../stores/covers';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import type { SourceItem } from '@shared/ipc/covers';
import { Button, TextArea, TextField } from '../../components';
import { JobResultView } from './JobResultView';
import { SingerList } from './SingerList';

const mmss = (s: number): string =>
  `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/**
 * Library items the training picker offers: songs and covers (singing, not speech) with a service
 * link, each recording once (two items with the same title and length are one to the eye: the
 * first, the newest, is kept).
 */
export function trainingItems(sources: readonly SourceItem[]): SourceItem[] {
  const seen = new Set<string>();
  return sources.filter((i) => {
    if (!i.hasServiceUrl || (i.kind !== 'song' && i.kind !== 'cover')) return false;
    const key = `${i.title.trim().toLowerCase()}|${i.durationMs ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Train a custom singer from audio links (the service takes URLs only); measured before anything is spent. */
export function TrainCard() {
  const s = useCoversStore();
  const withUrls = trainingItems(s.sources);
  const custom = s.singers.filter((x) => x.custom);
  const check = s.trainingCheck;
  // the service names no counter for training (docs/writing.md): only the key and the connection
  const gate = useReadiness({ counter: null });
  return (
    <section className="card stack" aria-label="Train a custom singer" aria-busy={s.busy !== null}>
      <div className="card-head">
        <h2 className="card-title">Train a custom singer</h2>
      </div>
      <p className="muted small">
        The service trains from audio <strong>links</strong> only (http/https; MP3, WAV or M4A),{' '}
        {TRAINING_AUDIO_MIN_S / 60} to {TRAINING_AUDIO_MAX_S / 60} minutes in total. Local files
        cannot be sent: put them online first, or use library items that came from the service.
        Cadenza measures the links (reading only their headers) before anything is spent.
      </p>
      <TextArea
        label="Audio links (one per line)"
        rows={3}
        grow
        maxRows={10}
        value={s.trainUrls}
        onChange={(e) => setTrainField('trainUrls', e.target.value)}
        placeholder="https://…/take1.mp3"
      />
      {withUrls.length > 0 && (
        <fieldset className="covers-items">
          <legend className="field-label">Library items with a service link</legend>
          {withUrls.map((i) => (
            <label key={i.itemId} className="checkbox">
              <input
                type="checkbox"
                checked={s.trainItemIds.includes(i.itemId)}
                onChange={(e) => toggleTrainItem(i.itemId, e.target.checked)}
              />
              {i.title}
              {i.durationMs !== null ? ` (${mmss(i.durationMs / 1000)})` : ''}
            </label>
          ))}
        </fieldset>
      )}
      <TextField
        label="Singer name"
        value={s.trainName}
        maxLength={80}
        error={s.trainError?.fields?.name}
        onChange={(e) => setTrainField('trainName', e.target.value)}
      />
      {check && (
        <div role="status" aria-label="Measured training audio">
          <ul className="covers-measured">
            {check.links.map((l, i) => (
              <li key={`${l.label}-${i}`}>
                {l.label}:{' '}
                {l.durationS !== null ? mmss(l.durationS) : (l.problem ?? 'not measured')}
              </li>
            ))}
          </ul>
          {check.totalS !== null && <p>Total: {mmss(check.totalS)}</p>}
          {check.problem && <p className="field-error">{check.problem}</p>}
        </div>
      )}
      {s.trainError && !s.trainError.fields?.name && (
        <p className="field-error" role="alert">
          {s.trainError.message}
        </p>
      )}
      <div className="covers-actions">
        <Button disabled={s.busy !== null} onClick={() => void measureTraining()}>
          {s.busy === 'measuring' ? 'Measuring…' : 'Measure links'}
        </Button>
        <Button
          variant="primary"
          disabled={s.busy !== null || !!check?.problem || !gate.ready}
          aria-describedby={gate.describedBy}
          onClick={() => void startTraining()}
        >
          {s.busy === 'training' ? 'Measuring and sending…' : 'Train singer'}
        </Button>
      </div>
      <ReadinessGate gate={gate} />
      {s.training && (
        <JobResultView
          job={s.training}
          what="Training"
          slot="training"
          onRetry={() => void startTraining()}
          retryDisabled={!gate.ready || !!check?.problem}
        />
      )}
      <SingerList singers={custom} />
    </section>
  );
}
