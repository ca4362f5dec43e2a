import { useMemo } from 'react';
import type { ModelVersion } from '@shared/domain/service-limits';
import { useFormat, useTranslation } from '../../i18n';
import { lengthNote, measureLyrics } from './lyrics-workspace';
import { LyricsRhymes } from './LyricsRhymes';

interface Props {
  lyrics: string;
  model: ModelVersion;
  /** The editor line the caret is on (1-based), or null when the editor is not focused yet. */
  caretLine: number | null;
  /** The word the caret is in (for the rhyme helper), or null. */
  caretWord: string | null;
}

/**
 * Under the lyrics editor: the caret line's syllables, the section outline with each section's
 * lines and syllables, syllables per line (folded), and a note when the lyrics clearly do not fit
 * the model's song length, and rhymes for the word at the caret. Estimates, said so (docs/lyrics-workspace.md).
 */
export function LyricsWorkspace({ lyrics, model, caretLine, caretWord }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const m = useMemo(() => measureLyrics(lyrics), [lyrics]);
  if (m.lines.length === 0) return null;
  const note = lengthNote(m.syllables, model);
  const atCaret = caretLine === null ? undefined : m.lines.find((l) => l.number === caretLine);
  return (
    <section className="lyrics-workspace stack-tight" aria-label={t('songs:workspace.heading')}>
      <p className="small muted">
        <strong>{t('songs:workspace.heading')}</strong> · {t('songs:workspace.estimates')}
      </p>
      {atCaret && (
        <p className="small" aria-live="polite" data-testid="caret-syllables">
          {t('songs:workspace.caretLine', {
            line: f.number(atCaret.number),
            count: atCaret.syllables,
          })}
        </p>
      )}
      <LyricsRhymes word={caretWord} />
      <ol className="lyrics-outline small" aria-label={t('songs:workspace.sections')}>
        {m.sections.map((s, i) => (
          <li key={i}>
            {s.name === null ? (
              <span>{t('songs:workspace.untagged')}</span>
            ) : (
              <span translate="no">{s.name}</span>
            )}
            {' · '}
            {t('songs:workspace.section', {
              count: s.lines,
              syllables: f.number(s.syllables),
            })}
          </li>
        ))}
      </ol>
      {note && (
        <p className="small lyrics-length-note" role="note">
          {note.kind === 'short'
            ? t('songs:workspace.short', { sung: f.duration(note.sungS) })
            : t('songs:workspace.long', {
                sung: f.duration(note.sungS),
                max: f.duration(note.maxS),
                model,
              })}
        </p>
      )}
      <details className="small">
        <summary>{t('songs:workspace.perLine')}</summary>
        <table className="lyrics-lines">
          <thead>
            <tr>
              <th scope="col">{t('songs:workspace.lineCol')}</th>
              <th scope="col">{t('songs:workspace.syllablesCol')}</th>
              <th scope="col">{t('songs:workspace.textCol')}</th>
            </tr>
          </thead>
          <tbody>
            {m.lines.map((l) => (
              <tr key={l.number}>
                <td>{f.number(l.number)}</td>
                <td>{f.number(l.syllables)}</td>
                <td translate="no">{l.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
