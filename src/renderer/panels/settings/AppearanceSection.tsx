import type { ThemeChoice } from '@shared/ipc/preferences';
import { chooseTheme, usePreferencesStore } from '../../stores/preferences';

const CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The theme: follow the OS light/dark setting, or always light or dark (saved by main). */
export function AppearanceSection() {
  const theme = usePreferencesStore((s) => s.preferences?.theme ?? null);
  const error = usePreferencesStore((s) => s.error);
  return (
    <section className="card" aria-label="Appearance">
      <h2 className="card-title">Appearance</h2>
      <fieldset className="settings-segmented" disabled={theme === null}>
        <legend className="field-label">Theme</legend>
        <div className="settings-segmented-options">
          {CHOICES.map((c) => (
            <label key={c.value} className="settings-segmented-option">
              <input
                type="radio"
                name="theme"
                value={c.value}
                checked={theme === c.value}
                onChange={() => void chooseTheme(c.value)}
              />
              <span>{c.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="field-hint">System follows your computer’s light or dark setting.</p>
      {error && (
        <p className="settings-error" role="alert">
          {error.message}
        </p>
      )}
    </section>
  );
}
