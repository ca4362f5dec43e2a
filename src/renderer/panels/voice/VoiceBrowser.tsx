import { useEffect, useMemo, useState } from 'react';
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

function VoiceRow({ voice, onPlay }: { voice: VoiceView; onPlay(v: VoiceView): void }) {
  const selected = useVoicesStore((s) => s.selected === voice.speaker);
  const favourite = useVoicesStore((s) => s.prefs.favourites.includes(voice.speaker));
  const deleting = useVoicesStore((s) => s.deleting === voice.speaker);
  const [confirming, setConfirming] = useState(false);
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
        <button
          type="button"
          className="button button-small"
          onClick={() => onPlay(voice)}
          aria-label={`Play sample of ${voice.name}`}
        >
          Sample
        </button>
      )}
      <button
        type="button"
        className="button button-small"
        aria-pressed={favourite}
        aria-label={`Favourite ${voice.name}`}
        onClick={() => void toggleFavourite(voice.speaker)}
      >
        {favourite ? '★' : '☆'}
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
    </li>
  );
}

function Group({
  title,
  voices,
  onPlay,
}: {
  title: string;
  voices: readonly VoiceView[];
  onPlay(v: VoiceView): void;
}) {
  if (voices.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="voice-group-title">{title}</h3>
      <ul className="voice-list">
        {voices.map((v) => (
          <VoiceRow key={v.speaker} voice={v} onPlay={onPlay} />
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
  const [playing, setPlaying] = useState<{ name: string; url: string } | null>(null);

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
  const recents = prefs.recents.flatMap((sp) => all.filter((v) => v.speaker === sp)).slice(0, 6);

  const play = async (v: VoiceView) => {
    const url = await loadMedia(v.speaker, 'sample');
    if (url) setPlaying({ name: v.name, url });
  };

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
            className="input"
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
            className="input"
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
            className="input"
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
            className="input"
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
          <label>
            <input
              type="checkbox"
              checked={query.newOnly ?? false}
              onChange={(e) => setQuery({ newOnly: e.target.checked })}
            />{' '}
            New
          </label>
          <label>
            <input
              type="checkbox"
              checked={query.trendingOnly ?? false}
              onChange={(e) => setQuery({ trendingOnly: e.target.checked })}
            />{' '}
            Trending
          </label>
          <label>
            <input
              type="checkbox"
              checked={query.favouritesOnly ?? false}
              onChange={(e) => setQuery({ favouritesOnly: e.target.checked })}
            />{' '}
            Favourites only
          </label>
        </div>
      </div>

      {playing && (
        <div className="voice-sample">
          <audio controls autoPlay src={playing.url} aria-label={`Sample of ${playing.name}`} />
        </div>
      )}
      {previewError && (
        <p className="field-error" role="alert">
          {previewError.message}
        </p>
      )}

      <Group title="Your cloned voices" voices={clones} onPlay={(v) => void play(v)} />
      {!query.favouritesOnly && (
        <Group title="Recently used" voices={recents} onPlay={(v) => void play(v)} />
      )}
      <section aria-label="All voices">
        <h3 className="voice-group-title">
          {shown.length === voices.length
            ? `All voices (${voices.length})`
            : `${shown.length} of ${voices.length} voices`}
        </h3>
        {catalogue && shown.length === 0 ? (
          <p className="muted">No voices match these filters.</p>
        ) : (
          <ul className="voice-list">
            {shown.slice(0, SHOWN_MAX).map((v) => (
              <VoiceRow key={v.speaker} voice={v} onPlay={(x) => void play(x)} />
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
