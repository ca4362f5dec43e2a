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
import { SpendCost } from '../shared/CostLine';
import type { LibraryItemView } from '@shared/ipc/library';
import { ItemPicker } from '../../components/ItemPicker';
import { JobResultView } from '../shared/JobResultView';
import { CountsChanged } from '../shared/CountsChanged';
import { SingerList } from './SingerList';
import { errorText, fieldText, problemText, useFormat, useTranslation } from '../../i18n';

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
  const { t } = useTranslation();
  const f = useFormat();
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
  const minutes = {
    min: f.number(TRAINING_AUDIO_MIN_S / 60),
    max: f.number(TRAINING_AUDIO_MAX_S / 60),
  };
  return (
    <section
      className="card stack"
      aria-label={t('covers:train.title')}
      aria-busy={s.busy !== null}
      {...drop.dropProps}
    >
      <div className="card-head">
        <h2 className="card-title">{t('covers:train.title')}</h2>
      </div>
      <p className="muted small">{t('covers:train.intro', minutes)}</p>
      {drop.dropped && (
        <LinksOnlyDropNote
          message={t('covers:train.dropped')}
          items={offer}
          none={t('covers:train.noLinks')}
          onUse={(id) => toggleTrainItem(id, true)}
          onClose={drop.close}
        />
      )}
      <TextArea
        label={t('covers:train.links')}
        rows={3}
        grow
        maxRows={10}
        value={s.trainUrls}
        onChange={(e) => setTrainField('trainUrls', e.target.value)}
        placeholder={t('covers:train.linksPlaceholder')}
      />
      <ItemPicker
        label={t('covers:train.library.label')}
        noun={t('covers:train.library.noun')}
        items={offer}
        detailOf={sourceDetail}
        loading={sources.loading}
        value=""
        onChange={(id) => toggleTrainItem(id, true)}
        empty={
          s.trainItemIds.length === 0 ? (
            <p className="muted small">{t('covers:train.noLinks')}</p>
          ) : null
        }
      />
      {s.trainItemIds.length > 0 && (
        <div className="covers-chosen-group">
          <p className="field-label" id="training-chosen-label">
            {t('covers:train.chosen', { n: f.number(s.trainItemIds.length) })}
          </p>
          <ul className="covers-chosen" aria-labelledby="training-chosen-label">
            {chosen.map(({ id, item }) => {
              return (
                <li key={id}>
                  {item ? (
                    <span className="covers-chosen-title" translate="no">
                      {item.title}
                    </span>
                  ) : (
                    <span className="covers-chosen-title">{t('covers:train.gone')}</span>
                  )}
                  {item && <span className="muted small">{sourceDetail(item)}</span>}
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={
                      item
                        ? t('covers:train.removeAria', { title: item.title })
                        : t('covers:train.removeGone')
                    }
                    onClick={() => toggleTrainItem(id, false)}
                  >
                    {t('covers:train.remove')}
                  </Button>
                </li>
              );
            })}
          </ul>
          <p className="muted small">
            {t('covers:train.soFar', { length: mmss(chosenMs / 1000), ...minutes })}
          </p>
        </div>
      )}
      <TextField
        label={t('covers:train.name')}
        value={s.trainName}
        maxLength={80}
        error={fieldText(s.trainError, 'name')}
        onChange={(e) => setTrainField('trainName', e.target.value)}
      />
      {check && (
        <div role="status" aria-label={t('covers:train.measured')}>
          <ul className="covers-measured">
            {check.links.map((l, i) => (
              <li key={`${l.label}-${i}`}>
                <span translate="no">{l.label}</span>:{' '}
                {l.durationS !== null
                  ? mmss(l.durationS)
                  : (problemText(l) ?? t('covers:train.notMeasured'))}
              </li>
            ))}
          </ul>
          {check.totalS !== null && (
            <p>{t('covers:train.total', { length: mmss(shownTotalS(check)) })}</p>
          )}
          {check.problem && <p className="field-error">{problemText(check)}</p>}
        </div>
      )}
      {s.trainError && !s.trainError.fields?.name && (
        <p className="field-error" role="alert">
          {errorText(s.trainError)}
        </p>
      )}
      <div className="covers-actions">
        <Button disabled={s.busy !== null} onClick={() => void measureTraining()}>
          {s.busy === 'measuring' ? t('covers:train.measuring') : t('covers:train.measure')}
        </Button>
        <Button
          variant="primary"
          disabled={s.busy !== null || !!check?.problem || !gate.ready}
          aria-describedby={gate.describedBy}
          onClick={() => void startTraining()}
        >
          {s.busy === 'training' ? t('covers:train.sending') : t('covers:train.train')}
        </Button>
      </div>
      <SpendCost kind="custom-singer" />
      <ReadinessGate gate={gate} />
      {s.training && (
        <JobResultView
          job={s.training}
          label={t('covers:train.result')}
          onDismiss={() => void dismissCover('training')}
          doneText={t('covers:train.done')}
          onRetry={() => void startTraining()}
          retryDisabled={!gate.ready || !!check?.problem}
        />
      )}
      {s.training && (
        // the service names no counter for training (docs/writing.md): say which ones moved
        <CountsChanged
          before={s.training.countsBefore ?? null}
          done={s.training.state === 'done'}
        />
      )}
      <SingerList singers={custom} />
    </section>
  );
}
