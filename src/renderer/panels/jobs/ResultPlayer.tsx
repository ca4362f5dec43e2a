import { useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import type { JobResult } from '@shared/ipc/jobs';
import { showItemInFolder } from '../../stores/library';
import { formatDuration } from './format';

const isVideo = (kind: string): boolean => kind === 'singing-video' || kind === 'subtitle-video';

/** Plays a finished job's files from the library through the media protocol. */
export function ResultPlayer({ result, onClose }: { result: JobResult; onClose(): void }) {
  const [error, setError] = useState<AppErrorShape | null>(null);
  return (
    <section className="card job-player" aria-label="Now playing">
      <div className="card-head">
        <h2 className="card-title">Now playing</h2>
        <div className="card-head-actions">
          <button type="button" className="button button-small" onClick={onClose}>
            Close player
          </button>
        </div>
      </div>
      <ul className="job-player-items">
        {result.items.map((item, i) => (
          <li key={item.itemId} className="job-player-item">
            <p className="job-player-title">
              {item.title}
              {item.durationMs ? (
                <span className="small muted"> · {formatDuration(item.durationMs)}</span>
              ) : null}
            </p>
            {isVideo(item.kind) ? (
              <video
                controls
                src={item.mediaUrl}
                aria-label={`Play ${item.title}`}
                autoPlay={i === 0}
                className="job-player-video"
              />
            ) : (
              <audio
                controls
                src={item.mediaUrl}
                aria-label={`Play ${item.title}`}
                autoPlay={i === 0}
                preload="metadata"
              />
            )}
            <button
              type="button"
              className="link-button"
              onClick={() => void showItemInFolder(item.itemId).then(setError)}
            >
              Show in folder
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="job-error" role="alert">
          {error.message}
        </p>
      )}
    </section>
  );
}
