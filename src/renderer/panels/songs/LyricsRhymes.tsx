import { useEffect, useState } from 'react';
import type { RhymeAnswerView } from '@shared/ipc/presets';
import { call } from '../../bridge';
import { useTranslation } from '../../i18n';

/** The pause after the caret moves before the dictionary is asked. */
export const RHYME_DELAY_MS = 250;

/**
 * Rhymes for the word at the caret, from the pronouncing dictionary main loads on first use.
 * English only: in another language the helper is hidden and a sentence says why.
 */
export function LyricsRhymes({ word }: { word: string | null }) {
  const { t, i18n } = useTranslation();
  const english = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('en');
  /** The last answer and the word it was asked for (a later word waits for its own). */
  const [result, setResult] = useState<{ asked: string; answer: RhymeAnswerView | null } | null>(
    null,
  );

  useEffect(() => {
    if (!english || !word) return;
    let live = true;
    const timer = setTimeout(() => {
      void call((api) => api.rhymes.find(word)).then((r) => {
        if (live) setResult({ asked: word, answer: r.ok ? r.value : null });
      });
    }, RHYME_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [english, word]);

  if (!english)
    return (
      <p className="small muted" data-testid="rhymes-english-only">
        {t('songs:workspace.rhymes.englishOnly')}
      </p>
    );
  const answer = result && result.asked === word ? result.answer : null;
  return (
    <div className="lyrics-rhymes small" aria-live="polite" data-testid="rhymes">
      {!word ? (
        <p className="muted">{t('songs:workspace.rhymes.hint')}</p>
      ) : !answer ? (
        <p className="muted">{t('songs:workspace.rhymes.loading')}</p>
      ) : !answer.known ? (
        <p className="muted">{t('songs:workspace.rhymes.unknown', { word: answer.word })}</p>
      ) : answer.rhymes.length === 0 ? (
        <p className="muted">{t('songs:workspace.rhymes.none', { word: answer.word })}</p>
      ) : (
        <>
          <p>
            {t('songs:workspace.rhymes.heading', {
              word: answer.word,
              count: answer.syllables ?? 0,
            })}
          </p>
          <ul className="rhyme-list" aria-label={t('songs:workspace.rhymes.list')}>
            {answer.rhymes.map((r) => (
              <li key={r} translate="no">
                {r}
              </li>
            ))}
          </ul>
          <p className="muted">{t('songs:workspace.rhymes.source')}</p>
        </>
      )}
    </div>
  );
}
