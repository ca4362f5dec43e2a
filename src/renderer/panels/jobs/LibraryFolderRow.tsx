import { chooseLibraryFolder, useLibraryStore } from '../../stores/library';

/** Where finished media lands, and the way to choose another folder (a dialog in main). */
export function LibraryFolderRow() {
  const folder = useLibraryStore((s) => s.folder);
  const choosing = useLibraryStore((s) => s.choosingFolder);
  const error = useLibraryStore((s) => s.folderError);
  const pinned = folder?.source === 'environment';
  return (
    <section className="card job-folder" aria-label="Library folder">
      <div className="job-folder-row">
        <div>
          <h2 className="card-title">Library folder</h2>
          <p className="mono small job-folder-path">{folder ? folder.path : 'Loading…'}</p>
          {pinned && <p className="field-hint">Set by CADENZA_LIBRARY for this run.</p>}
        </div>
        <button
          type="button"
          className="button"
          disabled={choosing || pinned || !folder}
          onClick={() => void chooseLibraryFolder()}
        >
          {choosing ? 'Choosing…' : 'Change folder…'}
        </button>
      </div>
      {error && (
        <p className="job-error" role="alert">
          {error.message}
        </p>
      )}
    </section>
  );
}
