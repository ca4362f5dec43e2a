import { useState } from 'react';
import { call } from '../../bridge';
import type { AppErrorShape } from '@shared/errors';
import { errorText, said, saidText, type Said, useTranslation } from '../../i18n';

type Action = 'open' | 'copy';

/**
 * Help with a problem: open the folder with Cadenza's logs, or copy a diagnostic report
 * (version, system, settings without the key, job states, recent log lines) to paste into a bug
 * report. Main builds the report and puts it on the clipboard; the panel never sees it.
 */
export function DiagnosticsCard() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Action | null>(null);
  const [notice, setNotice] = useState<Said | null>(null);
  const [problem, setProblem] = useState<AppErrorShape | null>(null);

  const run = async (action: Action) => {
    setBusy(action);
    setNotice(null);
    setProblem(null);
    const r = await call((api) =>
      action === 'open' ? api.diagnostics.openLogsFolder() : api.diagnostics.copyReport(),
    );
    setBusy(null);
    if (!r.ok) setProblem(r.error);
    else if (action === 'copy') setNotice(said('account:diagnostics.copied'));
  };

  return (
    <section className="card" aria-label={t('account:diagnostics.title')}>
      <h2 className="card-title">{t('account:diagnostics.title')}</h2>
      <p className="muted">{t('account:diagnostics.body')}</p>
      <div className="field-row">
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => void run('copy')}
        >
          {busy === 'copy' ? t('account:diagnostics.copying') : t('account:diagnostics.copy')}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => void run('open')}
        >
          {t('account:diagnostics.openLogs')}
        </button>
      </div>
      <p aria-live="polite" className="small">
        {notice && saidText(notice)}
      </p>
      {problem && (
        <p role="alert" className="inline-alert">
          {errorText(problem)}
        </p>
      )}
    </section>
  );
}
