import { Fragment, useEffect, useMemo, useState } from 'react';
import { Star } from 'lucide-react';
import { EmptyState } from '../../components';
import {
  filterVoices,
  voiceFacets,
  voiceGender,
  voiceStyles,
  type VoiceView,
} from '@shared/ipc/voices';
import {
  deleteClone,
  loadCatalogue,
  loadMedia,
  selectVoice,
  setQuery,
  toggleFavourite,
  useVoicesStore,
} from '../../stores/voices';
import { PlayButton } from '../../player/PlayButton';
import type { PlayEntry } from '../../stores/player';
import { errorText, saidText, t as translate, useFormat, useTranslation } from '../../i18n';
import { when } from './format';

/** The genders a voice's class names can say, in the app's language. */
const GENDER_LABELS: Record<string, string> = {
  Female: 'voice:browser.genders.female',
  Male: 'voice:browser.genders.male',
  Neutral: 'voice:browser.genders.neutral',
};
const genderLabel = (t: typeof translate, gender: string): string => {
  const key = GENDER_LABELS[gender];
  return key ? t(key) : gender;
};

const SHOWN_MAX = 80;

function Avatar({ voice }: { voice: VoiceView }) {
  const url = useVoicesStore((s) => s.media[`${voice.speaker}:avatar`]);
  useEffect(() => {
    if (voice.hasAvatar && !url) void loadMedia(voice.speaker, 'avatar');
  }, [voice.hasAvatar, voice.speaker, url]);
  return url ? (
    <img className="voice-avatar" src={url} alt="" />
  ) : (
    <span className="voice-avatar" aria-hidden />
  );
}

/** A voice's sample for the player (fetched into main's cache first); null when it failed. */
async function sampleEntry(voice: VoiceView): Promise<PlayEntry | null> {
  const url = await loadMedia(voice.speaker, 'sample');
  if (!url) return null;
  return {
    key: `sample:${voice.speaker}`,
    itemId: null,
    url,
    title: voice.name,
    video: false,
    format: null,
    durationMs: null,
    coverUrl: useVoicesStore.getState().media[`${voice.speaker}:avatar`] ?? null,
    origin: translate('voice:browser.row.sampleOrigin'),
  };
}

function VoiceRow({ voice }: { voice: VoiceView }) {
  const { t } = useTranslation();
  const selected = useVoicesStore((s) => s.selected === voice.speaker);
  const favourite = useVoicesStore((s) => s.prefs.favourites.includes(voice.speaker));
  const deleting = useVoicesStore((s) => s.deleting === voice.speaker);
  const [confirming, setConfirming] = useState(false);
  // the clone that just finished says so here, next to itself
  const cloneNotice = useVoicesStore((s) =>
    voice.cloned && s.justCloned === voice.name ? s.cloneNotice : null,
  );
  // the service's words for a voice (its language, styles, a clone's description) stay as they came
  const gender = voiceGender(voice);
  const details = voice.cloned ? (
    voice.description ? (
      <span translate="no">{voice.description}</span>
    ) : (
      t('voice:browser.row.cloned')
    )
  ) : (
    [
      voice.language && <span translate="no">{voice.language}</span>,
      gender && genderLabel(t, gender),
      voiceStyles(voice).length > 0 && <span translate="no">{voiceStyles(voice).join(', ')}</span>,
    ]
      .filter(Boolean)
      .map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ' · '}
          {part}
        </Fragment>
      ))
  );
  return (
    <li className={selected ? 'voice-row voice-row-selected' : 'voice-row'}>
      {!voice.cloned && <Avatar voice={voice} />}
      <div className="voice-main">
        <span className="voice-name" translate="no">
          {voice.name}
        </span>
        {voice.isVip && <span className="voice-badge">{t('voice:browser.row.badgeVip')}</span>}
        {voice.isFree && !voice.cloned && (
          <span className="voice-badge">{t('voice:browser.row.badgeFree')}</span>
        )}
        {voice.isNew && <span className="voice-badge">{t('voice:browser.row.badgeNew')}</span>}
        {voice.trending && (
          <span className="voice-badge">{t('voice:browser.row.badgeTrending')}</span>
        )}
        <div className="voice-meta">{details}</div>
      </div>
      <button
        type="button"
        className="button button-small"
        aria-pressed={selected}
        onClick={() => selectVoice(voice.speaker)}
        aria-label={t('voice:browser.row.useAria', { name: voice.name })}
      >
        {selected ? t('voice:browser.row.selected') : t('voice:browser.row.use')}
      </button>
      {voice.hasSample && (
        <PlayButton
          playKey={`sample:${voice.speaker}`}
          name={t('voice:browser.row.sampleOf', { name: voice.name })}
          text={t('voice:browser.row.sample')}
          make={() => sampleEntry(voice)}
        />
      )}
      <button
        type="button"
        className="button button-small"
        aria-pressed={favourite}
        aria-label={t('voice:browser.row.favouriteAria', { name: voice.name })}
        onClick={() => void toggleFavourite(voice.speaker)}
      >
        <Star size={16} fill={favourite ? 'currentColor' : 'none'} aria-hidden focusable={false} />
      </button>
      {voice.cloned &&
        (confirming ? (
          <>
            <button
              type="button"
              className="button button-small button-danger"
              disabled={deleting}
              onClick={() => void deleteClone(voice.speaker).then(() => setConfirming(false))}
            >
              {t('voice:browser.row.confirmDelete')}
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => setConfirming(false)}
            >
              {t('voice:browser.row.keep')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button-small button-danger-quiet"
            aria-label={t('voice:browser.row.deleteAria', { name: voice.name })}
            onClick={() => setConfirming(true)}
          >
            {t('voice:browser.row.delete')}
          </button>
        ))}
      {cloneNotice && (
        <p className="voice-row-notice" role="status">
          {saidText(cloneNotice)}
        </p>
      )}
    </li>
  );
}

function Group({ title, voices }: { title: string; voices: readonly VoiceView[] }) {
  if (voices.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="voice-group-title">{title}</h3>
      <ul className="voice-list">
        {voices.map((v) => (
          <VoiceRow key={v.speaker} voice={v} />
        ))}
      </ul>
    </section>
  );
}

/** Search and filters over the service's voices; clones, favourites and recents in their own groups. */
export function VoiceBrowser() {
  const { t } = useTranslation();
  const f = useFormat();
  const catalogue = useVoicesStore((s) => s.catalogue);
  const loading = useVoicesStore((s) => s.loading);
  const loadError = useVoicesStore((s) => s.loadError);
  const query = useVoicesStore((s) => s.query);
  const prefs = useVoicesStore((s) => s.prefs);
  const previewError = useVoicesStore((s) => s.previewError);

  const voices = useMemo(() => catalogue?.voices ?? [], [catalogue]);
  const facets = useMemo(() => voiceFacets(voices), [voices]);
  const shown = useMemo(
    () => filterVoices(voices, query, prefs.favourites),
    [voices, query, prefs.favourites],
  );
  const clones = useMemo(
    () => filterVoices(catalogue?.clones ?? [], { ...(query.text ? { text: query.text } : {}) }),
    [catalogue, query.text],
  );
  const all = useMemo(() => [...(catalogue?.clones ?? []), ...voices], [catalogue, voices]);
  // the selected voice is shown once: highlighted where it is listed, not again among the recents
  const selected = useVoicesStore((s) => s.selected);
  const recents = prefs.recents
    .filter((sp) => sp !== selected)
    .flatMap((sp) => all.filter((v) => v.speaker === sp))
    .slice(0, 6);

  return (
    <section className="card" aria-label={t('voice:browser.title')} aria-busy={loading}>
      <div className="card-head">
        <h2 className="card-title">{t('voice:browser.title')}</h2>
        <div className="card-head-actions">
          {catalogue?.fetchedAt && (
            <span className="muted small">
              {t('voice:browser.updated', { when: when(f, catalogue.fetchedAt) })}
            </span>
          )}
          <button
            type="button"
            className="button button-small"
            disabled={loading}
            onClick={() => void loadCatalogue(true)}
          >
            {t('voice:browser.refresh')}
          </button>
        </div>
      </div>
      {catalogue?.error && (
        <p className="inline-alert" role="status">
          {catalogue.fetchedAt
            ? t('voice:browser.stale', {
                reason: errorText(catalogue.error),
                when: when(f, catalogue.fetchedAt),
              })
            : t('voice:browser.staleEarlier', { reason: errorText(catalogue.error) })}
        </p>
      )}
      {loadError && !catalogue && (
        <p className="field-error" role="alert">
          {errorText(loadError)}
        </p>
      )}

      <div className="voice-filters">
        <label className="field">
          <span className="field-label">{t('voice:browser.filters.search')}</span>
          <input
            className="input"
            type="search"
            value={query.text ?? ''}
            onChange={(e) => setQuery({ text: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field-label">{t('voice:browser.filters.language')}</span>
          <select
            className="input select"
            value={query.language ?? ''}
            onChange={(e) => setQuery({ language: e.target.value || undefined })}
          >
            <option value="">{t('voice:browser.filters.allLanguages')}</option>
            {facets.languages.map((l) => (
              <option key={l} value={l} translate="no">
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('voice:browser.filters.gender')}</span>
          <select
            className="input select"
            value={query.gender ?? ''}
            onChange={(e) => setQuery({ gender: e.target.value || undefined })}
          >
            <option value="">{t('voice:browser.filters.anyGender')}</option>
            {facets.genders.map((g) => (
              <option key={g} value={g}>
                {genderLabel(t, g)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('voice:browser.filters.style')}</span>
          <select
            className="input select"
            value={query.style ?? ''}
            onChange={(e) => setQuery({ style: e.target.value || undefined })}
          >
            <option value="">{t('voice:browser.filters.anyStyle')}</option>
            {facets.styles.map((s) => (
              <option key={s} value={s} translate="no">
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('voice:browser.filters.plan')}</span>
          <select
            className="input select"
            value={query.plan ?? ''}
            onChange={(e) =>
              setQuery({ plan: (e.target.value || undefined) as 'free' | 'vip' | undefined })
            }
          >
            <option value="">{t('voice:browser.filters.freeAndVip')}</option>
            <option value="free">{t('voice:browser.filters.free')}</option>
            <option value="vip">{t('voice:browser.filters.vip')}</option>
          </select>
        </label>
        <div className="voice-checks">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={query.newOnly ?? false}
              onChange={(e) => setQuery({ newOnly: e.target.checked })}
            />
            {t('voice:browser.filters.newOnly')}
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={query.trendingOnly ?? false}
              onChange={(e) => setQuery({ trendingOnly: e.target.checked })}
            />
            {t('voice:browser.filters.trendingOnly')}
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={query.favouritesOnly ?? false}
              onChange={(e) => setQuery({ favouritesOnly: e.target.checked })}
            />
            {t('voice:browser.filters.favouritesOnly')}
          </label>
        </div>
      </div>

      {previewError && (
        <p className="field-error" role="alert">
          {errorText(previewError)}
        </p>
      )}

      <Group title={t('voice:browser.groups.clones')} voices={clones} />
      {!query.favouritesOnly && <Group title={t('voice:browser.groups.recent')} voices={recents} />}
      <section aria-label={t('voice:browser.groups.all')}>
        <h3 className="voice-group-title">
          {shown.length === voices.length
            ? t('voice:browser.groups.allCount', { total: f.number(voices.length) })
            : t('voice:browser.groups.someCount', {
                shown: f.number(shown.length),
                count: voices.length,
              })}
        </h3>
        {catalogue && shown.length === 0 ? (
          <EmptyState title={t('voice:browser.empty.title')}>
            {t('voice:browser.empty.body')}
          </EmptyState>
        ) : (
          <ul className="voice-list">
            {shown.slice(0, SHOWN_MAX).map((v) => (
              <VoiceRow key={v.speaker} voice={v} />
            ))}
          </ul>
        )}
        {shown.length > SHOWN_MAX && (
          <p className="muted small">{t('voice:browser.shownMax', { max: f.number(SHOWN_MAX) })}</p>
        )}
      </section>
    </section>
  );
}
