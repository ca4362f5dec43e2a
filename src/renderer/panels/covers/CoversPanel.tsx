import { loadSingers } from '../../stores/covers';
import { CoverCard } from './CoverCard';
import { TrainCard } from './TrainCard';
import { useCoversStart } from '../shared/useCoversStart';
import '../shared/covers-videos.css';
import './covers.css';
import { useTranslation } from '../../i18n';

export function CoversPanel() {
  const { t } = useTranslation();
  useCoversStart();
  return (
    <div className="panel">
      <header className="panel-header">
        <h1 className="panel-title">{t('covers:title')}</h1>
        <p className="panel-lede">
          {t('covers:lede')}{' '}
          <button type="button" className="link-button" onClick={() => void loadSingers(true)}>
            {t('covers:refreshSingers')}
          </button>
        </p>
      </header>
      <div className="cards">
        <CoverCard />
        <TrainCard />
      </div>
    </div>
  );
}
