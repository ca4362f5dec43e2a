import { CreateForm } from './CreateForm';
import { SongJobs } from './SongJobs';

export function SongsPanel() {
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
        <SongJobs />
      </div>
    </div>
  );
}
