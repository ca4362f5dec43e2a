import { useEffect, useState } from 'react';
import { BATCH_MAX_CONCURRENCY } from '@shared/domain/batch';
import type { AppErrorShape } from '@shared/errors';
import type { BatchSettingsView } from '@shared/ipc/batches';
import { call } from '../../bridge';
import { errorText, useFormat, useTranslation } from '../../i18n';

const CHOICES = Array.from({ length: BATCH_MAX_CONCURRENCY }, (_, i) => i + 1);

/**
 * Batches (issue 32, point 1; docs/batches.md): how many of a batch's submissions are in flight
 * at once (default 2), and whether the computer is kept awake while a batch runs (default on).
 * Saved by main (settings.json `batch`); a running batch follows at its next submission.
 */
export function BatchesSection() {
  const { t } = useTranslation();
  const f = useFormat();
  const [values, setValues] = useState<BatchSettingsView | null>(null);
  const [problem, setProblem] = useState<AppErrorShape | null>(null);
  useEffect(() => {
    void call((api) => api.batches.settings()).then((r) =>
      r.ok ? setValues(r.value) : setProblem(r.error),
    );
  }, []);
  const save = (patch: Partial<BatchSettingsView>): void => {
    void call((api) => api.batches.setSettings(patch)).then((r) => {
      if (r.ok) {
        setValues(r.value);
        setProblem(null);
      } else setProblem(r.error);
    });
  };
  return (
    <section className="card" aria-label={t('batch:settings.title')}>
      <h2 className="card-title">{t('batch:settings.title')}</h2>
      <div className="field">
        <label htmlFor="batch-concurrency" className="field-label">
          {t('batch:settings.concurrency')}
        </label>
        <select
          id="batch-concurrency"
          className="input select"
          value={values?.concurrency ?? 2}
          disabled={!values}
          aria-describedby="batch-concurrency-hint"
          onChange={(e) => save({ concurrency: Number(e.target.value) })}
        >
          {CHOICES.map((n) => (
            <option key={n} value={n}>
              {f.number(n)}
            </option>
          ))}
        </select>
        <p className="field-hint" id="batch-concurrency-hint">
          {t('batch:settings.concurrencyHint')}
        </p>
      </div>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values?.keepAwake ?? true}
            disabled={!values}
            onChange={(e) => save({ keepAwake: e.target.checked })}
          />{' '}
          {t('batch:settings.keepAwake')}
        </label>
      </div>
      {problem && (
        <p className="settings-error" role="alert">
          {errorText(problem)}
        </p>
      )}
    </section>
  );
}
