import { loadSingers } from '../../stores/covers';
import { CoverCard } from './CoverCard';
import { TrainCard } from './TrainCard';
import { useCoversStart } from '../shared/useCoversStart';
import '../shared/covers-videos.css';
import './covers.css';

export function CoversPanel() {
  useCoversStart();
  return (
    <div className="panel">
      <header className="panel-header">
        <h1 className="panel-title">Covers</h1>
        <p className="panel-lede">
          Have a built-in or your own trained singer sing an audio file, a library song or a video
          link.{' '}
          <button type="button" className="link-button" onClick={() => void loadSingers(true)}>
            Refresh singers
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
