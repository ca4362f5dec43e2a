import { useEffect, useRef } from 'react';
import { Modal } from '../components/Modal';
import {
  chooseOpenWith,
  dismissOpenedFiles,
  followOpenedFiles,
  PANEL_OF,
  useOpenWithStore,
  type OpenWithChoice,
} from '../stores/open-with';

interface OpenWithChooserProps {
  /** Ids of the panels the frame has; a choice whose panel is missing is not offered. */
  panelIds: readonly string[];
  /** Shows a panel (the frame's own navigation). */
  onOpenPanel(id: string): void;
}

/** The card each choice lands on, brought into view after the panel opens. */
const CARD_OF: Record<OpenWithChoice, string> = { cover: 'Make a cover', clone: 'Clone a voice' };

const sizeText = (bytes: number): string =>
  bytes >= 1048576
    ? `${(bytes / 1048576).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Asks what to do with audio files opened with Cadenza: make a cover (the first file becomes the
 * cover's source) or clone a voice (they become the clone's recordings). Nothing is sent until the
 * user submits that panel's form.
 */
export function OpenWithChooser({ panelIds, onOpenPanel }: OpenWithChooserProps) {
  const files = useOpenWithStore((s) => s.files);
  useEffect(() => followOpenedFiles(), []);
  const choices = (['cover', 'clone'] as const).filter((c) => panelIds.includes(PANEL_OF[c]));
  if (files.length === 0 || choices.length === 0) return null;

  const choose = (choice: OpenWithChoice) => {
    onOpenPanel(chooseOpenWith(choice));
    // Panels load on demand: the card may appear a few frames later (and the dialog returns
    // focus as it closes), so look for it on the next frames, up to about two seconds.
    const show = (framesLeft: number): void => {
      const card = document.querySelector<HTMLElement>(`section[aria-label="${CARD_OF[choice]}"]`);
      if (!card) {
        if (framesLeft > 0) requestAnimationFrame(() => show(framesLeft - 1));
        return;
      }
      card.scrollIntoView?.({ block: 'start' });
      if (choice === 'clone') card.querySelector<HTMLInputElement>('input')?.focus();
    };
    requestAnimationFrame(() => show(120));
  };
  return (
    <ChooserDialog
      files={files}
      choices={choices}
      onChoose={choose}
      onCancel={dismissOpenedFiles}
    />
  );
}

interface ChooserDialogProps {
  files: readonly { handle: string; name: string; sizeBytes: number }[];
  choices: readonly OpenWithChoice[];
  onChoose(choice: OpenWithChoice): void;
  onCancel(): void;
}

function ChooserDialog({ files, choices, onChoose, onCancel }: ChooserDialogProps) {
  const firstRef = useRef<HTMLButtonElement>(null);
  const count = files.length;
  const first = files[0];

  const label: Record<OpenWithChoice, string> = { cover: 'Make a cover', clone: 'Clone a voice' };
  const hint: Record<OpenWithChoice, string> = {
    cover:
      count > 1 && first ? `A cover sings one file: “${first.name}”.` : 'A singer sings this file.',
    clone:
      count > 1
        ? 'All of them become recordings of the voice.'
        : 'It becomes a recording of the voice.',
  };

  return (
    <Modal
      title={`Open ${count} audio ${count === 1 ? 'file' : 'files'} with Cadenza`}
      initialFocusRef={firstRef}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          {choices.map((c, i) => (
            <button
              key={c}
              type="button"
              className="button button-primary"
              ref={i === 0 ? firstRef : undefined}
              onClick={() => onChoose(c)}
            >
              {label[c]}
            </button>
          ))}
        </>
      }
    >
      <ul aria-label="Opened files">
        {files.map((f) => (
          <li key={f.handle}>
            <strong>{f.name}</strong> — {sizeText(f.sizeBytes)}
          </li>
        ))}
      </ul>
      <p>
        {choices.map((c) => hint[c]).join(' ')} Nothing is sent until you start it in the panel.
      </p>
    </Modal>
  );
}
