import { useEffect, useRef, useState, type FormEvent } from 'react';
import { call } from '../../bridge';
import { Button, TextField } from '../../components';
import { LibraryFolderSection } from '../../panels/settings/LibraryFolderSection';
import { GetKeyLink } from '../../panels/account/GetKeyLink';
import { fieldMessage } from '../../panels/account/format';
import { submitKeyInput } from '../../panels/account/submit-key';
import { useAccountStore } from '../../stores/account';
import { useTranslation } from '../../i18n';

export interface StepProps {
  /** On to the next step (after the last one, first run ends and Songs opens). */
  onNext(): void;
}

export function WelcomeStep({ onNext }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="first-run-lede">{t('firstRun:welcome.lede')}</p>
      <p className="muted">{t('firstRun:welcome.steps')}</p>
      <div className="first-run-actions">
        <Button variant="primary" onClick={onNext}>
          {t('firstRun:welcome.start')}
        </Button>
      </div>
    </>
  );
}

/** True in `npm run demo` (a development build against the local emulator, its key set). */
function useDemo(): boolean {
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    let live = true;
    void call((api) => api.app.info()).then((r) => {
      if (live && r.ok) setDemo(r.value.demo);
    });
    return () => {
      live = false;
    };
  }, []);
  return demo;
}

export function KeyStep({ onNext }: StepProps) {
  const { t } = useTranslation();
  const status = useAccountStore((s) => s.status);
  const saving = useAccountStore((s) => s.savingKey);
  const keyError = useAccountStore((s) => s.keyError);
  const unchecked = useAccountStore((s) => s.keyUnchecked);
  const inputRef = useRef<HTMLInputElement>(null);
  const demo = useDemo();
  const error = fieldMessage(keyError, ['key', '0']);

  if (demo)
    return (
      <>
        <p className="first-run-lede">{t('firstRun:key.demo')}</p>
        <div className="first-run-actions">
          <Button variant="primary" onClick={onNext}>
            {t('firstRun:key.tryDemo')}
          </Button>
        </div>
      </>
    );

  if (status?.hasKey)
    return (
      <>
        {unchecked ? (
          // the service could not be asked: say so before moving on (docs/writing.md, "The key")
          <p className="first-run-lede" role="status">
            {t('firstRun:key.unchecked', { last4: status.keyLast4 ?? '····' })}
          </p>
        ) : (
          <p className="first-run-lede">
            {t('firstRun:key.set', { last4: status.keyLast4 ?? '····' })}
          </p>
        )}
        <div className="first-run-actions">
          <Button variant="primary" onClick={onNext}>
            {t('firstRun:continue')}
          </Button>
        </div>
      </>
    );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = inputRef.current;
    if (!input || saving) return;
    // an unchecked key stays on this step, which says so; an accepted one moves on
    if ((await submitKeyInput(input)) && !useAccountStore.getState().keyUnchecked) onNext();
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className="first-run-lede">{t('firstRun:key.lede')}</p>
      <TextField
        ref={inputRef}
        label={t('account:key.label')}
        type="password"
        autoComplete="off"
        spellCheck={false}
        error={error}
      />
      <div className="first-run-actions">
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? t('account:progress.savingKey') : t('account:key.save')}
        </Button>
        <GetKeyLink />
      </div>
    </form>
  );
}

export function FolderStep({ onNext }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="first-run-lede">{t('firstRun:folder.lede')}</p>
      <LibraryFolderSection />
      <div className="first-run-actions">
        <Button variant="primary" onClick={onNext}>
          {t('firstRun:continue')}
        </Button>
      </div>
    </>
  );
}

export function SongStep({ onNext }: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="first-run-lede">{t('firstRun:song.lede')}</p>
      <div className="first-run-actions">
        <Button variant="primary" onClick={onNext}>
          {t('firstRun:song.make')}
        </Button>
      </div>
    </>
  );
}
