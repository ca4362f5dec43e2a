import type { ThemeChoice } from '@shared/ipc/preferences';
import { Card, SegmentedControl } from '../../components';
import { chooseTheme, usePreferencesStore } from '../../stores/preferences';

const CHOICES = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const satisfies readonly { value: ThemeChoice; label: string }[];

/** The theme: follow the OS light/dark setting, or always light or dark (saved by main). */
export function AppearanceSection() {
  const theme = usePreferencesStore((s) => s.preferences?.theme ?? 'system');
  const error = usePreferencesStore((s) => s.error);
  return (
    <Card title="Appearance" aria-label="Appearance">
      <SegmentedControl
        label="Theme"
        showLabel
        segments={CHOICES}
        value={theme}
        onChange={(value) => void chooseTheme(value)}
      />
      <p className="field-hint">System follows your computer’s light or dark setting.</p>
      {error && (
        <p className="settings-error" role="alert">
          {error.message}
        </p>
      )}
    </Card>
  );
}
