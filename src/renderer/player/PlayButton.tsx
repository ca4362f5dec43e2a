import { Pause, Play } from 'lucide-react';
import {
  selectCurrent,
  selectIsPlayingKey,
  toggleEntry,
  usePlayerStore,
  type PlayEntry,
} from '../stores/player';
import { formatClock, formatLength } from '../lib/format';
import { useTranslation } from '../i18n';

interface PlayButtonProps {
  /** The entry's key (see PlayEntry.key): the button shows Pause while that key plays. */
  playKey: string;
  /** What is played, for the accessible name: "Play <name>" / "Pause <name>". */
  name: string;
  /** Builds the entry when it is not the current one (may fetch its URL first). */
  make(): PlayEntry | null | Promise<PlayEntry | null>;
  /** The visible word when not playing ("Play", "Sample"). */
  text?: string;
  primary?: boolean;
}

/**
 * A panel's play/pause for one thing, through the one player (the bar shows it, and starting it
 * stops whatever played). While it is the current entry, its position and length are shown.
 */
export function PlayButton({ playKey, name, make, text, primary }: PlayButtonProps) {
  const { t } = useTranslation();
  const playing = usePlayerStore(selectIsPlayingKey(playKey));
  const current = usePlayerStore((s) => selectCurrent(s)?.key === playKey);
  const positionS = usePlayerStore((s) => (current ? s.positionS : 0));
  const durationS = usePlayerStore((s) => (current ? s.durationS : 0));
  return (
    <span className="play-control">
      <button
        type="button"
        className={primary ? 'button button-small button-primary' : 'button button-small'}
        aria-label={
          playing ? t('player:button.pauseAria', { name }) : t('player:button.playAria', { name })
        }
        data-playing={playing ? 'true' : undefined}
        onClick={() => void toggleEntry(playKey, make)}
      >
        {playing ? (
          <Pause size={14} aria-hidden focusable={false} />
        ) : (
          <Play size={14} aria-hidden focusable={false} />
        )}
        <span>{playing ? t('player:button.pause') : (text ?? t('player:button.play'))}</span>
      </button>
      {current && (
        <span className="play-control-time small muted" aria-hidden>
          {formatClock(positionS)} / {formatLength(durationS)}
        </span>
      )}
    </span>
  );
}
