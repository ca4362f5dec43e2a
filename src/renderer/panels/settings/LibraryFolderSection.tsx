import { useEffect } from 'react';
import { Button, Card } from '../../components';
import { errorText, useTranslation } from '../../i18n';
import {
  chooseLibraryFolder,
  followLibrary,
  loadLibraryFolder,
  useLibraryStore,
} from '../../stores/library';
import { RatingsInFiles } from './RatingsInFiles';

/** Where finished media lands, and the way to choose another folder (a dialog in main). */
export function LibraryFolderSection() {
  const { t } = useTranslation();
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
      title={t('settings:libraryFolder.title')}
      aria-label={t('settings:libraryFolder.title')}
      actions={
        <Button
          size="small"
          disabled={choosing || pinned || !folder}
          onClick={() => void chooseLibraryFolder()}
        >
          {choosing ? t('settings:libraryFolder.choosing') : t('settings:libraryFolder.change')}
        </Button>
      }
    >
      <p className="muted">{t('settings:libraryFolder.body')}</p>
      {folder ? (
        <p className="mono small settings-path" translate="no">
          {folder.path}
        </p>
      ) : (
        <p className="mono small settings-path">{t('settings:libraryFolder.loading')}</p>
      )}
      {pinned && <p className="field-hint">{t('settings:libraryFolder.pinned')}</p>}
      <RatingsInFiles />
      {error && (
        <p className="settings-error" role="alert">
          {errorText(error)}
        </p>
      )}
    </Card>
  );
}
