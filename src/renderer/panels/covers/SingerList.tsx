import { useState } from 'react';
import type { SingerOption } from '@shared/ipc/covers';
import type { AppErrorShape } from '@shared/errors';
import { renameSinger, setCoverField, singerKeyOf } from '../../stores/covers';

const STATE_TEXT: Record<SingerOption['state'], string> = {
  ready: 'ready',
  training: 'training…',
  failed: 'training failed',
};

/** Chooses the singer in Make a cover and takes the creator there. */
function chooseForCover(singer: SingerOption): void {
  setCoverField('singerKey', singerKeyOf(singer));
  const card = document.querySelector<HTMLElement>('section[aria-label="Make a cover"]');
  card?.scrollIntoView?.({ block: 'start' });
}

/** One custom singer: its name and state, and a Rename control (the name is kept on this computer). */
function SingerRow({ singer }: { singer: SingerOption }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [saving, setSaving] = useState(false);
  const jobId = singer.jobId;

  const save = async () => {
    if (!jobId || draft === null) return;
    setSaving(true);
    const err = await renameSinger(jobId, draft);
    setSaving(false);
    setError(err);
    if (!err) setDraft(null);
  };
  const cancel = () => {
    setDraft(null);
    setError(null);
  };

  if (draft === null)
    return (
      <li>
        {singer.name} — {STATE_TEXT[singer.state]}{' '}
        {jobId && (
          <button
            type="button"
            className="link-button"
            aria-label={`Rename ${singer.name}`}
            onClick={() => setDraft(singer.name)}
          >
            Rename
          </button>
        )}
        {singer.state === 'ready' && (
          <>
            {' · '}
            <button
              type="button"
              className="link-button"
              aria-label={`Use ${singer.name} in a cover`}
              onClick={() => chooseForCover(singer)}
            >
              Use in a cover
            </button>
          </>
        )}
      </li>
    );
  const errorId = `singer-rename-error-${jobId}`;
  return (
    <li>
      <form
        className="covers-rename"
        aria-label={`Rename ${singer.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <input
          className="input"
          type="text"
          aria-label={`New name for ${singer.name}`}
          value={draft}
          maxLength={80}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') cancel();
          }}
        />
        <button type="submit" className="button button-small" disabled={saving || !draft.trim()}>
          Save name
        </button>
        <button type="button" className="button button-small" onClick={cancel} disabled={saving}>
          Cancel rename
        </button>
        {error && (
          <span id={errorId} className="field-error" role="alert">
            {error.fields?.name ?? error.message}
          </span>
        )}
      </form>
    </li>
  );
}

/** The custom singers trained here, each with Rename and (once ready) Use in a cover. */
export function SingerList({ singers }: { singers: readonly SingerOption[] }) {
  if (singers.length === 0) return null;
  return (
    <div className="stack">
      <p className="muted small">
        Your singers live with the service, on your key — not in the library; their names are kept
        on this computer.
      </p>
      <ul className="covers-singers" aria-label="Your singers">
        {singers.map((x) => (
          <SingerRow key={x.jobId ?? x.name} singer={x} />
        ))}
      </ul>
    </div>
  );
}
