import { useEffect, useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import type { UpdateState } from '@shared/ipc/updates';
import { bridge, call } from '../../bridge';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function statusLine(s: UpdateState): string {
  if (!s.supported) return s.unsupportedReason ?? 'This build cannot update itself.';
  switch (s.phase) {
    case 'idle':
      if (s.upToDate && s.lastCheckedAtMs !== null)
        return `Cadenza is up to date (checked ${timeFormat.format(s.lastCheckedAtMs)}).`;
      return s.autoUpdate
        ? 'Cadenza checks for updates shortly after it starts and once a day.'
        : 'Automatic updates are off.';
    case 'checking':
      return 'Checking for updates…';
    case 'available':
      return `Version ${s.version ?? ''} is available and downloading in the background…`;
    case 'downloading':
      return `Downloading version ${s.version ?? ''}… ${String(Math.round(s.progress?.percent ?? 0))}%`;
    case 'ready':
      return `Version ${s.version ?? ''} is ready. Restart Cadenza to update, or it installs the next time you quit.`;
    case 'installing':
      return `Restarting to install version ${s.version ?? ''}…`;
    case 'error':
      return s.error?.message ?? 'Checking for updates failed.';
  }
}

/**
 * App updates: the running version, the state of the last check or download, "Restart to update"
 * once a download is ready, the release notes (plain text from main, shown as text), and the
 * automatic-updates setting.
 */
export function UpdatesSection() {
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
      <section className="card" aria-label="Updates">
        <h2 className="card-title">Updates</h2>
        <p className="muted">{problem ? problem.message : 'Reading the update state…'}</p>
      </section>
    );
  }

  const checking =
    state.phase === 'checking' || state.phase === 'available' || state.phase === 'downloading';
  const showNotes = state.version !== null && state.releaseNotes !== null && state.phase !== 'idle';
  const percent = Math.round(state.progress?.percent ?? 0);

  return (
    <section className="card" aria-label="Updates" aria-busy={checking}>
      <div className="card-head">
        <h2 className="card-title">Updates</h2>
        <div className="card-head-actions">
          <span className="muted small">Version {state.currentVersion}</span>
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
            Check for updates
          </button>
        </div>
      </div>

      {/* a live region, but not role=status: the panel keeps one status line of its own */}
      <p aria-live="polite" data-update-phase={state.phase}>
        {statusLine(state)}
      </p>

      {state.phase === 'downloading' && (
        <div
          className="settings-progress"
          role="progressbar"
          aria-label="Update download"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${String(percent)}%`}
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
          Restart to update
        </button>
      )}

      {showNotes && (
        <div className="release-notes">
          <h3 className="small">What’s new in {state.version}</h3>
          {/* plain text from main; React renders it as text, never as HTML */}
          <p style={{ whiteSpace: 'pre-wrap' }}>{state.releaseNotes}</p>
        </div>
      )}

      {problem && (
        <p role="alert" className="small">
          {problem.message}
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
          Check for and download updates automatically
        </label>
      </div>
    </section>
  );
}
