import { useEffect, useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import { call } from '../../bridge';
import { errorText, useTranslation } from '../../i18n';

/**
 * The Library folder's switch for ratings in files Cadenza did not make (issue 31, point 3): off,
 * such files keep the rating in their sidecar and their bytes as they are; on, their rating frame
 * is written too. Kept in main's settings; the sidecar wins when it and a file disagree.
 */
export function RatingsInFiles() {
  const { t } = useTranslation();
  const [on, setOn] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<AppErrorShape | null>(null);
  useEffect(() => {
    let live = true;
    void call((api) => api.collections.ratingsInOtherFiles()).then((r) => {
      if (live && r.ok) setOn(r.value);
    });
    return () => {
      live = false;
    };
  }, []);
  const save = (next: boolean) => {
    setOn(next);
    void call((api) => api.collections.setRatingsInOtherFiles(next)).then((r) => {
      setProblem(r.ok ? null : r.error);
      if (r.ok) setOn(r.value);
    });
  };
  return (
    <div className="field">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={on ?? false}
          disabled={on === null}
          aria-describedby="ratings-in-files-hint"
          onChange={(e) => save(e.currentTarget.checked)}
        />{' '}
        {t('settings:libraryFolder.ratingsInFiles')}
      </label>
      <p className="field-hint" id="ratings-in-files-hint">
        {t('settings:libraryFolder.ratingsInFilesHint')}
      </p>
      {problem && (
        <p className="settings-error" role="alert">
          {errorText(problem)}
        </p>
      )}
    </div>
  );
}
