import {
  LANGUAGE_CHOICES,
  LANGUAGES,
  NATIVE_NAMES,
  PSEUDO_LANGUAGES,
  type LanguageChoice,
} from '@shared/i18n/languages';
import { Card, Select } from '../../components';
import { errorText, useTranslation } from '../../i18n';
import { chooseLanguage, usePreferencesStore } from '../../stores/preferences';

const isChoice = (v: string): v is LanguageChoice =>
  (LANGUAGE_CHOICES as readonly string[]).includes(v);

/**
 * The app's language: the OS's (best fit) or one of the eight, each named in itself; it switches
 * at once and is saved by main (menus and dialogs follow). The pseudo-locales for layout and
 * translation testing are offered in development builds (or while one is chosen).
 */
export function LanguageSection() {
  const { t } = useTranslation();
  const prefs = usePreferencesStore((s) => s.preferences);
  const error = usePreferencesStore((s) => s.error);
  const choice = prefs?.language ?? 'system';
  const pseudo = import.meta.env.DEV || (PSEUDO_LANGUAGES as readonly string[]).includes(choice);
  return (
    <Card title={t('settings:language.label')} aria-label={t('settings:language.label')}>
      <Select
        label={t('settings:language.label')}
        hideLabel
        value={choice}
        hint={t('settings:language.hint')}
        onChange={(e) => {
          if (isChoice(e.target.value)) void chooseLanguage(e.target.value);
        }}
      >
        <option value="system">
          {t('settings:language.system', {
            language: NATIVE_NAMES[prefs?.systemLanguage ?? 'en'],
          })}
        </option>
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {NATIVE_NAMES[lang]}
          </option>
        ))}
        {pseudo && (
          <>
            <option value="en-XA">{t('settings:language.pseudo')}</option>
            <option value="ar-XB">{t('settings:language.pseudoRtl')}</option>
          </>
        )}
      </Select>
      {error && (
        <p className="settings-error" role="alert">
          {errorText(error)}
        </p>
      )}
    </Card>
  );
}
