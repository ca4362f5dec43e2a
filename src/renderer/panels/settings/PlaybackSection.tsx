import { useEffect, useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import { errorText, useFormat, useTranslation } from '../../i18n';
import { loadLevelling, saveLevelling, useLevellingStore } from '../../playback/levelling';

/** Targets a creator would recognise (keys); the setting accepts any value from −30 to −5 LUFS. */
const TARGETS: readonly { lufs: number; label: string }[] = [
  { lufs: -9, label: 'settings:playback.targets.loud' },
  { lufs: -14, label: 'settings:playback.targets.streaming' },
  { lufs: -16, label: 'settings:playback.targets.podcasts' },
  { lufs: -18, label: 'settings:playback.targets.quiet' },
  { lufs: -23, label: 'settings:playback.targets.broadcast' },
];

/**
 * Playback: loudness levelling (like ReplayGain), on by default, and its target. Saved by main;
 * the player follows at once (playback/levelling.ts says how the level is applied).
 */
export function PlaybackSection() {
  const { t } = useTranslation();
  const f = useFormat();
  const { levelling, loaded } = useLevellingStore();
  const [problem, setProblem] = useState<AppErrorShape | null>(null);
  useEffect(() => {
    void loadLevelling();
  }, []);
  const save = (patch: Parameters<typeof saveLevelling>[0]): void => {
    void saveLevelling(patch).then(setProblem);
  };
  const targets = TARGETS.some((x) => x.lufs === levelling.targetLufs)
    ? TARGETS.map((x) => ({ lufs: x.lufs, label: t(x.label) }))
    : [
        ...TARGETS.map((x) => ({ lufs: x.lufs, label: t(x.label) })),
        {
          lufs: levelling.targetLufs,
          label: t('settings:playback.targets.custom', { lufs: f.number(levelling.targetLufs) }),
        },
      ];
  return (
    <section className="card" aria-label={t('settings:playback.title')}>
      <h2 className="card-title">{t('settings:playback.title')}</h2>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={levelling.enabled}
            disabled={!loaded}
            aria-describedby="level-loudness-hint"
            onChange={(e) => save({ enabled: e.target.checked })}
          />{' '}
          {t('settings:playback.level')}
        </label>
      </div>
      <div className="field">
        <label htmlFor="loudness-target" className="field-label">
          {t('settings:playback.target')}
        </label>
        <select
          id="loudness-target"
          className="input select"
          value={levelling.targetLufs}
          disabled={!loaded || !levelling.enabled}
          onChange={(e) => save({ targetLufs: Number(e.target.value) })}
        >
          {targets.map((x) => (
            <option key={x.lufs} value={x.lufs}>
              {x.label}
            </option>
          ))}
        </select>
      </div>
      <p className="field-hint" id="level-loudness-hint">
        {t('settings:playback.hint')}
      </p>
      {problem && (
        <p className="settings-error" role="alert">
          {errorText(problem)}
        </p>
      )}
    </section>
  );
}
