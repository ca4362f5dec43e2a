import { useEffect } from 'react';
import { Button, Card } from '../../components';
import {
  chooseLibraryFolder,
  followLibrary,
  loadLibraryFolder,
  useLibraryStore,
} from '../../stores/library';

/** Where finished media lands, and the way to choose another folder (a dialog in main). */
export function LibraryFolderSection() {
  useEffect(() => {
    followLibrary();
    void loadLibraryFolder();
  }, []);
  const folder = useLibraryStore((s) => s.folder);
  const choosing = useLibraryStore((s) => s.choosingFolder);
  const error = useLibraryStore((s) => s.folderError);
  const pinned = folder?.source === 'environment';
  return (
    <Card
      title="Library folder"
      aria-label="Library folder"
      actions={
        <Button
          size="small"
          disabled={choosing || pinned || !folder}
          onClick={() => void chooseLibraryFolder()}
        >
          {choosing ? 'Choosing…' : 'Change folder…'}
        </Button>
      }
    >
      <p className="muted">Where your songs, voices and videos are saved.</p>
      <p className="mono small settings-path">{folder ? folder.path : 'Loading…'}</p>
      {pinned && <p className="field-hint">Set by CADENZA_LIBRARY for this run.</p>}
      {error && (
        <p className="settings-error" role="alert">
          {error.message}
        </p>
      )}
    </Card>
  );
}
