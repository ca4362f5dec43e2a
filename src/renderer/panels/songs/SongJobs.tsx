import { useEffect, useState } from 'react';
import { Music } from 'lucide-react';
import { kindFacts } from '@shared/domain/job-kinds';
import type { JobView } from '@shared/ipc/jobs';
import { Button, EmptyState, Progress, SegmentedControl, useNow } from '../../components';
import { FailureActions } from '../shared/FailureActions';
import { RetryJobDialog } from '../shared/RetryJobDialog';
import { useReadiness } from '../../readiness/useReadiness';
import { estimateFor, timeLeftText } from '../../lib/job-estimate';
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
import { positionOf, switchTo } from '../../stores/player';
import { loadMusicLeft, retrySong, useSongsStore } from '../../stores/songs';
import { selectLibrarySongs, useLibraryStore } from '../../stores/library';
import { formatClock } from './extend-rules';
import { TakeCard, takeTitle } from './TakeCard';
import { previewEntry, previewKey } from './take-entries';
import { errorText, useTranslation } from '../../i18n';

const STATE_TEXT: Record<JobView['state'], string> = {
  pending: 'songs:job.state.pending',
  submitted: 'songs:job.state.submitted',
  running: 'songs:job.state.running',
  downloading: 'songs:job.state.downloading',
  done: 'songs:job.state.done',
  failed: 'songs:job.state.failed',
  cancelled: 'songs:job.state.cancelled',
  interrupted: 'songs:job.state.interrupted',
};

/** Jobs that leave songs (submissions and history imports), by the kind registry. */
const isSongJob = (j: JobView) => kindFacts(j.kind).result === 'song';

type Side = 'A' | 'B';
const SIDES = [
  { value: 'A', label: 'songs:job.sideA' },
  { value: 'B', label: 'songs:job.sideB' },
] as const;

/**
 * A/B: switches the player between the two saved takes of one submission at the same position
 * (one engine: the other take stops). Shown once both takes are in the library.
 */
function TakeSwitch({ job }: { job: JobView }) {
  const { t } = useTranslation();
  const songs = useLibraryStore(selectLibrarySongs);
  const trashed = useSongsStore((s) => s.trashed);
  const [side, setSide] = useState<Side>('A');
  const [said, setSaid] = useState<string | null>(null);
  const saved = job.outputs.map((o) =>
    o.libraryItemId && !trashed[o.libraryItemId]
      ? songs?.find((s) => s.itemId === o.libraryItemId)
      : undefined,
  );
  if (job.outputs.length !== 2 || !saved[0] || !saved[1]) return null;

  function choose(next: Side) {
    const from = side === 'A' ? 0 : 1;
    const to = next === 'A' ? 0 : 1;
    setSide(next);
    const atS = positionOf(previewKey(job.id, from));
    const song = saved[to]!;
    const title = takeTitle(song.title, job.label);
    if (atS !== null) {
      void switchTo(previewEntry(job, to, song.mediaUrl, title, song.coverUrl ?? null));
      setSaid(
        t('songs:job.abFrom', {
          side: t(SIDES[to]!.label),
          at: formatClock(atS),
        }),
      );
    } else setSaid(null);
  }

  return (
    <div className="take-switch">
      <SegmentedControl
        label={t('songs:job.compare')}
        size="small"
        segments={SIDES.map((x) => ({ value: x.value, label: t(x.label) }))}
        value={side}
        onChange={choose}
      />
      <span className="muted small" data-testid="ab-position" aria-live="polite">
        {said ?? ''}
      </span>
    </div>
  );
}

function SongJob({ job, history, now }: { job: JobView; history: JobView[]; now: number }) {
  const { t } = useTranslation();
  const busy = useJobsStore((s) => s.busy[job.id]);
  const actionError = useJobsStore((s) => s.actionErrors[job.id]);
  const [asking, setAsking] = useState(false);
  const gate = useReadiness({ counter: 'key_music_counts' });
  const active = isActiveJob(job);
  const ended = job.state === 'failed' || job.state === 'cancelled' || job.state === 'interrupted';
  // what the creator asked for (a title, or the description): it does not change as songs arrive
  const title = job.label;
  const estimate = active ? estimateFor(job, history) : null;
  return (
    <li className="card song-job" aria-label={t('songs:job.aria', { title })}>
      <div className="song-job-head">
        <div className="song-job-heading">
          <h3 className="song-job-title" translate="no">
            {title}
          </h3>
          <p className="muted small" data-testid="job-state">
            {t(STATE_TEXT[job.state])}
            {estimate && job.state !== 'downloading'
              ? ` · ${timeLeftText(job, estimate, now, (key, params) => t(key, params ?? {}))}`
              : ''}
          </p>
        </div>
        {active && (
          <Button
            size="small"
            variant="ghost"
            disabled={!!busy}
            onClick={() => void cancelJob(job.id)}
          >
            {t('common:cancel')}
          </Button>
        )}
        {job.state === 'done' && <TakeSwitch job={job} />}
      </div>
      {active && <Progress value={job.progress} label={t('songs:job.progress', { title })} />}
      {job.error && (
        <p role="alert" className="inline-alert">
          {errorText(job.error)}
        </p>
      )}
      <ul className="take-list">
        {job.outputs.map((_, i) => (
          <TakeCard key={i} job={job} index={i} />
        ))}
      </ul>
      {actionError && (
        <p role="alert" className="inline-alert">
          {errorText(actionError)}
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
      {/* the panel's form says why once (same key, same counter): a card repeats it only when it
          is something the form cannot show — never a second outage or key banner */}
      {asking && (
        <RetryJobDialog
          name={title}
          kind={job.kind}
          model={job.model}
          interrupted={job.state === 'interrupted'}
          onConfirm={() => {
            setAsking(false);
            void retrySong(job.id);
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </li>
  );
}

/** The results column: each submission with its two takes, newest first. */
export function SongJobs() {
  const { t } = useTranslation();
  const all = useJobsStore(selectJobs);
  const jobs = all.filter(isSongJob).slice(0, 20);
  const anyActive = jobs.some(isActiveJob);
  const now = useNow(anyActive);
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

  return (
    <section className="song-results" aria-label={t('songs:job.section')}>
      <h2 className="card-title">{t('songs:job.section')}</h2>
      {jobs.length === 0 ? (
        <EmptyState icon={<Music size={20} aria-hidden />} title={t('songs:job.empty.title')}>
          {t('songs:job.empty.body')}
        </EmptyState>
      ) : (
        <ul className="song-jobs">
          {jobs.map((j) => (
            <SongJob key={j.id} job={j} history={all} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
