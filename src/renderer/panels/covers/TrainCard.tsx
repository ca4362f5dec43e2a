import { TRAINING_AUDIO_MAX_S, TRAINING_AUDIO_MIN_S } from '@shared/domain/service-limits';
import {
  dismissCover,
  measureTraining,
  setTrainField,
  startTraining,
  toggleTrainItem,
  useCoversStore,
} from '../../stores/covers';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { useMemo } from 'react';
import { isTrainingSource } from '@shared/domain/library-sources';
import { sourceDetail, useLibrarySources } from '../shared/library-sources';
import { LinksOnlyDropNote, useLinksOnlyDrop } from '../shared/LinksOnlyDrop';
import { Button, TextArea, TextField } from '../../components';
import type { LibraryItemView } from '@shared/ipc/library';
import { ItemPicker } from '../../components/ItemPicker';
import { JobResultView } from '../shared/JobResultView';
import { SingerList } from './SingerList';

const mmss = (s: number): string =>
  `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/**
 * The total as the lines above it read: the sum of the whole seconds shown for each link, so
 * 3:19 + 2:40 reads 5:59, never 6:00 from the fractions (the check itself uses the exact total).
 */
function shownTotalS(check: {
  links: readonly { durationS: number | null }[];
  totalS: number | null;
}): number {
  if (check.links.some((l) => l.durationS === null)) return check.totalS ?? 0;
  return check.links.reduce((sum, l) => sum + Math.floor(l.durationS ?? 0), 0);
}

/**
 * What the training picker offers: each recording once (two items with the same title, kind and
 * length look the same: the first, the newest, is kept), without those already chosen.
 */
export function trainingOffer(
  items: readonly LibraryItemView[],
  chosen: readonly string[],
): LibraryItemView[] {
  const seen = new Set<string>();
  const taken = new Set(chosen);
  return items.filter((i) => {
    const key = `${i.title.trim().toLowerCase()}|${i.kind}|${i.durationMs ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return !taken.has(i.id);
  });
}

/** Train a custom singer from audio links (the service takes URLs only); measured before anything is spent. */
export function TrainCard() {
  const s = useCoversStore();
  const sources = useLibrarySources(isTrainingSource);
  const offer = useMemo(
    () => trainingOffer(sources.items, s.trainItemIds),
    [sources.items, s.trainItemIds],
  );
  // the few chosen, found in the offer's list (no index of 37,500 songs for them)
  const chosen = useMemo(
    () => s.trainItemIds.map((id) => ({ id, item: sources.items.find((i) => i.id === id) })),
    [sources.items, s.trainItemIds],
  );
  const chosenMs = chosen.reduce((sum, c) => sum + (c.item?.durationMs ?? 0), 0);
  const custom = s.singers.filter((x) => x.custom);
  const check = s.trainingCheck;
  const drop = useLinksOnlyDrop();
  // the service names no counter for training (docs/writing.md): only the key and the connection
  const gate = useReadiness({ counter: null });
  return (
    <section
      className="card stack"
      aria-label="Train a custom singer"
      aria-busy={s.busy !== null}
      {...drop.dropProps}
    >
      <div className="card-head">
        <h2 className="card-title">Train a custom singer</h2>
      </div>
      <p className="muted small">
        The service trains from audio <strong>links</strong> only (http/https; MP3, WAV or M4A),{' '}
        {TRAINING_AUDIO_MIN_S / 60} to {TRAINING_AUDIO_MAX_S / 60} minutes in total. Local files
        cannot be sent: put them online first, or use library items that came from the service.
        Cadenza measures the links (reading only their headers) before anything is spent.
      </p>
      {drop.dropped && (
        <LinksOnlyDropNote
          what="Training takes links only"
          items={offer}
          none="No library song or cover has a service link yet: songs and covers made here do."
          onUse={(id) => toggleTrainItem(id, true)}
          onClose={drop.close}
        />
      )}
      <TextArea
        label="Audio links (one per line)"
        rows={3}
        grow
        maxRows={10}
        value={s.trainUrls}
        onChange={(e) => setTrainField('trainUrls', e.target.value)}
        placeholder="https://…/take1.mp3"
      />
      <ItemPicker
        label="Add a library song or cover (its service link)"
        noun="songs and covers"
        items={offer}
        detailOf={sourceDetail}
        loading={sources.loading}
        value=""
        onChange={(id) => toggleTrainItem(id, true)}
        empty={
          s.trainItemIds.length === 0 ? (
            <p className="muted small">
              No library song or cover has a service link yet: songs and covers made here do.
            </p>
          ) : null
        }
      />
      {s.trainItemIds.length > 0 && (
        <div className="covers-chosen-group">
          <p className="field-label" id="training-chosen-label">
            Chosen for training ({s.trainItemIds.length})
          </p>
          <ul className="covers-chosen" aria-labelledby="training-chosen-label">
            {chosen.map(({ id, item }) => {
              return (
                <li key={id}>
                  <span className="covers-chosen-title">
                    {item ? item.title : 'No longer in your library'}
                  </span>
                  {item && <span className="muted small">{sourceDetail(item)}</span>}
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={`Remove ${item ? `“${item.title}”` : 'this item'}`}
                    onClick={() => toggleTrainItem(id, false)}
                  >
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
          <p className="muted small">
            From your library so far: {mmss(chosenMs / 1000)}. Training needs{' '}
            {TRAINING_AUDIO_MIN_S / 60} to {TRAINING_AUDIO_MAX_S / 60} minutes in total, with the
            links above; Measure links checks it all.
          </p>
        </div>
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
          {check.totalS !== null && <p>Total: {mmss(shownTotalS(check))}</p>}
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
          onDismiss={() => void dismissCover('training')}
          doneText="Done — the singer is trained. It lives with the service, on your key (nothing is added to the library); find it under “Your singers” below and in Make a cover’s singer list."
          onRetry={() => void startTraining()}
          retryDisabled={!gate.ready || !!check?.problem}
        />
      )}
      <SingerList singers={custom} />
    </section>
  );
}
