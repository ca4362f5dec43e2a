import { useEffect, useRef, useState } from 'react';
import type { JobView } from '@shared/ipc/jobs';
import { FailureActions } from '../../components/FailureActions';
import { RetryJobDialog } from '../../components/RetryJobDialog';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import {
  canRetryJob,
  cancelJob,
  dismissJob,
  followJobs,
  isActiveJob,
  loadJobs,
  selectJobs,
  useJobsStore,
} from '../../stores/jobs';
import { formatOf } from '../../player/entries';
import { PlayButton } from '../../player/PlayButton';
import { positionOf, switchTo, type PlayEntry } from '../../stores/player';
import {
  loadMusicLeft,
  loadPreview,
  openExtend,
  retrySong,
  useSongsStore,
} from '../../stores/songs';
import { TakeCompare } from './TakeCompare';

const STATUS_TEXT: Record<JobView['outputs'][number]['status'], string> = {
  queued: 'Queued',
  streaming: 'Generating — playable while it streams',
  complete: 'Finished — downloading',
  saved: 'In the library',
  failed: 'Failed',
};

const STATE_TEXT: Record<JobView['state'], string> = {
  pending: 'Sending…',
  submitted: 'Submitted',
  running: 'Generating',
  downloading: 'Downloading into the library',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
};

const isSongJob = (j: JobView) => j.kind === 'song-v2' || j.kind === 'song-v1';
const formatS = (ms: number | null) => (ms === null ? '' : ` · ${(ms / 1000).toFixed(1)} s`);

const previewKey = (jobId: string, index: number): string => `preview:${jobId}:${index}`;

/** A take for the player: its stream while generating, the library file once saved. */
function previewEntry(job: JobView, index: number, mediaUrl: string): PlayEntry {
  const o = job.outputs[index]!;
  return {
    key: previewKey(job.id, index),
    itemId: o.status === 'saved' ? o.libraryItemId : null,
    url: mediaUrl,
    title: `${o.title || job.label} (take ${index + 1})`,
    video: false,
    format: formatOf(mediaUrl),
    durationMs: o.durationMs,
    coverUrl: null,
    origin: 'Songs',
  };
}

function SongOutput({ job, index }: { job: JobView; index: number }) {
  const o = job.outputs[index]!;
  const key = `${job.id}:${index}`;
  const url = useSongsStore((s) => s.previews[key]);
  const error = useSongsStore((s) => s.previewErrors[key]);
  const name = `${o.title || job.label} (take ${index + 1})`;
  const canExtendItem = useSongsStore(
    (s) => !!s.librarySongs?.some((x) => x.itemId === o.libraryItemId && x.songId),
  );
  const playable = o.status === 'streaming' || o.status === 'complete' || o.status === 'saved';
  const playKey = previewKey(job.id, index);
  // Once saved, the preview's URL becomes the library file's; if it plays, it plays on from there.
  const savedRef = useRef(o.status === 'saved');
  useEffect(() => {
    if (o.status === 'saved' && !savedRef.current && url)
      void loadPreview(job.id, index).then((saved) => {
        if (saved && positionOf(playKey) !== null) void switchTo(previewEntry(job, index, saved));
      });
    savedRef.current = o.status === 'saved';
  }, [o.status, url, job, index, playKey]);

  return (
    <li className="song-take" aria-label={name}>
      <p className="song-take-title">{name}</p>
      <p className="muted small" data-testid="take-status">
        {STATUS_TEXT[o.status]}
        {formatS(o.durationMs)}
      </p>
      {/* one message per failure: a take's reason is said here only when the card has not */}
      {o.status === 'failed' && o.failReason && !job.error?.message.includes(o.failReason) && (
        <p role="alert" className="inline-alert">
          {o.failReason}
        </p>
      )}
      {playable && (
        <PlayButton
          playKey={playKey}
          name={name}
          make={async () => {
            const u = url ?? (await loadPreview(job.id, index));
            return u ? previewEntry(job, index, u) : null;
          }}
        />
      )}
      {error && (
        <p role="alert" className="inline-alert">
          {error.message}
        </p>
      )}
      {o.status === 'saved' && o.libraryItemId && canExtendItem && (
        <button
          type="button"
          className="button button-small"
          onClick={() => openExtend(o.libraryItemId!)}
        >
          Extend {name} from here
        </button>
      )}
    </li>
  );
}

function SongJob({ job }: { job: JobView }) {
  const busy = useJobsStore((s) => s.busy[job.id]);
  const actionError = useJobsStore((s) => s.actionErrors[job.id]);
  const [asking, setAsking] = useState(false);
  const gate = useReadiness({ counter: 'key_music_counts' });
  const ended = job.state === 'failed' || job.state === 'cancelled' || job.state === 'interrupted';
  return (
    <li className="card song-job" aria-label={`Song job: ${job.label}`}>
      <div className="card-head">
        <h3 className="card-title">{job.label}</h3>
        <span className="muted small" data-testid="job-state">
          {STATE_TEXT[job.state]}
          {job.synchronous && isActiveJob(job) && job.state !== 'downloading'
            ? ' — the service answers when both songs are done'
            : ''}
        </span>
        {isActiveJob(job) && (
          <button
            type="button"
            className="button button-small"
            disabled={!!busy}
            onClick={() => void cancelJob(job.id)}
          >
            Cancel {job.label}
          </button>
        )}
      </div>
      {job.error && (
        <p role="alert" className="inline-alert">
          {job.error.message}
        </p>
      )}
      <ul className="song-takes">
        {job.outputs.map((_, i) => (
          <SongOutput key={i} job={job} index={i} />
        ))}
      </ul>
      {actionError && (
        <p role="alert" className="inline-alert">
          {actionError.message}
        </p>
      )}
      {ended && (
        <FailureActions
          error={job.error}
          onRetry={canRetryJob(job) ? () => setAsking(true) : undefined}
          retryDisabled={!gate.ready}
          onDismiss={() => void dismissJob(job.id)}
          busy={!!busy}
        />
      )}
      {ended && canRetryJob(job) && !gate.ready && <ReadinessGate gate={gate} />}
      {asking && (
        <RetryJobDialog
          name={job.label}
          interrupted={job.state === 'interrupted'}
          onConfirm={() => {
            setAsking(false);
            void retrySong(job.id);
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      {job.state === 'done' && job.resultItemIds.length === 2 && (
        <TakeCompare label={job.label} itemIds={[job.resultItemIds[0]!, job.resultItemIds[1]!]} />
      )}
    </li>
  );
}

/** Song jobs with their two takes: status, play while streaming, then from the library. */
export function SongJobs() {
  const jobs = useJobsStore(selectJobs).filter(isSongJob).slice(0, 10);
  const finishedKey = jobs
    .filter((j) => !isActiveJob(j))
    .map((j) => j.id)
    .join(',');
  const mine = useSongsStore((s) => s.jobIds);

  useEffect(() => {
    void loadJobs();
    return followJobs();
  }, []);
  // A finished submission changed the remaining count: read it again.
  useEffect(() => {
    if (mine.length > 0) void loadMusicLeft();
  }, [finishedKey, mine.length]);

  if (jobs.length === 0)
    return <p className="muted">Songs you create appear here with their progress.</p>;
  return (
    <section aria-label="Your songs">
      <h2 className="card-title">Your songs</h2>
      <ul className="song-jobs">
        {jobs.map((j) => (
          <SongJob key={j.id} job={j} />
        ))}
      </ul>
    </section>
  );
}
