import { useEffect } from 'react';
import { refreshKeyInfo, useAccountStore } from '../../stores/account';
import { loadSingers, startCovers } from '../../stores/covers';
import { CoverCard } from './CoverCard';
import { TrainCard } from './TrainCard';
import './covers.css';

export function CoversPanel() {
  const hasKeyInfo = useAccountStore((s) => s.keyInfo !== null);
  useEffect(() => {
    void startCovers();
    if (!hasKeyInfo) void refreshKeyInfo();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="panel">
      <header className="panel-header">
        <h1 className="panel-title">Covers</h1>
        <p className="panel-lede">
          Have a built-in or your own trained singer sing an audio file, a library song or a video link.{' '}
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
