import { useEffect, useState } from 'react';
import { ensureLibraryItems } from '../../stores/library';
import { useSongsStore } from '../../stores/songs';
import { CreateForm } from './CreateForm';
import { ExtendCard } from './ExtendCard';
import { HistoryCard } from './HistoryCard';
import { SongJobs } from './SongJobs';
import { TrashToast } from '../shared/TrashToast';
import { BatchDialog } from './BatchDialog';
import { BatchList } from './BatchList';
import { Button } from '../../components';
import './songs.css';
import { useTranslation } from '../../i18n';

/**
 * The studio: the composer (Create, or Extend while extending) beside the results (two columns
 * from about 1100 px, stacked below), the service's history under the results.
 */
export function SongsPanel() {
  const { t } = useTranslation();
  // takes, A/B and Extend read the library's songs: the one list, kept current by its changes
  useEffect(() => void ensureLibraryItems(), []);
  const extending = useSongsStore((s) => s.extendItemId !== null);
  const [batching, setBatching] = useState(false);
  return (
    <div className="panel panel-wide">
      <header className="panel-header">
        <h1 className="panel-title">{t('songs:title')}</h1>
        <p className="panel-lede">{t('songs:lede')}</p>
        <Button className="songs-batch-open" onClick={() => setBatching(true)}>
          {t('batch:open')}
        </Button>
      </header>
      {batching && <BatchDialog onClose={() => setBatching(false)} />}
      <div className="studio">
        <div className="studio-composer">
          <ExtendCard />
          {/* kept mounted while extending, so what was typed is still there on the way back */}
          <CreateForm hidden={extending} />
        </div>
        <div className="studio-results">
          <BatchList />
          <SongJobs />
          <HistoryCard />
        </div>
      </div>
      {/* a take's Delete: the same trash and Undo as the Library's */}
      <TrashToast />
    </div>
  );
}
