import { useState } from 'react';
import type { SingerOption } from '@shared/ipc/covers';
import type { AppErrorShape } from '@shared/errors';
import { renameSinger, setCoverField, singerKeyOf } from '../../stores/covers';
import { errorText, fieldText, useTranslation } from '../../i18n';
import { MAKE_COVER_CARD } from './CoverCard';

const STATE_TEXT: Record<SingerOption['state'], string> = {
  ready: 'covers:singers.state.ready',
  training: 'covers:singers.state.training',
  failed: 'covers:singers.state.failed',
};

/** Chooses the singer in Make a cover and takes the creator there. */
function chooseForCover(singer: SingerOption): void {
  setCoverField('singerKey', singerKeyOf(singer));
  const card = document.querySelector<HTMLElement>(`section[data-card="${MAKE_COVER_CARD}"]`);
  card?.scrollIntoView?.({ block: 'start' });
}

/** One custom singer: its name and state, and a Rename control (the name is kept on this computer). */
function SingerRow({ singer }: { singer: SingerOption }) {
  const { t } = useTranslation();
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
        <span translate="no">{singer.name}</span> — {t(STATE_TEXT[singer.state])}
        {jobId && ' · '}
        {jobId && (
          <button
            type="button"
            className="link-button"
            aria-label={t('covers:singers.renameAria', { name: singer.name })}
            onClick={() => setDraft(singer.name)}
          >
            {t('covers:singers.rename')}
          </button>
        )}
        {singer.state === 'ready' && (
          <>
            {' · '}
            <button
              type="button"
              className="link-button"
              aria-label={t('covers:singers.useAria', { name: singer.name })}
              onClick={() => chooseForCover(singer)}
            >
              {t('covers:singers.use')}
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
        aria-label={t('covers:singers.renameAria', { name: singer.name })}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <input
          className="input"
          type="text"
          aria-label={t('covers:singers.newName', { name: singer.name })}
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
          {t('covers:singers.save')}
        </button>
        <button type="button" className="button button-small" onClick={cancel} disabled={saving}>
          {t('covers:singers.cancel')}
        </button>
        {error && (
          <span id={errorId} className="field-error" role="alert">
            {fieldText(error, 'name') ?? errorText(error)}
          </span>
        )}
      </form>
    </li>
  );
}

/** The custom singers trained here, each with Rename and (once ready) Use in a cover. */
export function SingerList({ singers }: { singers: readonly SingerOption[] }) {
  const { t } = useTranslation();
  if (singers.length === 0) return null;
  return (
    <div className="stack">
      <p className="muted small">{t('covers:singers.intro')}</p>
      <ul className="covers-singers" aria-label={t('covers:singers.title')}>
        {singers.map((x) => (
          <SingerRow key={x.jobId ?? x.name} singer={x} />
        ))}
      </ul>
    </div>
  );
}
