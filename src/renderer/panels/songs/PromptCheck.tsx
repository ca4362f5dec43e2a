import { useFormat, useTranslation } from '../../i18n';
import { promptNotes } from './prompt-check';

/**
 * Under the description or style: what the service silently ignores or mishandles, as
 * heuristics labelled so (the documented limits stay refusals, in the field's error).
 */
export function PromptCheck({ prompt, mode }: { prompt: string; mode: 'auto' | 'custom' }) {
  const { t } = useTranslation();
  const f = useFormat();
  const notes = promptNotes(prompt, mode);
  if (notes.length === 0) return null;
  return (
    <div className="prompt-check small" role="status" aria-label={t('songs:check.heading')}>
      <p className="muted">{t('songs:check.heading')}</p>
      <ul>
        {notes.map((n) => (
          <li key={n.kind}>
            {n.kind === 'lyricsLike'
              ? t('songs:check.lyricsLike')
              : n.kind === 'genres'
                ? t('songs:check.genres', { genres: f.list(n.genres) })
                : t('songs:check.parameters', { example: n.example })}
          </li>
        ))}
      </ul>
    </div>
  );
}
