import { useEffect, useState } from 'react';
import type { BatchView } from '@shared/domain/batch';
import { Button, Progress } from '../../components';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorText, useFormat, useTranslation } from '../../i18n';
import { showCollectionInLibrary } from '../../stores/library';
import { batchAction, followBatchList, slotAction, useBatchesStore } from './BatchStore';

/** The batches shown in Songs: the newest few (older ones stay in their collections). */
const SHOWN = 5;

const STATE = {
  running: 'batch:runs.state.running',
  paused: 'batch:runs.state.paused',
  cancelled: 'batch:runs.state.cancelled',
  done: 'batch:runs.state.done',
} as const;

/**
 * Songs' batch list: each batch's progress, Pause / Resume / Cancel, and the submissions that wait
 * for the creator — an interrupted one (it may have been charged: never sent again by itself) or
 * a failed one — with Send again and Skip. The songs land in the batch's collection, which "Open in
 * the Library" shows.
 */
export function BatchList() {
  const { t } = useTranslation();
  const batches = useBatchesStore((s) => s.batches);
  const error = useBatchesStore((s) => s.error);
  useEffect(() => void followBatchList(), []);
  if (batches.length === 0) return null;
  return (
    <section className="card batch-list" aria-label={t('batch:runs.title')}>
      <h2 className="card-title">{t('batch:runs.title')}</h2>
      <ul className="batch-rows">
        {batches.slice(0, SHOWN).map((b) => (
          <BatchRow key={b.id} batch={b} />
        ))}
      </ul>
      {error && (
        <p role="alert" className="settings-error">
          {errorText(error)}
        </p>
      )}
    </section>
  );
}

function BatchRow({ batch: b }: { batch: BatchView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const c = b.counts;
  const settled = c.total - c.waiting - c.active;
  const open = b.state === 'running' || b.state === 'paused';
  const waiting = b.slots
    .map((s, index) => ({ ...s, index }))
    .filter((s) => s.state === 'interrupted' || s.state === 'failed');
  return (
    <li className="batch-row">
      <div className="batch-row-head">
        <h3 className="batch-name" translate="no">
          {b.name}
        </h3>
        <span className="batch-state">{t(STATE[b.state])}</span>
      </div>
      <Progress
        value={c.total > 0 ? settled / c.total : 0}
        label={t('batch:runs.progress', { name: b.name })}
      />
      <p className="batch-counts">
        {t('batch:runs.counts', {
          done: f.number(c.done),
          total: f.number(c.total),
          count: c.songs,
        })}
        {c.active > 0 && ` · ${t('batch:runs.active', { count: c.active })}`}
        {c.failed > 0 && ` · ${t('batch:runs.failed', { count: c.failed })}`}
        {c.cancelled > 0 && ` · ${t('batch:runs.cancelledCount', { count: c.cancelled })}`}
      </p>
      <p className="field-hint">
        {t('batch:runs.collection', { name: b.name })}
        {b.collectionId !== null && (
          <>
            {' '}
            <button
              type="button"
              className="link-button"
              onClick={() => showCollectionInLibrary(b.collectionId!)}
            >
              {t('batch:runs.openCollection')}
            </button>
          </>
        )}
      </p>
      {open && (
        <div className="batch-actions">
          {b.state === 'running' ? (
            <Button size="small" onClick={() => void batchAction('pause', b.id)}>
              {t('batch:runs.pause')}
            </Button>
          ) : (
            <Button size="small" onClick={() => void batchAction('resume', b.id)}>
              {t('batch:runs.resume')}
            </Button>
          )}
          <Button size="small" variant="ghost" onClick={() => setConfirmCancel(true)}>
            {t('batch:runs.cancel')}
          </Button>
        </div>
      )}
      {waiting.length > 0 && (
        <ul className="batch-waits" aria-label={t('batch:runs.waitsAria', { name: b.name })}>
          {waiting.map((s) => (
            <li key={s.index} className="batch-wait">
              <p>
                {s.state === 'interrupted'
                  ? t('batch:runs.interrupted', { prompt: s.prompt })
                  : t('batch:runs.slotFailed', {
                      prompt: s.prompt,
                      reason: s.error ? errorText(s.error) : '',
                    })}
              </p>
              <div className="batch-actions">
                <Button size="small" onClick={() => void slotAction('sendAgain', b.id, s.index)}>
                  {t('batch:runs.sendAgain')}
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  onClick={() => void slotAction('skip', b.id, s.index)}
                >
                  {t('batch:runs.skip')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {confirmCancel && (
        <ConfirmDialog
          title={t('batch:runs.cancelTitle', { name: b.name })}
          confirmLabel={t('batch:runs.cancelConfirm')}
          cancelLabel={t('batch:runs.keepRunning')}
          onCancel={() => setConfirmCancel(false)}
          onConfirm={() => {
            setConfirmCancel(false);
            void batchAction('cancel', b.id);
          }}
        >
          <p>{t('batch:runs.cancelBody')}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
