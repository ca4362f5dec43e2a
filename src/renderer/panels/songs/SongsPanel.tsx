import { useEffect } from 'react';
import { followLibrarySongs } from '../../stores/songs';
import { CreateForm } from './CreateForm';
import { ExtendCard } from './ExtendCard';
import { HistoryCard } from './HistoryCard';
import { SongJobs } from './SongJobs';

export function SongsPanel() {
  useEffect(() => followLibrarySongs(), []);
  return (
    <div className="panel">
      <header className="panel-header">
        <h1 className="panel-title">Songs</h1>
        <p className="panel-lede">
          Describe a style, or write lyrics; each submission makes two takes that land in your
          library.
        </p>
      </header>
      <div className="cards">
        <CreateForm />
        <ExtendCard />
        <SongJobs />
        <HistoryCard />
      </div>
    </div>
  );
}
