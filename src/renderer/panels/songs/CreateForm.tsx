import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_MODEL_VERSION } from '@shared/domain/service-limits';
import { Button, SegmentedControl, TextArea, TextField } from '../../components';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { useAccountStore } from '../../stores/account';
import { loadMusicLeft, submitSong, useSongsStore, writeLyrics } from '../../stores/songs';
import {
  counters,
  formErrors,
  hiddenFields,
  modelLimitsText,
  SECTION_TAGS,
  toRequest,
  type SongForm,
} from './rules';
import { ModelSelect, submitOnCtrlEnter, SubmitRow } from './fields';

const initialForm: SongForm = {
  mode: 'auto',
  quick: false,
  prompt: '',
  modelVersion: DEFAULT_MODEL_VERSION,
  title: '',
  lyrics: '',
  instrumental: false,
};

const MODES = [
  { value: 'auto', label: 'Description' },
  { value: 'custom', label: 'Custom' },
] as const;

/**
 * The composer: a Description/Custom switch, only the fields the mode uses (the others are hidden,
 * what was typed in them kept), a growing lyrics editor with section tags, and the remaining count.
 */
export function CreateForm({ hidden = false }: { hidden?: boolean }) {
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
  // back from Extend ("Back to create" is gone with its card): focus comes to this form's heading
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasHidden = useRef(hidden);
  useEffect(() => {
    if (wasHidden.current && !hidden) headingRef.current?.focus();
    wasHidden.current = hidden;
  }, [hidden]);

  const update = (patch: Partial<SongForm>) => setForm((f) => ({ ...f, ...patch }));
  const off = hiddenFields(form);
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

  const custom = form.mode === 'custom';
  const left =
    musicLeft === null
      ? 'Songs left: unknown'
      : `Songs left: ${musicLeft}${musicBefore !== null && musicBefore !== musicLeft ? ` (was ${musicBefore})` : ''}`;

  return (
    <form
      className="card song-form stack"
      aria-label="Create a song"
      hidden={hidden}
      onSubmit={(e) => void onSubmit(e)}
      onKeyDown={onKeyDown}
      noValidate
    >
      <div className="card-head">
        <h2 className="card-title" ref={headingRef} tabIndex={-1}>
          Create
        </h2>
        <p className="muted small" aria-live="polite" data-testid="music-left">
          {left}
        </p>
      </div>

      <SegmentedControl
        label="Mode"
        segments={MODES}
        value={form.mode}
        onChange={(mode) => update({ mode })}
      />

      <TextArea
        id={`${id}-prompt`}
        label={custom ? 'Style of music' : 'Song description'}
        placeholder={
          custom
            ? 'city pop, warm bass, female vocals'
            : 'A dreamy synthwave song about night driving'
        }
        rows={2}
        grow
        maxRows={6}
        value={form.prompt}
        hint={`${count.promptChars} / ${count.promptMax} characters`}
        error={errorOf('prompt')}
        onChange={(e) => update({ prompt: e.target.value })}
      />

      {custom && (
        <TextField
          id={`${id}-title`}
          label="Title"
          value={form.title}
          hint={`${count.titleChars} / ${count.titleMax} characters`}
          error={errorOf('title')}
          onChange={(e) => update({ title: e.target.value })}
        />
      )}

      {custom && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.instrumental}
            onChange={(e) => update({ instrumental: e.target.checked })}
          />
          Instrumental
        </label>
      )}

      {!off.has('lyrics') && (
        <div className="stack-tight">
          <TextArea
            id={`${id}-lyrics`}
            ref={lyricsRef}
            label="Lyrics"
            className="lyrics-editor"
            rows={8}
            grow
            maxRows={22}
            value={form.lyrics}
            placeholder={'[Verse]\nWrite your lines here, or let Cadenza write them from an idea.'}
            toolbar={
              <div className="button-row" role="group" aria-label="Section tags">
                {SECTION_TAGS.map((tag) => (
                  <Button
                    key={tag}
                    size="small"
                    variant="ghost"
                    className="tag-button"
                    onClick={() => insertTag(tag)}
                    aria-label={`Insert ${tag}`}
                  >
                    {tag}
                  </Button>
                ))}
              </div>
            }
            hint={`${count.lyricsWords.toLocaleString('en')} / ${count.lyricsMaxWords.toLocaleString('en')} words for ${form.modelVersion}`}
            error={errorOf('lyrics')}
            onChange={(e) => update({ lyrics: e.target.value })}
          />
          <TextField
            id={`${id}-idea`}
            label="Lyrics idea"
            placeholder="a late train home in the rain"
            value={idea}
            onChange={(e) => setIdea(e.target.value)}
            trailing={
              <Button
                disabled={writing || !idea.trim() || !lyricsGate.ready}
                aria-describedby={lyricsGate.ready ? undefined : createGate.gateId}
                onClick={() => void onWriteLyrics()}
              >
                {writing ? 'Writing…' : 'Write lyrics'}
              </Button>
            }
          />
          {lyricsError && (
            <p role="alert" className="inline-alert">
              {lyricsError.message}
            </p>
          )}
        </div>
      )}

      {!off.has('modelVersion') && (
        <div className="field">
          <ModelSelect
            id={`${id}-model`}
            label="Model"
            value={form.modelVersion}
            describedBy={`${id}-model-limits`}
            onChange={(modelVersion) => update({ modelVersion })}
          />
          <p id={`${id}-model-limits`} className="field-hint">
            {modelLimitsText(form.modelVersion)}
          </p>
        </div>
      )}

      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.quick}
          aria-describedby={`${id}-quick-hint`}
          onChange={(e) => update({ quick: e.target.checked })}
        />
        Both songs in one wait
      </label>
      <p id={`${id}-quick-hint`} className="field-hint quick-hint">
        No streaming and no model choice: the songs arrive together when both are done.
      </p>

      {submitError && !Object.keys(serverFields).length && (
        <p role="alert" className="inline-alert">
          {submitError.message}
        </p>
      )}
      <SubmitRow
        label="Create"
        submitting={submitting}
        blocked={!createGate.ready}
        describedBy={createGate.describedBy}
        hint="two takes per song"
      />
      <ReadinessGate gate={createGate} />
    </form>
  );
}
