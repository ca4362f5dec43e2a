import { useEffect, useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import { loadLevelling, saveLevelling, useLevellingStore } from '../../playback/levelling';

/** Targets a creator would recognise; the setting accepts any value from −30 to −5 LUFS. */
const TARGETS: readonly { lufs: number; label: string }[] = [
  { lufs: -9, label: 'Loud (−9 LUFS)' },
  { lufs: -14, label: 'Streaming services (−14 LUFS)' },
  { lufs: -16, label: 'Podcasts and phones (−16 LUFS)' },
  { lufs: -18, label: 'Quiet (−18 LUFS)' },
  { lufs: -23, label: 'Broadcast, EBU R128 (−23 LUFS)' },
];

/**
 * Playback: loudness levelling (like ReplayGain), on by default, and its target. Saved by main;
 * the player follows at once (playback/levelling.ts says how the level is applied).
 */
export function PlaybackSection() {
  const { levelling, loaded } = useLevellingStore();
  const [problem, setProblem] = useState<AppErrorShape | null>(null);
  useEffect(() => {
    void loadLevelling();
  }, []);
  const save = (patch: Parameters<typeof saveLevelling>[0]): void => {
    void saveLevelling(patch).then(setProblem);
  };
  const targets = TARGETS.some((t) => t.lufs === levelling.targetLufs)
    ? TARGETS
    : [...TARGETS, { lufs: levelling.targetLufs, label: `${levelling.targetLufs} LUFS` }];
  return (
    <section className="card" aria-label="Playback">
      <h2 className="card-title">Playback</h2>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={levelling.enabled}
            disabled={!loaded}
            aria-describedby="level-loudness-hint"
            onChange={(e) => save({ enabled: e.target.checked })}
          />{' '}
          Level loudness
        </label>
      </div>
      <div className="field">
        <label htmlFor="loudness-target" className="field-label">
          Target loudness
        </label>
        <select
          id="loudness-target"
          className="input select"
          value={levelling.targetLufs}
          disabled={!loaded || !levelling.enabled}
          onChange={(e) => save({ targetLufs: Number(e.target.value) })}
        >
          {targets.map((t) => (
            <option key={t.lufs} value={t.lufs}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <p className="field-hint" id="level-loudness-hint">
        Library songs play at about the same loudness: songs louder than the target are turned down,
        quieter ones play as they are. Each song is measured once, in the background.
      </p>
      {problem && (
        <p className="settings-error" role="alert">
          {problem.message}
        </p>
      )}
    </section>
  );
}
