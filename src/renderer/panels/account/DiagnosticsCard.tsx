import { useState } from 'react';
import { call } from '../../bridge';

type Action = 'open' | 'copy';

/**
 * Help with a problem: open the folder with Cadenza's logs, or copy a diagnostic report
 * (version, system, settings without the key, job states, recent log lines) to paste into a bug
 * report. Main builds the report and puts it on the clipboard; the panel never sees it.
 */
export function DiagnosticsCard() {
  const [busy, setBusy] = useState<Action | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (action: Action) => {
    setBusy(action);
    setNotice(null);
    setProblem(null);
    const r = await call((api) =>
      action === 'open' ? api.diagnostics.openLogsFolder() : api.diagnostics.copyReport(),
    );
    setBusy(null);
    if (!r.ok) setProblem(r.error.message);
    else if (action === 'copy')
      setNotice('Diagnostic report copied. Paste it into your message or bug report.');
  };

  return (
    <section className="card" aria-label="Help with a problem">
      <h2 className="card-title">Help with a problem</h2>
      <p className="muted">
        Cadenza keeps a log of what it does, never your key. When something goes wrong, copy the
        diagnostic report and paste it into your message.
      </p>
      <div className="field-row">
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => void run('copy')}
        >
          {busy === 'copy' ? 'Copying…' : 'Copy diagnostic report'}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => void run('open')}
        >
          Open logs folder
        </button>
      </div>
      <p aria-live="polite" className="small">
        {notice}
      </p>
      {problem && (
        <p role="alert" className="inline-alert">
          {problem}
        </p>
      )}
    </section>
  );
}
