import { useEffect } from 'react';
import { refreshKeyInfo, useAccountStore } from '../../stores/account';
import { ensureLibraryItems } from '../../stores/library';
import { followVoiceEvents, loadCatalogue } from '../../stores/voices';
import { useTranslation } from '../../i18n';
import { CloneCard } from './CloneCard';
import { SpeakCard } from './SpeakCard';
import { TakesCard } from './TakesCard';
import { VoiceBrowser } from './VoiceBrowser';
import '../../components/components.css';
import './voices.css';

export function VoicePanel() {
  const { t } = useTranslation();
  const hasKeyInfo = useAccountStore((s) => s.keyInfo !== null);
  useEffect(() => {
    void loadCatalogue();
    // the takes are the library's speech items: the one list, kept current by its changes
    void ensureLibraryItems();
    if (!hasKeyInfo) void refreshKeyInfo();
    return followVoiceEvents();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="panel panel-wide">
      <header className="panel-header">
        <h1 className="panel-title">{t('voice:title')}</h1>
        <p className="panel-lede">{t('voice:lede')}</p>
      </header>
      <div className="studio voice-studio">
        <div className="studio-results">
          <VoiceBrowser />
        </div>
        <div className="studio-composer">
          <SpeakCard />
          <TakesCard />
          <CloneCard />
        </div>
      </div>
    </div>
  );
}
