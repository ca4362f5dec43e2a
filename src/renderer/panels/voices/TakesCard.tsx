import { EmptyState } from '../../components';
import { libraryEntry } from '../../playback/entries';
import { PlayButton } from '../../player/PlayButton';
import { useVoicesStore } from '../../stores/voices';
import { formatSeconds, formatWhen } from './format';

/** Every earlier take (text-to-speech items of the library), newest first, playable offline. */
export function TakesCard() {
  const takes = useVoicesStore((s) => s.takes);
  return (
    <section className="card" aria-label="Takes">
      <div className="card-head">
        <h2 className="card-title">Takes</h2>
      </div>
      {takes.length === 0 ? (
        <EmptyState title="No takes yet">
          Choose a voice, type what it should say and press Speak. Every take is kept here and in
          your library.
        </EmptyState>
      ) : (
        <ul className="voice-takes">
          {takes.map((t) => (
            <li key={t.itemId} aria-label={`Take: ${t.title}`}>
              <div className="voice-meta">
                {[
                  t.voice,
                  t.emotion,
                  t.durationMs !== null ? formatSeconds(t.durationMs) : null,
                  formatWhen(t.createdAt),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
              <p className="voice-take-text">{t.text}</p>
              <PlayButton
                playKey={t.itemId}
                name={`take: ${t.title}`}
                make={() => libraryEntry({ ...t, origin: 'Voice take' })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
