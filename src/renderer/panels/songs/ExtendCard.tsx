import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { LibrarySong } from '../../lib/library-views';
import { libraryEntry } from '../../playback/entries';
import { PlayButton } from '../../player/PlayButton';
import { positionOf, selectCurrent, usePlayerStore } from '../../stores/player';
import { Button } from '../../components';
import { closeExtend, submitSong, useSongsStore } from '../../stores/songs';
import { selectLibrarySongs, useLibraryStore } from '../../stores/library';
import {
  canExtend,
  continueAtS,
  extendErrors,
  floorTenth,
  formatClock,
  initialExtendForm,
  secondsText,
  toExtendRequest,
  type ExtendForm,
} from './extend-rules';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { fieldErrors, ModelSelect, submitOnCtrlEnter, SubmitRow } from './fields';

/** "Extend from here": a timeline picker over the parent's length plus the continuation's fields. */
function ExtendSongForm({ song }: { song: LibrarySong }) {
  // the default start: where the player is when it is playing this song, else near the end
  const [form, setForm] = useState<ExtendForm>(() => {
    const p = usePlayerStore.getState();
    const c = selectCurrent(p);
    const playing =
      c && (c.key === song.itemId || c.itemId === song.itemId) && p.status === 'playing'
        ? positionOf(c.key)
        : null;
    return initialExtendForm(song, playing);
  });
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  // "Use the player's position" applies while the player has this song.
  const playingKey = usePlayerStore((s) => {
    const c = selectCurrent(s);
    return c && (c.key === song.itemId || c.itemId === song.itemId) ? c.key : null;
  });
  const inPlayer = playingKey !== null;
  const id = useId();
  // opened from a take's ⋯ menu further down: focus comes here, so Tab goes on into the form
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { submitting, submitError } = useSongsStore();
  const gate = useReadiness({ counter: 'key_music_counts' });
  const durationS = (song.durationMs ?? 0) / 1000;
  const at = continueAtS(form);
  const errors = extendErrors(song, form);
  const serverFields = submitError?.fields ?? {};
  // The start is checked live (it is what this card is about); the other fields once submitted.
  const errorOf = (field: string): string | undefined =>
    (field === 'continueAtS' || field === 'extend' || touched ? errors[field] : undefined) ??
    serverFields[field];
  const update = (patch: Partial<ExtendForm>) => setForm((f) => ({ ...f, ...patch }));

  async function onSubmit(e?: FormEvent) {
    e?.preventDefault();
    setTouched(true);
    if (Object.keys(extendErrors(song, form)).length > 0 || submitting || !gate.ready) return;
    const job = await submitSong(toExtendRequest(song, form));
    if (job) setSent(`Extension of "${song.title}" from ${formatClock(at)} submitted.`);
  }

  const onKeyDown = submitOnCtrlEnter(() => void onSubmit());
  const fieldError = fieldErrors(id, errorOf);
  const startError = errorOf('continueAtS');

  return (
    <form
      className="card song-extend stack"
      aria-label={`Extend ${song.title}`}
      onSubmit={(e) => void onSubmit(e)}
      onKeyDown={onKeyDown}
      noValidate
    >
      <div className="card-head">
        <div>
          <h2 className="card-title" ref={headingRef} tabIndex={-1}>
            Extend “{song.title}”
          </h2>
          <p className="muted small">Length {formatClock(durationS)}</p>
        </div>
        <Button size="small" variant="ghost" onClick={closeExtend}>
          Back to create
        </Button>
      </div>
      <PlayButton
        playKey={song.itemId}
        name={song.title}
        make={() => libraryEntry({ ...song, origin: 'Songs · extend' })}
      />
      <div className="field">
        <label htmlFor={`${id}-at`} className="field-label">
          Continue at (seconds)
        </label>
        <div className="field-row">
          <input
            type="range"
            className="song-extend-timeline"
            aria-label="Continue at (timeline)"
            min={0}
            max={durationS}
            step={0.1}
            value={Number.isFinite(at) ? Math.min(Math.max(at, 0), durationS) : 0}
            aria-valuetext={Number.isFinite(at) ? formatClock(at) : 'not set'}
            onChange={(e) => update({ continueAtText: e.target.value })}
          />
          <input
            id={`${id}-at`}
            className="input"
            type="number"
            inputMode="decimal"
            min={0.1}
            max={durationS}
            step={0.1}
            value={form.continueAtText}
            aria-invalid={!!startError}
            aria-describedby={startError ? `${id}-continueAtS-error` : `${id}-at-hint`}
            onChange={(e) => update({ continueAtText: e.target.value })}
          />
          {inPlayer && (
            <Button
              size="small"
              onClick={() => {
                const t = (playingKey ? positionOf(playingKey) : null) ?? 0;
                update({ continueAtText: String(floorTenth(t)) });
              }}
            >
              Use the player’s position
            </Button>
          )}
        </div>
        <p id={`${id}-at-hint`} className="field-hint">
          After 0 and at most {secondsText(song.durationMs ?? 0)} s · starts at{' '}
          {Number.isFinite(at) ? formatClock(at) : '–'}
        </p>
        {fieldError('continueAtS')}
        {fieldError('extend')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-prompt`} className="field-label">
          Style prompt for the continuation
        </label>
        <textarea
          id={`${id}-prompt`}
          className="input textarea"
          rows={2}
          value={form.prompt}
          aria-invalid={!!errorOf('prompt')}
          onChange={(e) => update({ prompt: e.target.value })}
        />
        {fieldError('prompt')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-title`} className="field-label">
          Title of the extension
        </label>
        <input
          id={`${id}-title`}
          className="input"
          value={form.title}
          aria-invalid={!!errorOf('title')}
          onChange={(e) => update({ title: e.target.value })}
        />
        {fieldError('title')}
      </div>
      <div className="field">
        <ModelSelect
          id={`${id}-model`}
          label="Model version for the extension"
          value={form.modelVersion}
          onChange={(modelVersion) => update({ modelVersion })}
        />
      </div>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.instrumental}
            onChange={(e) => update({ instrumental: e.target.checked })}
          />
          Instrumental continuation
        </label>
      </div>
      <div className="field">
        <label htmlFor={`${id}-lyrics`} className="field-label">
          Lyrics for the continuation
        </label>
        <textarea
          id={`${id}-lyrics`}
          className="input textarea lyrics-editor"
          rows={5}
          value={form.lyrics}
          disabled={form.instrumental}
          aria-invalid={!!errorOf('lyrics')}
          onChange={(e) => update({ lyrics: e.target.value })}
        />
        {fieldError('lyrics')}
      </div>
      {submitError && !Object.keys(serverFields).length && (
        <p role="alert" className="inline-alert">
          {submitError.message}
        </p>
      )}
      {sent && (
        <p role="status" className="muted small">
          {sent}
        </p>
      )}
      <SubmitRow
        label="Extend from here"
        submitting={submitting}
        blocked={!gate.ready}
        describedBy={gate.describedBy}
        hint="sent in custom mode; the two new songs name this one as their parent"
      />
      <ReadinessGate gate={gate} />
    </form>
  );
}

/**
 * The composer while extending (opened from a take's ⋯ menu or the Library): the Extend form for
 * the chosen song, or why it cannot be extended. Nothing when no song was chosen.
 */
export function ExtendCard() {
  const songs = useLibraryStore(selectLibrarySongs);
  const error = useLibraryStore((s) => s.itemsError);
  const chosenId = useSongsStore((s) => s.extendItemId);
  const chosen = chosenId ? songs?.find((s) => s.itemId === chosenId) : undefined;

  if (!chosenId) return null;
  if (chosen && canExtend(chosen)) return <ExtendSongForm key={chosen.itemId} song={chosen} />;
  return (
    <section className="card stack" aria-label="Extend a song">
      <div className="card-head">
        <h2 className="card-title">Extend a song</h2>
        <Button size="small" variant="ghost" onClick={closeExtend}>
          Back to create
        </Button>
      </div>
      {songs && !chosen && (
        <p role="alert" className="inline-alert">
          That song isn’t in your library any more.
        </p>
      )}
      {chosen && (
        <p role="alert" className="inline-alert">
          “{chosen.title}” has no song id from the service or no known length, so it can’t be
          extended.
        </p>
      )}
      {error && (
        <p role="alert" className="inline-alert">
          {error.message}
        </p>
      )}
    </section>
  );
}
