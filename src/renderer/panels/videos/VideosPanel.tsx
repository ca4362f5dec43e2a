import { SINGING_AUDIO_MAX_S, SINGING_AUDIO_MIN_S } from '@shared/domain/service-limits';
import { ReadinessGate } from '../../readiness/ReadinessGate';
import { useReadiness } from '../../readiness/useReadiness';
import { useAccountStore } from '../../stores/account';
import {
  checkSinging,
  dismissVideo,
  setVideoField,
  startSinging,
  startSubtitles,
  useVideosStore,
} from '../../stores/videos';
import { isSingingSource, isSubtitleSource } from '@shared/domain/library-sources';
import { sourceDetail, useLibrarySources } from '../shared/library-sources';
import { LinksOnlyDropNote, useLinksOnlyDrop } from '../shared/LinksOnlyDrop';
import { Button, EmptyState, TextField } from '../../components';
// not in the components index: the entry script would carry it (panels load on demand)
import { ItemPicker } from '../../components/ItemPicker';
import { JobResultView } from '../shared/JobResultView';
import { useCoversStart } from '../shared/useCoversStart';
import '../shared/covers-videos.css';

const active = (state: string | undefined): boolean =>
  state === 'pending' || state === 'submitted' || state === 'running' || state === 'downloading';

function SingingCard() {
  const s = useVideosStore();
  const credits = useAccountStore((a) => a.keyInfo?.key_singing_credits ?? null);
  const check = s.singingCheck;
  const fields = { ...(check?.fields ?? {}), ...(s.singingError?.fields ?? {}) };
  const busy = active(s.singing?.state);
  const gate = useReadiness({ counter: 'key_singing_credits' });
  const audio = useLibrarySources(isSingingSource);
  const drop = useLinksOnlyDrop();
  return (
    <section
      className="card stack"
      aria-label="Singing photo video"
      aria-busy={busy}
      {...drop.dropProps}
    >
      <div className="card-head card-head-tight">
        <h2 className="card-title">Singing photo video</h2>
        {credits !== null && <span className="muted small">{credits} singing credits left</span>}
      </div>
      <p className="muted small">
        The service takes <strong>links</strong> only: an audio link (MP3, WAV or M4A,{' '}
        {SINGING_AUDIO_MIN_S} to {SINGING_AUDIO_MAX_S} seconds, a clear voice) and a photo link
        (JPG, PNG or JFIF, at most 4.7 MB, a clear frontal face). Cadenza checks both before
        anything is spent.
      </p>
      {drop.dropped && (
        <LinksOnlyDropNote
          what="Singing videos take links only"
          items={audio.items}
          none={`No library take of ${SINGING_AUDIO_MIN_S}–${SINGING_AUDIO_MAX_S} s has a service link yet: songs and covers made here do.`}
          onUse={(id) => {
            setVideoField('singingItemId', id);
            drop.close();
          }}
          onClose={drop.close}
        />
      )}
      <ItemPicker
        label="Library audio (its service link)"
        noun={`takes of ${SINGING_AUDIO_MIN_S}–${SINGING_AUDIO_MAX_S} s`}
        items={audio.items}
        detailOf={sourceDetail}
        loading={audio.loading}
        value={s.singingItemId}
        onChange={(id) => setVideoField('singingItemId', id)}
        disabled={busy}
        clearLabel="Use a link instead"
        hint={s.singingItemId ? undefined : 'Or paste an audio link below.'}
      />
      {!s.singingItemId && (
        <TextField
          label="Audio link"
          type="url"
          value={s.singingAudioUrl}
          placeholder="https://…/voice.mp3"
          error={fields.audioUrl}
          onChange={(e) => setVideoField('singingAudioUrl', e.target.value)}
          disabled={busy}
        />
      )}
      {s.singingItemId && fields.audioUrl && <p className="field-error">{fields.audioUrl}</p>}
      <TextField
        label="Photo link"
        type="url"
        value={s.singingImageUrl}
        placeholder="https://…/face.jpg"
        error={fields.imageUrl}
        onChange={(e) => setVideoField('singingImageUrl', e.target.value)}
        disabled={busy}
      />
      {check && Object.keys(check.fields).length === 0 && (
        <p role="status">
          Audio: {check.audio.format.toUpperCase()}
          {check.audio.durationS !== null
            ? `, ${check.audio.durationS.toFixed(1)} s`
            : ', length unknown'}{' '}
          · Photo: {check.image.format.toUpperCase()}
          {check.image.sizeBytes !== null
            ? `, ${(check.image.sizeBytes / 1048576).toFixed(2)} MB`
            : ''}
        </p>
      )}
      {s.singingError && !s.singingError.fields && (
        <p className="field-error" role="alert">
          {s.singingError.message}
        </p>
      )}
      <div className="covers-actions">
        <Button disabled={busy || s.busy !== null} onClick={() => void checkSinging()}>
          {s.busy === 'measuring' ? 'Checking…' : 'Check links'}
        </Button>
        <Button
          variant="primary"
          disabled={busy || !gate.ready}
          aria-describedby={gate.describedBy}
          onClick={() => void startSinging()}
        >
          Make singing video
        </Button>
      </div>
      <ReadinessGate gate={gate} />
      {s.singing && (
        <JobResultView
          job={s.singing}
          what="Singing video"
          onDismiss={() => void dismissVideo('singing')}
          onRetry={() => void startSinging()}
          retryDisabled={!gate.ready}
        />
      )}
    </section>
  );
}

function SubtitlesCard() {
  const s = useVideosStore();
  const busy = active(s.subtitles?.state);
  // the service names no counter for subtitle videos (docs/writing.md): key and connection only
  const gate = useReadiness({ counter: null });
  const videos = useLibrarySources(isSubtitleSource);
  const drop = useLinksOnlyDrop();
  return (
    <section
      className="card stack"
      aria-label="Subtitle video"
      aria-busy={busy}
      {...drop.dropProps}
    >
      <div className="card-head card-head-tight">
        <h2 className="card-title">Subtitle video</h2>
      </div>
      <p className="muted small">
        The service takes a video <strong>link</strong> (http/https) and makes a video with special
        subtitles.
      </p>
      {drop.dropped && (
        <LinksOnlyDropNote
          what="Subtitle videos take links only"
          items={videos.items}
          none="No library video has a service link yet: videos made here do."
          onUse={(id) => {
            setVideoField('subtitlesItemId', id);
            drop.close();
          }}
          onClose={drop.close}
        />
      )}
      <ItemPicker
        label="Library video (its service link)"
        noun="videos"
        items={videos.items}
        detailOf={sourceDetail}
        loading={videos.loading}
        value={s.subtitlesItemId}
        onChange={(id) => setVideoField('subtitlesItemId', id)}
        disabled={busy}
        clearLabel="Use a link instead"
        hint={s.subtitlesItemId ? undefined : 'Or paste a video link below.'}
      />
      {!s.subtitlesItemId && (
        <TextField
          label="Video link"
          type="url"
          value={s.subtitlesUrl}
          placeholder="https://…/clip.mp4"
          error={s.subtitlesError?.fields?.videoUrl}
          onChange={(e) => setVideoField('subtitlesUrl', e.target.value)}
          disabled={busy}
        />
      )}
      {s.subtitlesItemId && s.subtitlesError?.fields?.videoUrl && (
        <p className="field-error">{s.subtitlesError.fields.videoUrl}</p>
      )}
      {s.subtitlesError && !s.subtitlesError.fields && (
        <p className="field-error" role="alert">
          {s.subtitlesError.message}
        </p>
      )}
      <div className="covers-actions">
        <Button
          variant="primary"
          disabled={busy || !gate.ready}
          aria-describedby={gate.describedBy}
          onClick={() => void startSubtitles()}
        >
          Make subtitle video
        </Button>
      </div>
      <ReadinessGate gate={gate} />
      {s.subtitles && (
        <JobResultView
          job={s.subtitles}
          what="Subtitle video"
          onDismiss={() => void dismissVideo('subtitles')}
          onRetry={() => void startSubtitles()}
          retryDisabled={!gate.ready}
        />
      )}
    </section>
  );
}

/** Before any video job: what this panel makes and what it needs. */
function NoVideosYet() {
  const none = useVideosStore((s) => !s.singing && !s.subtitles);
  if (!none) return null;
  return (
    <EmptyState title="No videos yet">
      Paste a link to a short song or voice and a photo link to make the photo sing, or a video link
      to add subtitles. Both land in your library.
    </EmptyState>
  );
}

export function VideosPanel() {
  useCoversStart();
  return (
    <div className="panel">
      <header className="panel-header">
        <h1 className="panel-title">Videos</h1>
        <p className="panel-lede">
          Make a photo sing, or add special subtitles to a video. The videos land in your library.
        </p>
      </header>
      <div className="cards">
        <SingingCard />
        <SubtitlesCard />
        <NoVideosYet />
      </div>
    </div>
  );
}
