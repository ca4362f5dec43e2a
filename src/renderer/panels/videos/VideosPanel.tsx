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
import { errorText, fieldText, useFormat, useTranslation } from '../../i18n';
import { useCoversStart } from '../shared/useCoversStart';
import '../shared/covers-videos.css';
import { SpendCost } from '../shared/CostLine';
import { useBudgetAsk } from '../shared/BudgetAsk';

const active = (state: string | undefined): boolean =>
  state === 'pending' || state === 'submitted' || state === 'running' || state === 'downloading';

function SingingCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const s = useVideosStore();
  const credits = useAccountStore((a) => a.keyInfo?.key_singing_credits ?? null);
  const check = s.singingCheck;
  const budget = useBudgetAsk();
  // over the Settings budget (or not known yet with one): asked first, nothing sent on No
  const make = () => void budget.spend({ kind: 'singing-video', model: null }, startSinging);
  // a field's message from the last submission, else from the check, in the app's language
  const fieldOf = (name: string): string | undefined =>
    fieldText(s.singingError, name) ?? fieldText(check, name);
  const busy = active(s.singing?.state);
  const gate = useReadiness({ counter: 'key_singing_credits' });
  const audio = useLibrarySources(isSingingSource);
  const drop = useLinksOnlyDrop();
  return (
    <section
      className="card stack"
      aria-label={t('videos:singing.title')}
      aria-busy={busy}
      {...drop.dropProps}
    >
      <div className="card-head card-head-tight">
        <h2 className="card-title">{t('videos:singing.title')}</h2>
        {credits !== null && (
          <span className="muted small">{t('videos:singing.creditsLeft', { count: credits })}</span>
        )}
      </div>
      <p className="muted small">
        {t('videos:singing.intro', {
          min: f.number(SINGING_AUDIO_MIN_S),
          max: f.number(SINGING_AUDIO_MAX_S),
          maxSize: f.number(4.7),
        })}
      </p>
      {drop.dropped && (
        <LinksOnlyDropNote
          message={t('videos:singing.dropped')}
          items={audio.items}
          none={t('videos:singing.dropNone', {
            min: f.number(SINGING_AUDIO_MIN_S),
            max: f.number(SINGING_AUDIO_MAX_S),
          })}
          onUse={(id) => {
            setVideoField('singingItemId', id);
            drop.close();
          }}
          onClose={drop.close}
        />
      )}
      <ItemPicker
        label={t('videos:singing.library.label')}
        noun={t('videos:singing.library.noun', {
          min: f.number(SINGING_AUDIO_MIN_S),
          max: f.number(SINGING_AUDIO_MAX_S),
        })}
        items={audio.items}
        detailOf={sourceDetail}
        loading={audio.loading}
        value={s.singingItemId}
        onChange={(id) => setVideoField('singingItemId', id)}
        disabled={busy}
        clearLabel={t('videos:useLink')}
        hint={s.singingItemId ? undefined : t('videos:singing.library.hint')}
      />
      {!s.singingItemId && (
        <TextField
          label={t('videos:singing.audioLink')}
          type="url"
          value={s.singingAudioUrl}
          placeholder={t('videos:singing.audioPlaceholder')}
          error={fieldOf('audioUrl')}
          onChange={(e) => setVideoField('singingAudioUrl', e.target.value)}
          disabled={busy}
        />
      )}
      {s.singingItemId && fieldOf('audioUrl') && (
        <p className="field-error">{fieldOf('audioUrl')}</p>
      )}
      <TextField
        label={t('videos:singing.photoLink')}
        type="url"
        value={s.singingImageUrl}
        placeholder={t('videos:singing.photoPlaceholder')}
        error={fieldOf('imageUrl')}
        onChange={(e) => setVideoField('singingImageUrl', e.target.value)}
        disabled={busy}
      />
      {check && Object.keys(check.fields).length === 0 && (
        <p role="status">
          {t('videos:singing.checked', {
            audio:
              check.audio.durationS !== null
                ? t('videos:singing.audioLength', {
                    format: check.audio.format.toUpperCase(),
                    seconds: f.number(check.audio.durationS, {
                      minimumFractionDigits: 1,
                      maximumFractionDigits: 1,
                    }),
                  })
                : t('videos:singing.audioNoLength', { format: check.audio.format.toUpperCase() }),
            photo:
              check.image.sizeBytes !== null
                ? t('videos:singing.photoSize', {
                    format: check.image.format.toUpperCase(),
                    size: f.number(check.image.sizeBytes / 1048576, {
                      minimumFractionDigits: 2,
                      maximumFractionDigits: 2,
                    }),
                  })
                : check.image.format.toUpperCase(),
          })}
        </p>
      )}
      {s.singingError && !s.singingError.fields && (
        <p className="field-error" role="alert">
          {errorText(s.singingError)}
        </p>
      )}
      <div className="covers-actions">
        <Button disabled={busy || s.busy !== null} onClick={() => void checkSinging()}>
          {s.busy === 'measuring' ? t('videos:singing.checking') : t('videos:singing.check')}
        </Button>
        <Button
          variant="primary"
          disabled={busy || !gate.ready}
          aria-describedby={gate.describedBy}
          onClick={make}
        >
          {t('videos:singing.make')}
        </Button>
      </div>
      <SpendCost kind="singing-video" />
      {budget.dialog}
      <ReadinessGate gate={gate} />
      {s.singing && (
        <JobResultView
          job={s.singing}
          label={t('videos:singing.result')}
          cards
          onDismiss={() => void dismissVideo('singing')}
          onRetry={make}
          retryDisabled={!gate.ready}
        />
      )}
    </section>
  );
}

function SubtitlesCard() {
  const { t } = useTranslation();
  const s = useVideosStore();
  const busy = active(s.subtitles?.state);
  // the service names no counter for subtitle videos (docs/writing.md): key and connection only
  const gate = useReadiness({ counter: null });
  const videos = useLibrarySources(isSubtitleSource);
  const drop = useLinksOnlyDrop();
  return (
    <section
      className="card stack"
      aria-label={t('videos:subtitles.title')}
      aria-busy={busy}
      {...drop.dropProps}
    >
      <div className="card-head card-head-tight">
        <h2 className="card-title">{t('videos:subtitles.title')}</h2>
      </div>
      <p className="muted small">{t('videos:subtitles.intro')}</p>
      {drop.dropped && (
        <LinksOnlyDropNote
          message={t('videos:subtitles.dropped')}
          items={videos.items}
          none={t('videos:subtitles.dropNone')}
          onUse={(id) => {
            setVideoField('subtitlesItemId', id);
            drop.close();
          }}
          onClose={drop.close}
        />
      )}
      <ItemPicker
        label={t('videos:subtitles.library.label')}
        noun={t('videos:subtitles.library.noun')}
        items={videos.items}
        detailOf={sourceDetail}
        loading={videos.loading}
        value={s.subtitlesItemId}
        onChange={(id) => setVideoField('subtitlesItemId', id)}
        disabled={busy}
        clearLabel={t('videos:useLink')}
        hint={s.subtitlesItemId ? undefined : t('videos:subtitles.library.hint')}
      />
      {!s.subtitlesItemId && (
        <TextField
          label={t('videos:subtitles.videoLink')}
          type="url"
          value={s.subtitlesUrl}
          placeholder={t('videos:subtitles.linkPlaceholder')}
          error={fieldText(s.subtitlesError, 'videoUrl')}
          onChange={(e) => setVideoField('subtitlesUrl', e.target.value)}
          disabled={busy}
        />
      )}
      {s.subtitlesItemId && s.subtitlesError?.fields?.videoUrl && (
        <p className="field-error">{fieldText(s.subtitlesError, 'videoUrl')}</p>
      )}
      {s.subtitlesError && !s.subtitlesError.fields && (
        <p className="field-error" role="alert">
          {errorText(s.subtitlesError)}
        </p>
      )}
      <div className="covers-actions">
        <Button
          variant="primary"
          disabled={busy || !gate.ready}
          aria-describedby={gate.describedBy}
          onClick={() => void startSubtitles()}
        >
          {t('videos:subtitles.make')}
        </Button>
      </div>
      <SpendCost kind="subtitle-video" />
      <ReadinessGate gate={gate} />
      {s.subtitles && (
        <JobResultView
          job={s.subtitles}
          label={t('videos:subtitles.result')}
          cards
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
  const { t } = useTranslation();
  const none = useVideosStore((s) => !s.singing && !s.subtitles);
  if (!none) return null;
  return <EmptyState title={t('videos:empty.title')}>{t('videos:empty.body')}</EmptyState>;
}

export function VideosPanel() {
  const { t } = useTranslation();
  useCoversStart();
  return (
    <div className="panel">
      <header className="panel-header">
        <h1 className="panel-title">{t('videos:title')}</h1>
        <p className="panel-lede">{t('videos:lede')}</p>
      </header>
      <div className="cards">
        <SingingCard />
        <SubtitlesCard />
        <NoVideosYet />
      </div>
    </div>
  );
}
