import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { LibrarySong } from '../../lib/library-views';
import { libraryEntry } from '../../stores/player/entries';
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
  secondsOf,
  toExtendRequest,
  type ExtendForm,
} from './extend-rules';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { fieldErrors, ModelSelect, submitOnCtrlEnter, SubmitRow } from './fields';
import { errorText, fieldText, useFormat, useTranslation } from '../../i18n';
import { SpendCost } from '../shared/CostLine';
import { useBudgetAsk } from '../shared/BudgetAsk';

/** "Extend from here": a timeline picker over the parent's length plus the continuation's fields. */
function ExtendSongForm({ song }: { song: LibrarySong }) {
  const { t } = useTranslation();
  const f = useFormat();
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
    fieldText(submitError, field);
  const update = (patch: Partial<ExtendForm>) => setForm((f) => ({ ...f, ...patch }));

  const budget = useBudgetAsk();
  async function onSubmit(e?: FormEvent) {
    e?.preventDefault();
    setTouched(true);
    if (Object.keys(extendErrors(song, form)).length > 0 || submitting || !gate.ready) return;
    // over the Settings budget (or not known yet with one): asked first, nothing sent on No
    if (!(await budget.ask({ kind: 'song-v2', model: form.modelVersion }))) return;
    const job = await submitSong(toExtendRequest(song, form));
    if (job) setSent(t('songs:extend.sent', { title: song.title, at: formatClock(at) }));
  }

  const onKeyDown = submitOnCtrlEnter(() => void onSubmit());
  const fieldError = fieldErrors(id, errorOf);
  const startError = errorOf('continueAtS');

  return (
    <form
      className="card song-extend stack"
      aria-label={t('songs:extend.aria', { title: song.title })}
      onSubmit={(e) => void onSubmit(e)}
      onKeyDown={onKeyDown}
      noValidate
    >
      <div className="card-head">
        <div>
          <h2 className="card-title" ref={headingRef} tabIndex={-1}>
            {t('songs:extend.heading', { title: song.title })}
          </h2>
          <p className="muted small">
            {t('songs:extend.length', { length: formatClock(durationS) })}
          </p>
        </div>
        <Button size="small" variant="ghost" onClick={closeExtend}>
          {t('songs:extend.back')}
        </Button>
      </div>
      <PlayButton
        playKey={song.itemId}
        name={song.title}
        make={() => libraryEntry({ ...song, origin: t('songs:extend.origin') })}
      />
      <div className="field">
        <label htmlFor={`${id}-at`} className="field-label">
          {t('songs:extend.at.label')}
        </label>
        <div className="field-row">
          <input
            type="range"
            className="song-extend-timeline"
            aria-label={t('songs:extend.at.timeline')}
            min={0}
            max={durationS}
            step={0.1}
            value={Number.isFinite(at) ? Math.min(Math.max(at, 0), durationS) : 0}
            aria-valuetext={Number.isFinite(at) ? formatClock(at) : t('songs:extend.at.notSet')}
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
              {t('songs:extend.at.usePlayer')}
            </Button>
          )}
        </div>
        <p id={`${id}-at-hint`} className="field-hint">
          {t('songs:extend.at.hint', {
            max: f.number(secondsOf(song.durationMs ?? 0)),
            start: Number.isFinite(at) ? formatClock(at) : '–',
          })}
        </p>
        {fieldError('continueAtS')}
        {fieldError('extend')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-prompt`} className="field-label">
          {t('songs:extend.prompt')}
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
          {t('songs:extend.title')}
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
          label={t('songs:extend.model')}
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
          {t('songs:extend.instrumental')}
        </label>
      </div>
      <div className="field">
        <label htmlFor={`${id}-lyrics`} className="field-label">
          {t('songs:extend.lyrics')}
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
          {errorText(submitError)}
        </p>
      )}
      {sent && (
        <p role="status" className="muted small">
          {sent}
        </p>
      )}
      <SubmitRow
        label={t('songs:extend.submit')}
        submitting={submitting}
        blocked={!gate.ready}
        describedBy={gate.describedBy}
        hint={t('songs:extend.submitHint')}
      />
      <SpendCost kind="song-v2" model={form.modelVersion} />
      {budget.dialog}
      <ReadinessGate gate={gate} />
    </form>
  );
}

/**
 * The composer while extending (opened from a take's ⋯ menu or the Library): the Extend form for
 * the chosen song, or why it cannot be extended. Nothing when no song was chosen.
 */
export function ExtendCard() {
  const { t } = useTranslation();
  const songs = useLibraryStore(selectLibrarySongs);
  const error = useLibraryStore((s) => s.itemsError);
  const chosenId = useSongsStore((s) => s.extendItemId);
  const chosen = chosenId ? songs?.find((s) => s.itemId === chosenId) : undefined;

  if (!chosenId) return null;
  if (chosen && canExtend(chosen)) return <ExtendSongForm key={chosen.itemId} song={chosen} />;
  return (
    <section className="card stack" aria-label={t('songs:extend.card')}>
      <div className="card-head">
        <h2 className="card-title">{t('songs:extend.card')}</h2>
        <Button size="small" variant="ghost" onClick={closeExtend}>
          {t('songs:extend.back')}
        </Button>
      </div>
      {songs && !chosen && (
        <p role="alert" className="inline-alert">
          {t('songs:extend.gone')}
        </p>
      )}
      {chosen && (
        <p role="alert" className="inline-alert">
          {t('songs:extend.cannot', { title: chosen.title })}
        </p>
      )}
      {error && (
        <p role="alert" className="inline-alert">
          {errorText(error)}
        </p>
      )}
    </section>
  );
}
