import { useEffect, useRef, useState, type FormEvent } from 'react';
import { call } from '../../bridge';
import { Button, TextField } from '../../components';
import { LibraryFolderSection } from '../../panels/settings/LibraryFolderSection';
import { GetKeyLink } from '../../panels/account/GetKeyLink';
import { fieldMessage } from '../../panels/account/format';
import { submitKeyInput } from '../../panels/account/submit-key';
import { useAccountStore } from '../../stores/account';

export interface StepProps {
  /** On to the next step (after the last one, first run ends and Songs opens). */
  onNext(): void;
}

export function WelcomeStep({ onNext }: StepProps) {
  return (
    <>
      <p className="first-run-lede">
        Make songs, voices, covers and singing videos. Everything you make is saved as files on your
        computer and plays offline.
      </p>
      <p className="muted">Three short steps: your key, where to save, and a first song.</p>
      <div className="first-run-actions">
        <Button variant="primary" onClick={onNext}>
          Get started
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
        <p className="first-run-lede">
          This is a demo run against the local emulator: its demo key is already set, and nothing
          you make costs anything.
        </p>
        <div className="first-run-actions">
          <Button variant="primary" onClick={onNext}>
            Try the demo
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
            Your key ending in {status.keyLast4 ?? '····'} is saved, but not checked yet: Cadenza
            couldn&apos;t reach the service. It checks again when the service answers.
          </p>
        ) : (
          <p className="first-run-lede">Your key ending in {status.keyLast4 ?? '····'} is set.</p>
        )}
        <div className="first-run-actions">
          <Button variant="primary" onClick={onNext}>
            Continue
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
      <p className="first-run-lede">
        Paste the API key from your account on the service. Cadenza stores it securely on this
        computer.
      </p>
      <TextField
        ref={inputRef}
        label="API key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        error={error}
      />
      <div className="first-run-actions">
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Saving key…' : 'Save key'}
        </Button>
        <GetKeyLink />
      </div>
    </form>
  );
}

export function FolderStep({ onNext }: StepProps) {
  return (
    <>
      <p className="first-run-lede">
        Your songs, voices and videos are saved here as ordinary files. You can change it later in
        Settings.
      </p>
      <LibraryFolderSection />
      <div className="first-run-actions">
        <Button variant="primary" onClick={onNext}>
          Continue
        </Button>
      </div>
    </>
  );
}

export function SongStep({ onNext }: StepProps) {
  return (
    <>
      <p className="first-run-lede">
        Describe a style, like “warm lo-fi with soft rain”, and Cadenza makes two takes of it. They
        land in your library as they finish.
      </p>
      <div className="first-run-actions">
        <Button variant="primary" onClick={onNext}>
          Make your first song
        </Button>
      </div>
    </>
  );
}
