import { useEffect, useRef, useState } from 'react';
import { BATCH_MAX_PER_PROMPT, BATCH_NAME_MAX_CHARS } from '@shared/domain/batch';
import type { AppErrorShape } from '@shared/errors';
import type { BatchPreview } from '@shared/ipc/batches';
import { call } from '../../bridge';
import { Button, TextArea, TextField } from '../../components';
import { Modal } from '../../components/Modal';
import { errorText, reasonedText, useFormat, useTranslation } from '../../i18n';
import { putBatch } from './BatchStore';

/** How long typing rests before main reads and totals the list again (ms). */
const PREVIEW_PAUSE_MS = 300;

/**
 * Songs › Batch…: a list of prompts (typed one per line, or a CSV/TSV file picked through main's
 * open dialog), submissions per prompt, and the total before it starts: submissions, songs and
 * what it usually spends (learned, never a price). A known total the counter cannot cover is
 * refused; an unknown one (or one over the budget) asks first, saying so. Main checks both again.
 */
export function BatchDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [perPrompt, setPerPrompt] = useState(1);
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppErrorShape | null>(null);

  useEffect(() => {
    if (text.trim() === '') return;
    let live = true;
    const timer = setTimeout(() => {
      void call((api) =>
        api.batches.preview({ text, perPrompt, ...(fileName ? { fileName } : {}) }),
      ).then((r) => {
        if (!live) return;
        if (r.ok) setPreview(r.value);
        else setError(r.error);
      });
    }, PREVIEW_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, fileName, perPrompt]);

  const chooseFile = async (): Promise<void> => {
    const r = await call((api) => api.batches.pickFile());
    if (!r.ok) return setError(r.error);
    if (!r.value) return;
    setError(null);
    setAsking(false);
    setText(r.value.text);
    setFileName(r.value.fileName);
    if (!name.trim()) setName(r.value.fileName.replace(/\.(csv|tsv|txt)$/i, ''));
  };

  // an empty list shows no total (a preview of what was there before stays unread)
  const shown = text.trim() === '' ? null : preview;
  const quote = shown?.quote ?? null;
  const nameOk = name.trim().length > 0;
  const canStart = nameOk && quote !== null && quote.verdict !== 'refuse' && !busy;

  const start = async (): Promise<void> => {
    if (!quote) return;
    if (quote.verdict === 'ask' && !asking) return setAsking(true);
    setBusy(true);
    setError(null);
    const r = await call((api) =>
      api.batches.create({
        name,
        text,
        perPrompt,
        confirmed: asking,
        ...(fileName ? { fileName } : {}),
      }),
    );
    setBusy(false);
    if (!r.ok) return setError(r.error);
    putBatch(r.value);
    onClose();
  };

  return (
    <Modal
      title={t('batch:dialog.title')}
      initialFocusRef={nameRef}
      onCancel={onClose}
      className="batch-dialog"
      actions={
        <>
          {quote && (
            <div className="batch-total" aria-live="polite">
              <p className="batch-total-line">
                {t('batch:dialog.total', {
                  count: quote.prompts,
                  submissions: f.number(quote.submissions),
                  songs: f.number(quote.songs),
                })}
              </p>
              <p className="field-hint">
                {quote.total === null
                  ? t('batch:dialog.costUnknown')
                  : t('batch:dialog.costKnown', {
                      total: f.number(quote.total),
                      count: quote.samples,
                    })}{' '}
                {quote.remaining !== null &&
                  (quote.after !== null
                    ? t('batch:dialog.leftAfter', {
                        remaining: f.number(quote.remaining),
                        after: f.number(quote.after),
                      })
                    : t('batch:dialog.left', { remaining: f.number(quote.remaining) }))}
              </p>
              {quote.verdict === 'refuse' && (
                <p role="alert" className="batch-refused">
                  {t('batch:dialog.refused', {
                    total: f.number(quote.total ?? 0),
                    remaining: f.number(quote.remaining ?? 0),
                  })}
                </p>
              )}
              {asking && (
                <p role="alert" className="batch-ask">
                  {quote.reason === 'unknown'
                    ? t('batch:dialog.askUnknown', { songs: f.number(quote.songs) })
                    : t('batch:dialog.askOver', {
                        total: f.number(quote.total ?? 0),
                        budget: f.number(quote.budget ?? 0),
                      })}
                </p>
              )}
            </div>
          )}
          {asking ? (
            <Button onClick={() => setAsking(false)}>{t('batch:dialog.back')}</Button>
          ) : (
            <Button onClick={onClose}>{t('common:cancel')}</Button>
          )}
          <Button variant="primary" disabled={!canStart} onClick={() => void start()}>
            {asking
              ? t('batch:dialog.startAnyway')
              : quote?.verdict === 'ask'
                ? t('batch:dialog.startAsk')
                : t('batch:dialog.start')}
          </Button>
        </>
      }
    >
      <p className="field-hint">{t('batch:dialog.lede')}</p>
      <TextField
        ref={nameRef}
        label={t('batch:dialog.name')}
        hint={t('batch:dialog.nameHint')}
        value={name}
        maxLength={BATCH_NAME_MAX_CHARS}
        onChange={(e) => setName(e.target.value)}
      />
      <TextArea
        label={t('batch:dialog.list')}
        hint={
          fileName ? t('batch:dialog.fromFile', { file: fileName }) : t('batch:dialog.listHint')
        }
        value={text}
        rows={6}
        grow
        maxRows={12}
        spellCheck={false}
        translate="no"
        onChange={(e) => {
          setAsking(false);
          setText(e.target.value);
        }}
        toolbar={
          <Button size="small" onClick={() => void chooseFile()}>
            {t('batch:dialog.chooseFile')}
          </Button>
        }
      />
      <TextField
        label={t('batch:dialog.perPrompt')}
        hint={t('batch:dialog.perPromptHint', { max: BATCH_MAX_PER_PROMPT })}
        type="number"
        min={1}
        max={BATCH_MAX_PER_PROMPT}
        value={perPrompt}
        className="batch-per-prompt"
        onChange={(e) => {
          const n = Math.floor(Number(e.target.value));
          setAsking(false);
          if (Number.isFinite(n)) setPerPrompt(Math.min(BATCH_MAX_PER_PROMPT, Math.max(1, n)));
        }}
      />
      {shown && shown.problems.length > 0 && (
        <div role="alert" className="batch-problems">
          <p>{t('batch:dialog.problems', { count: shown.problemCount })}</p>
          <ul>
            {shown.problems.map((p, i) => (
              <li key={i}>{reasonedText(p.key, { ...p.params, line: p.line })}</li>
            ))}
          </ul>
        </div>
      )}
      {shown?.tooMany && (
        <p role="alert" className="batch-problems">
          {t('batch:errors.tooManySubmissions', {
            count: shown.prompts * perPrompt,
            max: shown.maxSubmissions,
          })}
        </p>
      )}
      {error && (
        <p role="alert" className="settings-error">
          {errorText(error)}
        </p>
      )}
    </Modal>
  );
}
