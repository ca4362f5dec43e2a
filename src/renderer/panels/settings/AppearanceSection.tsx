import type { ThemeChoice } from '@shared/ipc/preferences';
import { Card, SegmentedControl } from '../../components';
import { chooseTheme, usePreferencesStore } from '../../stores/preferences';
import { errorText, useTranslation } from '../../i18n';

const CHOICES = [
  { value: 'system', label: 'settings:appearance.system' },
  { value: 'light', label: 'settings:appearance.light' },
  { value: 'dark', label: 'settings:appearance.dark' },
] as const satisfies readonly { value: ThemeChoice; label: string }[];

/** The theme: follow the OS light/dark setting, or always light or dark (saved by main). */
export function AppearanceSection() {
  const { t } = useTranslation();
  const theme = usePreferencesStore((s) => s.preferences?.theme ?? 'system');
  const error = usePreferencesStore((s) => s.error);
  return (
    <Card title={t('settings:appearance.title')} aria-label={t('settings:appearance.title')}>
      <SegmentedControl
        label={t('settings:appearance.theme')}
        showLabel
        segments={CHOICES.map((c) => ({ value: c.value, label: t(c.label) }))}
        value={theme}
        onChange={(value) => void chooseTheme(value)}
      />
      <p className="field-hint">{t('settings:appearance.themeHint')}</p>
      {error && (
        <p className="settings-error" role="alert">
          {errorText(error)}
        </p>
      )}
    </Card>
  );
}
