import { useLibraryStore } from '../../stores/library';
import { settingsSections } from './sections';
import './settings.css';
import { saidText, useTranslation } from '../../i18n';

/** How Cadenza looks, where the library lives, and how the app updates (the key is in Account). */
export function SettingsPanel() {
  const { t } = useTranslation();
  const notice = useLibraryStore((s) => s.notice);
  return (
    <div className="panel">
      <header className="panel-header">
        <h1 className="panel-title">{t('settings:title')}</h1>
        <p className="panel-lede">{t('settings:lede')}</p>
      </header>

      <p role="status" className="panel-status">
        {notice && saidText(notice)}
      </p>

      <div className="cards settings-sections">
        {settingsSections.map((section) => (
          <section.Component key={section.id} />
        ))}
      </div>
    </div>
  );
}
