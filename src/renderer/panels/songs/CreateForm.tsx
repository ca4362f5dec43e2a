import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { DEFAULT_MODEL_VERSION } from '@shared/domain/service-limits';
import { Button, SegmentedControl, TextArea, TextField } from '../../components';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { selectRefusedWhileLeft, useAccountStore } from '../../stores/account';
import { loadMusicLeft, submitSong, useSongsStore, writeLyrics } from '../../stores/songs';
import { counters, formErrors, hiddenFields, modelLimits, toRequest, type SongForm } from './rules';
import { ModelSelect, submitOnCtrlEnter, SubmitRow } from './fields';
import { LyricsEditor } from './LyricsEditor';
import { PresetBar } from './PresetBar';
import { PromptCheck } from './PromptCheck';
import { CostLine, NoCounterCost, useCostEstimate } from '../shared/CostLine';
import { useBudgetAsk } from '../shared/BudgetAsk';
import { errorText, fieldText, useFormat, useTranslation } from '../../i18n';
import { focusWithRing } from '../../lib/focus-ring';
import { clearFocusRequest, useUiStore } from '../../stores/ui';
import { reuseDroppedFile } from '../../stores/reuse';
import { composerDraft, initialForm, keepComposerDraft } from './composer-draft';

const MODES = [
  { value: 'auto', label: 'songs:create.mode.auto' },
  { value: 'custom', label: 'songs:create.mode.custom' },
] as const;

/**
 * The composer: a Description/Custom switch, only the fields the mode uses (the others are hidden,
 * what was typed in them kept), a growing lyrics editor with section tags, and the remaining count.
 */
export function CreateForm({ hidden = false }: { hidden?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  // the draft left here when another panel was shown comes back
  const [kept] = useState(composerDraft);
  const [form, setForm] = useState<SongForm>(kept.form);
  const [idea, setIdea] = useState(kept.idea);
  const [touched, setTouched] = useState(kept.touched);
  const id = useId();
  const { submitting, submitError, writing, lyricsError, musicBefore } = useSongsStore();
  // "Reuse settings" from the Library or a take: the form takes them once per request (adjusted
  // while rendering, as React does for a changed input), the description focused
  const reuse = useSongsStore((s) => s.reuse);
  const reuseError = useSongsStore((s) => s.reuseError);
  const [reusedSeq, setReusedSeq] = useState(kept.reusedSeq);
  const [dragging, setDragging] = useState(false);
  if (reuse && reuse.seq !== reusedSeq) {
    setReusedSeq(reuse.seq);
    const r = reuse.settings;
    setForm({
      ...initialForm,
      mode: r.mode,
      prompt: r.prompt,
      instrumental: r.instrumental,
      lyrics: r.lyrics ?? '',
      title: r.title ?? '',
      modelVersion: r.modelVersion ?? DEFAULT_MODEL_VERSION,
    });
    setTouched(false);
  }
  const musicLeft = useAccountStore((s) => s.keyInfo?.key_music_counts ?? null);
  // the service refused for lack of songs while key info, read again since, still shows some
  const disagrees = useAccountStore(selectRefusedWhileLeft('key_music_counts'));
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

  // first run's "Make your first song" lands on the description, its focus ring showing
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const focusRequest = useUiStore((s) => s.focusRequest);
  useEffect(() => {
    if (focusRequest !== 'song-description' || hidden || !promptRef.current) return;
    focusWithRing(promptRef.current);
    clearFocusRequest();
  }, [focusRequest, hidden]);

  // filled from an item: the description (or style) takes focus, ready to change (once: not
  // again when the composer comes back from another panel)
  const focusedSeq = useRef(kept.reusedSeq);
  useEffect(() => {
    if (reusedSeq === focusedSeq.current || hidden) return;
    focusedSeq.current = reusedSeq;
    promptRef.current?.focus();
  }, [reusedSeq, hidden]);
  useEffect(
    () => keepComposerDraft({ form, idea, touched, reusedSeq }),
    [form, idea, touched, reusedSeq],
  );

  const update = (patch: Partial<SongForm>) => setForm((f) => ({ ...f, ...patch }));
  const off = hiddenFields(form);
  const count = counters(form);
  const localErrors = formErrors(form);
  const spend = {
    kind: form.quick ? 'song-v1' : 'song-v2',
    model: form.quick ? 'v1' : form.modelVersion,
  } as const;
  const estimate = useCostEstimate(spend.kind, spend.model);
  const budget = useBudgetAsk();
  const serverFields = submitError?.fields ?? {};
  const errorOf = (field: string): string | undefined =>
    (touched ? localErrors[field] : undefined) ?? fieldText(submitError, field);

  async function onSubmit(e?: FormEvent) {
    e?.preventDefault();
    setTouched(true);
    if (Object.keys(formErrors(form)).length > 0 || submitting || !createGate.ready) return;
    // over the Settings budget (or not known yet with one): asked first, nothing sent on No
    if (!(await budget.ask(spend))) return;
    await submitSong(toRequest(form));
  }

  const onKeyDown = submitOnCtrlEnter(() => void onSubmit());

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
      ? t('songs:create.left.unknown')
      : disagrees
        ? t('songs:create.left.disagree', { n: f.number(musicLeft) })
        : musicBefore !== null && musicBefore !== musicLeft
          ? t('songs:create.left.was', { n: f.number(musicLeft), before: f.number(musicBefore) })
          : t('songs:create.left.known', { n: f.number(musicLeft) });
  const limits = modelLimits(form.modelVersion);
  const chars = (n: number, max: number) =>
    t('songs:create.chars', { n: f.number(n), max: f.number(max) });

  // a file carrying a Cadenza recipe, dropped here, fills the composer its kind is made in
  const hasFiles = (e: DragEvent) =>
    Array.from(e.dataTransfer.types ?? []).includes('Files') || e.dataTransfer.files?.length > 0;
  const onDragOver = (e: DragEvent<HTMLFormElement>) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (e: DragEvent<HTMLFormElement>) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    setDragging(false);
    void reuseDroppedFile(Array.from(e.dataTransfer.files));
  };

  return (
    <form
      className={dragging ? 'card song-form stack song-form-drop' : 'card song-form stack'}
      aria-label={t('songs:create.aria')}
      hidden={hidden}
      onSubmit={(e) => void onSubmit(e)}
      onKeyDown={onKeyDown}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      noValidate
    >
      <div className="card-head">
        <h2 className="card-title" ref={headingRef} tabIndex={-1}>
          {t('songs:create.heading')}
        </h2>
        <p className="muted small" aria-live="polite" data-testid="music-left">
          {left}
        </p>
      </div>
      {reuse && reuse.seq === reusedSeq && (
        <p className="small muted" role="status">
          {t('songs:create.reusedFrom', { title: reuse.title })}
        </p>
      )}
      {reuseError && (
        <p className="inline-alert" role="alert">
          {errorText(reuseError)}
        </p>
      )}

      <PresetBar
        style={{
          mode: form.mode,
          prompt: form.prompt,
          modelVersion: form.modelVersion,
          instrumental: form.instrumental,
        }}
        onPick={(style) => update(style)}
      />

      <SegmentedControl
        label={t('songs:create.mode.label')}
        segments={MODES.map((m) => ({ value: m.value, label: t(m.label) }))}
        value={form.mode}
        onChange={(mode) => update({ mode })}
      />

      <TextArea
        ref={promptRef}
        id={`${id}-prompt`}
        label={custom ? t('songs:create.prompt.style') : t('songs:create.prompt.description')}
        placeholder={
          custom
            ? t('songs:create.prompt.stylePlaceholder')
            : t('songs:create.prompt.descriptionPlaceholder')
        }
        rows={2}
        grow
        maxRows={6}
        value={form.prompt}
        hint={chars(count.promptChars, count.promptMax)}
        error={errorOf('prompt')}
        onChange={(e) => update({ prompt: e.target.value })}
      />
      <PromptCheck prompt={form.prompt} mode={form.mode} />

      {custom && (
        <TextField
          id={`${id}-title`}
          label={t('songs:create.titleField')}
          value={form.title}
          hint={chars(count.titleChars, count.titleMax)}
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
          {t('songs:create.instrumental')}
        </label>
      )}

      {!off.has('lyrics') && (
        <div className="stack-tight">
          <LyricsEditor
            id={`${id}-lyrics`}
            value={form.lyrics}
            model={form.modelVersion}
            hint={t('songs:create.lyrics.words', {
              n: f.number(count.lyricsWords),
              max: f.number(count.lyricsMaxWords),
              model: form.modelVersion,
            })}
            error={errorOf('lyrics')}
            onChange={(lyrics) => update({ lyrics })}
          />
          <TextField
            id={`${id}-idea`}
            label={t('songs:create.idea.label')}
            placeholder={t('songs:create.idea.placeholder')}
            value={idea}
            onChange={(e) => setIdea(e.target.value)}
            trailing={
              <Button
                disabled={writing || !idea.trim() || !lyricsGate.ready}
                aria-describedby={lyricsGate.ready ? undefined : createGate.gateId}
                onClick={() => void onWriteLyrics()}
              >
                {writing ? t('songs:create.idea.writing') : t('songs:create.idea.write')}
              </Button>
            }
          />
          {/* writing lyrics names no counter: the line says that it is not known (issue 32) */}
          <NoCounterCost />
          {lyricsError && (
            <p role="alert" className="inline-alert">
              {errorText(lyricsError)}
            </p>
          )}
        </div>
      )}

      {!off.has('modelVersion') && (
        <div className="field">
          <ModelSelect
            id={`${id}-model`}
            label={t('songs:create.model.label')}
            value={form.modelVersion}
            describedBy={`${id}-model-limits`}
            onChange={(modelVersion) => update({ modelVersion })}
          />
          <p id={`${id}-model-limits`} className="field-hint">
            {t('songs:create.model.limits', {
              minutes: f.number(limits.minutes),
              words: f.number(limits.words),
            })}
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
        {t('songs:create.quick.label')}
      </label>
      <p id={`${id}-quick-hint`} className="field-hint quick-hint">
        {t('songs:create.quick.hint')}
      </p>

      {submitError && !Object.keys(serverFields).length && (
        <p role="alert" className="inline-alert">
          {errorText(submitError)}
        </p>
      )}
      <SubmitRow
        label={t('songs:create.submit')}
        submitting={submitting}
        blocked={!createGate.ready}
        describedBy={createGate.describedBy}
        hint={t('songs:create.submitHint')}
      />
      <CostLine estimate={estimate} />
      {budget.dialog}
      <ReadinessGate gate={createGate} />
    </form>
  );
}
