import { useEffect, useMemo, useState } from 'react';
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
import { formatWhen } from './format';

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
    origin: 'Voice sample',
  };
}

function VoiceRow({ voice }: { voice: VoiceView }) {
  const selected = useVoicesStore((s) => s.selected === voice.speaker);
  const favourite = useVoicesStore((s) => s.prefs.favourites.includes(voice.speaker));
  const deleting = useVoicesStore((s) => s.deleting === voice.speaker);
  const [confirming, setConfirming] = useState(false);
  // the clone that just finished says so here, next to itself
  const cloneNotice = useVoicesStore((s) =>
    voice.cloned && s.justCloned === voice.name ? s.cloneNotice : null,
  );
  const details = voice.cloned
    ? voice.description || 'Your cloned voice'
    : [voice.language, voiceGender(voice), voiceStyles(voice).join(', ')]
        .filter(Boolean)
        .join(' · ');
  return (
    <li className={selected ? 'voice-row voice-row-selected' : 'voice-row'}>
      {!voice.cloned && <Avatar voice={voice} />}
      <div className="voice-main">
        <span className="voice-name">{voice.name}</span>
        {voice.isVip && <span className="voice-badge">VIP</span>}
        {voice.isFree && !voice.cloned && <span className="voice-badge">Free</span>}
        {voice.isNew && <span className="voice-badge">New</span>}
        {voice.trending && <span className="voice-badge">Trending</span>}
        <div className="voice-meta">{details}</div>
      </div>
      <button
        type="button"
        className="button button-small"
        aria-pressed={selected}
        onClick={() => selectVoice(voice.speaker)}
        aria-label={`Use ${voice.name}`}
      >
        {selected ? 'Selected' : 'Use'}
      </button>
      {voice.hasSample && (
        <PlayButton
          playKey={`sample:${voice.speaker}`}
          name={`sample of ${voice.name}`}
          text="Sample"
          make={() => sampleEntry(voice)}
        />
      )}
      <button
        type="button"
        className="button button-small"
        aria-pressed={favourite}
        aria-label={`Favourite ${voice.name}`}
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
              Confirm delete
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => setConfirming(false)}
            >
              Keep
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button-small button-danger-quiet"
            aria-label={`Delete ${voice.name}`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        ))}
      {cloneNotice && (
        <p className="voice-row-notice" role="status">
          {cloneNotice}
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
    <section className="card" aria-label="Voices" aria-busy={loading}>
      <div className="card-head">
        <h2 className="card-title">Voices</h2>
        <div className="card-head-actions">
          {catalogue?.fetchedAt && (
            <span className="muted small">Updated {formatWhen(catalogue.fetchedAt)}</span>
          )}
          <button
            type="button"
            className="button button-small"
            disabled={loading}
            onClick={() => void loadCatalogue(true)}
          >
            Refresh voices
          </button>
        </div>
      </div>
      {catalogue?.error && (
        <p className="inline-alert" role="status">
          Could not reach the service ({catalogue.error.message}). Showing the voices kept from{' '}
          {catalogue.fetchedAt ? formatWhen(catalogue.fetchedAt) : 'earlier'}.
        </p>
      )}
      {loadError && !catalogue && (
        <p className="field-error" role="alert">
          {loadError.message}
        </p>
      )}

      <div className="voice-filters">
        <label className="field">
          <span className="field-label">Search voices</span>
          <input
            className="input"
            type="search"
            value={query.text ?? ''}
            onChange={(e) => setQuery({ text: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field-label">Language</span>
          <select
            className="input select"
            value={query.language ?? ''}
            onChange={(e) => setQuery({ language: e.target.value || undefined })}
          >
            <option value="">All languages</option>
            {facets.languages.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Gender</span>
          <select
            className="input select"
            value={query.gender ?? ''}
            onChange={(e) => setQuery({ gender: e.target.value || undefined })}
          >
            <option value="">Any gender</option>
            {facets.genders.map((g) => (
              <option key={g}>{g}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Style</span>
          <select
            className="input select"
            value={query.style ?? ''}
            onChange={(e) => setQuery({ style: e.target.value || undefined })}
          >
            <option value="">Any style</option>
            {facets.styles.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Plan</span>
          <select
            className="input select"
            value={query.plan ?? ''}
            onChange={(e) =>
              setQuery({ plan: (e.target.value || undefined) as 'free' | 'vip' | undefined })
            }
          >
            <option value="">Free and VIP</option>
            <option value="free">Free</option>
            <option value="vip">VIP</option>
          </select>
        </label>
        <div className="voice-checks">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={query.newOnly ?? false}
              onChange={(e) => setQuery({ newOnly: e.target.checked })}
            />
            New
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={query.trendingOnly ?? false}
              onChange={(e) => setQuery({ trendingOnly: e.target.checked })}
            />
            Trending
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={query.favouritesOnly ?? false}
              onChange={(e) => setQuery({ favouritesOnly: e.target.checked })}
            />
            Favourites only
          </label>
        </div>
      </div>

      {previewError && (
        <p className="field-error" role="alert">
          {previewError.message}
        </p>
      )}

      <Group title="Your cloned voices" voices={clones} />
      {!query.favouritesOnly && <Group title="Recently used" voices={recents} />}
      <section aria-label="All voices">
        <h3 className="voice-group-title">
          {shown.length === voices.length
            ? `All voices (${voices.length})`
            : `${shown.length} of ${voices.length} voices`}
        </h3>
        {catalogue && shown.length === 0 ? (
          <EmptyState title="No voices match these filters">
            Clear the search or choose another language, gender or style.
          </EmptyState>
        ) : (
          <ul className="voice-list">
            {shown.slice(0, SHOWN_MAX).map((v) => (
              <VoiceRow key={v.speaker} voice={v} />
            ))}
          </ul>
        )}
        {shown.length > SHOWN_MAX && (
          <p className="muted small">
            Showing the first {SHOWN_MAX}; search or filter to find others.
          </p>
        )}
      </section>
    </section>
  );
}
