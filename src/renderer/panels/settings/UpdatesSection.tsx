import { useEffect, useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import type { UpdateState } from '@shared/ipc/updates';
import { bridge, call } from '../../bridge';
import { errorText, keyedText, t as tr, useFormat, useTranslation } from '../../i18n';

type Format = ReturnType<typeof useFormat>;

function statusLine(s: UpdateState, f: Format): string {
  // main's reason (English in the log) by its key, in the app's language
  if (!s.supported)
    return s.unsupportedReason
      ? keyedText(s.unsupportedReason, s.unsupportedReasonKey)
      : tr('settings:updates.unsupported');
  const version = s.version ?? '';
  switch (s.phase) {
    case 'idle':
      if (s.upToDate && s.lastCheckedAtMs !== null)
        return tr('settings:updates.upToDate', { time: f.dateTime(s.lastCheckedAtMs) });
      return s.autoUpdate ? tr('settings:updates.autoOn') : tr('settings:updates.autoOff');
    case 'checking':
      return tr('settings:updates.checking');
    case 'available':
      return tr('settings:updates.available', { version });
    case 'downloading':
      return tr('settings:updates.downloading', {
        version,
        percent: f.percent((s.progress?.percent ?? 0) / 100),
      });
    case 'ready':
      return tr('settings:updates.ready', { version });
    case 'installing':
      return tr('settings:updates.installing', { version });
    case 'error':
      return s.error ? errorText(s.error) : tr('settings:updates.failed');
  }
}

/**
 * App updates: the running version, the state of the last check or download, "Restart to update"
 * once a download is ready, the release notes (plain text from main, shown as text), and the
 * automatic-updates setting.
 */
export function UpdatesSection() {
  const { t } = useTranslation();
  const f = useFormat();
  const [state, setState] = useState<UpdateState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<AppErrorShape | null>(null);

  useEffect(() => {
    let live = true;
    void call((api) => api.updates.getState()).then((r) => {
      if (!live) return;
      if (r.ok) setState(r.value);
      else setProblem(r.error);
    });
    let off: (() => void) | undefined;
    try {
      off = bridge().on.updateState((s) => setState(s));
    } catch {
      // no bridge: the call above already reported it
    }
    return () => {
      live = false;
      off?.();
    };
  }, []);

  const run = async (
    action: () => Promise<
      { ok: true; value: UpdateState | null } | { ok: false; error: AppErrorShape }
    >,
  ) => {
    setBusy(true);
    setProblem(null);
    const r = await action();
    setBusy(false);
    if (!r.ok) setProblem(r.error);
    else if (r.value) setState(r.value);
    return r.ok;
  };

  if (!state) {
    return (
      <section className="card" aria-label={t('settings:updates.title')}>
        <h2 className="card-title">{t('settings:updates.title')}</h2>
        <p className="muted">{problem ? errorText(problem) : t('settings:updates.reading')}</p>
      </section>
    );
  }

  const checking =
    state.phase === 'checking' || state.phase === 'available' || state.phase === 'downloading';
  const showNotes = state.version !== null && state.releaseNotes !== null && state.phase !== 'idle';
  const percent = Math.round(state.progress?.percent ?? 0);

  return (
    <section className="card" aria-label={t('settings:updates.title')} aria-busy={checking}>
      <div className="card-head">
        <h2 className="card-title">{t('settings:updates.title')}</h2>
        <div className="card-head-actions">
          <span className="muted small">
            {t('settings:updates.version', { version: state.currentVersion })}
          </span>
          <button
            type="button"
            className="button button-small"
            disabled={
              !state.supported ||
              checking ||
              busy ||
              state.phase === 'ready' ||
              state.phase === 'installing'
            }
            onClick={() => void run(() => call((api) => api.updates.check()))}
          >
            {t('settings:updates.check')}
          </button>
        </div>
      </div>

      {/* a live region, but not role=status: the panel keeps one status line of its own */}
      <p aria-live="polite" data-update-phase={state.phase}>
        {statusLine(state, f)}
      </p>

      {state.phase === 'downloading' && (
        <div
          className="settings-progress"
          role="progressbar"
          aria-label={t('settings:updates.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={f.percent(percent / 100)}
        >
          <div className="settings-progress-bar" style={{ width: `${String(percent)}%` }} />
        </div>
      )}

      {state.phase === 'ready' && (
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void run(() => call((api) => api.updates.restartToUpdate()))}
        >
          {t('settings:updates.restart')}
        </button>
      )}

      {showNotes && (
        <div className="release-notes">
          <h3 className="small">
            {t('settings:updates.whatsNew', { version: state.version ?? '' })}
          </h3>
          {/* plain text from main (the release's own words); rendered as text, never as HTML */}
          <p style={{ whiteSpace: 'pre-wrap' }} translate="no">
            {state.releaseNotes}
          </p>
        </div>
      )}

      {problem && (
        <p role="alert" className="small">
          {errorText(problem)}
        </p>
      )}

      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={state.autoUpdate}
            disabled={busy}
            onChange={(e) => {
              const on = e.target.checked;
              const before = state;
              setState({ ...state, autoUpdate: on }); // shown at once; main's answer (or the old value) follows
              void run(() => call((api) => api.updates.setAutoUpdate(on))).then((ok) => {
                if (!ok) setState(before);
              });
            }}
          />{' '}
          {t('settings:updates.auto')}
        </label>
      </div>
    </section>
  );
}
