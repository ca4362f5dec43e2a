import { useEffect, useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import type { JobResult } from '@shared/ipc/jobs';
import { libraryEntry } from '../../stores/player/entries';
import { PlayButton } from '../../player/PlayButton';
import { showItemInFolder } from '../../stores/library';
import { playSolo } from '../../stores/player';
import { formatDuration } from './format';
import { errorText, t as tr, useTranslation } from '../../i18n';

const entryOf = (item: JobResult['items'][number]) =>
  libraryEntry({ ...item, origin: tr('shell:nav.jobs') });

/** A finished job's files from the library, played through the player (the first one on open). */
export function ResultPlayer({ result, onClose }: { result: JobResult; onClose(): void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<AppErrorShape | null>(null);
  const first = result.items[0];
  useEffect(() => {
    if (first) void playSolo(entryOf(first));
  }, [first]);
  return (
    <section className="card job-player" aria-label={t('jobs:player.title')}>
      <div className="card-head">
        <h2 className="card-title">{t('jobs:player.title')}</h2>
        <div className="card-head-actions">
          <button type="button" className="button button-small" onClick={onClose}>
            {t('jobs:player.close')}
          </button>
        </div>
      </div>
      <ul className="job-player-items">
        {result.items.map((item) => (
          <li key={item.itemId} className="job-player-item">
            <p className="job-player-title">
              <span translate="no">{item.title}</span>
              {item.durationMs ? (
                <span className="small muted"> · {formatDuration(item.durationMs)}</span>
              ) : null}
            </p>
            <PlayButton playKey={item.itemId} name={item.title} make={() => entryOf(item)} />
            <button
              type="button"
              className="link-button"
              onClick={() => void showItemInFolder(item.itemId).then(setError)}
            >
              {t('jobs:player.showInFolder')}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="job-error" role="alert">
          {errorText(error)}
        </p>
      )}
    </section>
  );
}
