import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_MODEL_VERSION } from '@shared/domain/service-limits';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { useAccountStore } from '../../stores/account';
import { loadMusicLeft, submitSong, useSongsStore, writeLyrics } from '../../stores/songs';
import {
  counters,
  formErrors,
  ignoredFields,
  modelLimitsText,
  SECTION_TAGS,
  toRequest,
  type SongForm,
} from './rules';
import { fieldErrors, ModelSelect, submitOnCtrlEnter, SubmitRow } from './fields';

const initialForm: SongForm = {
  mode: 'auto',
  quick: false,
  prompt: '',
  modelVersion: DEFAULT_MODEL_VERSION,
  title: '',
  lyrics: '',
  instrumental: false,
};

/** The Create form: description or custom mode, live limits, write lyrics, remaining count. */
export function CreateForm() {
  const [form, setForm] = useState<SongForm>(initialForm);
  const [idea, setIdea] = useState('');
  const [touched, setTouched] = useState(false);
  const lyricsRef = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes after a section tag is inserted; applied right after React commits. */
  const caretAfterInsert = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterInsert.current;
    const el = lyricsRef.current;
    if (at === null || !el) return;
    caretAfterInsert.current = null;
    el.focus();
    el.setSelectionRange(at, at);
  });
  const id = useId();
  const { submitting, submitError, writing, lyricsError, musicBefore } = useSongsStore();
  const musicLeft = useAccountStore((s) => s.keyInfo?.key_music_counts ?? null);
  const createGate = useReadiness({ counter: 'key_music_counts' });
  // the service names no counter for lyrics: only the key and the connection can stop it, and
  // then the create gate (checked in the same order) says why, once for the whole form
  const lyricsGate = useReadiness({ counter: null });

  useEffect(() => {
    void loadMusicLeft();
  }, []);

  const update = (patch: Partial<SongForm>) => setForm((f) => ({ ...f, ...patch }));
  const ignored = ignoredFields(form);
  const count = counters(form);
  const localErrors = formErrors(form);
  const serverFields = submitError?.fields ?? {};
  const errorOf = (field: string): string | undefined =>
    (touched ? localErrors[field] : undefined) ?? serverFields[field];

  async function onSubmit(e?: FormEvent) {
    e?.preventDefault();
    setTouched(true);
    if (Object.keys(formErrors(form)).length > 0 || submitting || !createGate.ready) return;
    await submitSong(toRequest(form));
  }

  const onKeyDown = submitOnCtrlEnter(() => void onSubmit());

  function insertTag(tag: string) {
    const el = lyricsRef.current;
    const text = form.lyrics;
    const at = el?.selectionStart ?? text.length;
    const before = text.slice(0, at);
    const insert = `${before && !before.endsWith('\n') ? '\n' : ''}${tag}\n`;
    // set the caret in the same commit as the new text (not a frame later, when the creator may
    // already be typing and a late caret move would scatter their words)
    caretAfterInsert.current = at + insert.length;
    update({ lyrics: before + insert + text.slice(at) });
  }

  async function onWriteLyrics() {
    if (!lyricsGate.ready) return;
    const result = await writeLyrics(idea);
    if (!result) return;
    setForm((f) => ({
      ...f,
      mode: 'custom',
      instrumental: false,
      lyrics: result.lyrics,
      title: f.title || result.title,
    }));
  }

  const fieldError = fieldErrors(id, errorOf);
  const describe = (...ids: Array<string | false | undefined>) =>
    ids.filter(Boolean).join(' ') || undefined;

  return (
    <form
      className="card song-form"
      aria-label="Create a song"
      onSubmit={(e) => void onSubmit(e)}
      onKeyDown={onKeyDown}
      noValidate
    >
      <div className="card-head">
        <h2 className="card-title">Create</h2>
        <p className="muted small" aria-live="polite" data-testid="music-left">
          {musicLeft === null
            ? 'Songs left: unknown'
            : `Songs left: ${musicLeft}${musicBefore !== null && musicBefore !== musicLeft ? ` (was ${musicBefore} before your last submission)` : ''}`}
        </p>
      </div>

      <fieldset className="field">
        <legend className="field-label">Mode</legend>
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={form.mode === 'auto'}
            onChange={() => update({ mode: 'auto' })}
          />{' '}
          Description
        </label>{' '}
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={form.mode === 'custom'}
            onChange={() => update({ mode: 'custom' })}
          />{' '}
          Custom
        </label>{' '}
        <label>
          <input
            type="checkbox"
            checked={form.quick}
            onChange={(e) => update({ quick: e.target.checked })}
          />{' '}
          Quick mode (one long wait)
        </label>
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-prompt`} className="field-label">
          Style prompt
        </label>
        <textarea
          id={`${id}-prompt`}
          className="input"
          rows={2}
          value={form.prompt}
          aria-invalid={!!errorOf('prompt')}
          aria-describedby={describe(
            `${id}-prompt-count`,
            errorOf('prompt') && `${id}-prompt-error`,
          )}
          onChange={(e) => update({ prompt: e.target.value })}
        />
        <p
          id={`${id}-prompt-count`}
          className={`field-hint${count.promptChars > count.promptMax ? ' over' : ''}`}
        >
          {count.promptChars} / {count.promptMax} characters
        </p>
        {fieldError('prompt')}
      </div>

      <div className="field">
        <ModelSelect
          id={`${id}-model`}
          label="Model version"
          value={form.modelVersion}
          disabled={!!ignored.modelVersion}
          describedBy={`${id}-model-limits`}
          onChange={(modelVersion) => update({ modelVersion })}
        />
        <p id={`${id}-model-limits`} className="field-hint">
          {ignored.modelVersion ?? modelLimitsText(form.modelVersion)}
        </p>
      </div>

      <div className="field">
        <label htmlFor={`${id}-title`} className="field-label">
          Title
        </label>
        <input
          id={`${id}-title`}
          className="input"
          value={form.title}
          disabled={!!ignored.title}
          aria-invalid={!!errorOf('title')}
          aria-describedby={describe(`${id}-title-hint`, errorOf('title') && `${id}-title-error`)}
          onChange={(e) => update({ title: e.target.value })}
        />
        <p id={`${id}-title-hint`} className="field-hint">
          {ignored.title ?? `${count.titleChars} / ${count.titleMax} characters`}
        </p>
        {fieldError('title')}
      </div>

      <div className="field">
        <label>
          <input
            type="checkbox"
            checked={form.instrumental}
            disabled={!!ignored.instrumental}
            aria-describedby={ignored.instrumental ? `${id}-instr-hint` : undefined}
            onChange={(e) => update({ instrumental: e.target.checked })}
          />{' '}
          Instrumental
        </label>
        {ignored.instrumental && (
          <p id={`${id}-instr-hint`} className="field-hint">
            {ignored.instrumental}
          </p>
        )}
      </div>

      <div className="field">
        <label htmlFor={`${id}-lyrics`} className="field-label">
          Lyrics
        </label>
        <div className="field-row" role="group" aria-label="Section tags">
          {SECTION_TAGS.map((tag) => (
            <button
              key={tag}
              type="button"
              className="button button-small"
              disabled={!!ignored.lyrics}
              onClick={() => insertTag(tag)}
              aria-label={`Insert ${tag}`}
            >
              {tag}
            </button>
          ))}
        </div>
        <textarea
          id={`${id}-lyrics`}
          ref={lyricsRef}
          className="input mono"
          rows={8}
          value={form.lyrics}
          disabled={!!ignored.lyrics}
          aria-invalid={!!errorOf('lyrics')}
          aria-describedby={describe(
            `${id}-lyrics-hint`,
            errorOf('lyrics') && `${id}-lyrics-error`,
          )}
          onChange={(e) => update({ lyrics: e.target.value })}
        />
        <p id={`${id}-lyrics-hint`} className="field-hint">
          {ignored.lyrics ??
            `${count.lyricsWords.toLocaleString('en')} / ${count.lyricsMaxWords.toLocaleString('en')} words for ${form.modelVersion}`}
        </p>
        {fieldError('lyrics')}
        <div className="field-row">
          <label htmlFor={`${id}-idea`} className="field-label">
            Lyrics idea
          </label>
          <input
            id={`${id}-idea`}
            className="input"
            value={idea}
            onChange={(e) => setIdea(e.target.value)}
          />
          <button
            type="button"
            className="button"
            disabled={writing || !idea.trim() || !lyricsGate.ready}
            aria-describedby={lyricsGate.ready ? undefined : createGate.gateId}
            onClick={() => void onWriteLyrics()}
          >
            {writing ? 'Writing…' : 'Write lyrics'}
          </button>
        </div>
        {lyricsError && (
          <p role="alert" className="inline-alert">
            {lyricsError.message}
          </p>
        )}
      </div>

      {submitError && !Object.keys(serverFields).length && (
        <p role="alert" className="inline-alert">
          {submitError.message}
        </p>
      )}
      <SubmitRow
        label="Create songs"
        submitting={submitting}
        blocked={!createGate.ready}
        describedBy={createGate.describedBy}
        hint="one submission makes two songs"
      />
      <ReadinessGate gate={createGate} />
    </form>
  );
}
