import { Fragment } from 'react';
import { EmptyState } from '../../components';
import { libraryEntry } from '../../stores/player/entries';
import { PlayButton } from '../../player/PlayButton';
import { selectTakes, useLibraryStore } from '../../stores/library';
import { useFormat, useTranslation } from '../../i18n';
import { emotionLabel, seconds, when } from './format';

/** Every earlier take (text-to-speech items of the library), newest first, playable offline. */
export function TakesCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const takes = useLibraryStore(selectTakes);
  return (
    <section className="card" aria-label={t('voice:takes.title')}>
      <div className="card-head">
        <h2 className="card-title">{t('voice:takes.title')}</h2>
      </div>
      {takes.length === 0 ? (
        <EmptyState title={t('voice:takes.emptyTitle')}>{t('voice:takes.emptyBody')}</EmptyState>
      ) : (
        <ul className="voice-takes">
          {takes.map((take) => (
            <li key={take.itemId} aria-label={t('voice:takes.aria', { title: take.title })}>
              <div className="voice-meta">
                {[
                  take.voice && <span translate="no">{take.voice}</span>,
                  take.emotion && emotionLabel(t, take.emotion),
                  take.durationMs !== null && seconds(t, f, take.durationMs),
                  // Intl's words in the app's language already
                  <time dateTime={take.createdAt} translate="no">
                    {when(f, take.createdAt)}
                  </time>,
                ]
                  .filter(Boolean)
                  .map((part, i) => (
                    <Fragment key={i}>
                      {i > 0 && ' · '}
                      {part}
                    </Fragment>
                  ))}
              </div>
              <p className="voice-take-text" translate="no">
                {take.text}
              </p>
              <PlayButton
                playKey={take.itemId}
                name={t('voice:takes.playName', { title: take.title })}
                make={() => libraryEntry({ ...take, origin: t('voice:takes.origin') })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
