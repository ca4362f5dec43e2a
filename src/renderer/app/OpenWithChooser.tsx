import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
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
    const card = document.querySelector<HTMLElement>(`section[aria-label="${CARD_OF[choice]}"]`);
    card?.scrollIntoView?.({ block: 'start' });
    if (choice === 'clone') card?.querySelector<HTMLInputElement>('input')?.focus();
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

/** Makes everything but `keep` inert and hidden from assistive technology while the dialog is open. */
function isolate(keep: Element): () => void {
  const hidden: Element[] = [];
  for (const el of Array.from(document.body.children)) {
    if (el === keep || el.hasAttribute('inert')) continue;
    el.setAttribute('inert', '');
    el.setAttribute('aria-hidden', 'true');
    hidden.push(el);
  }
  return () => {
    for (const el of hidden) {
      el.removeAttribute('inert');
      el.removeAttribute('aria-hidden');
    }
  };
}

function ChooserDialog({ files, choices, onChoose, onCancel }: ChooserDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const backdropRef = useRef<HTMLDivElement>(null);
  const firstRef = useRef<HTMLButtonElement>(null);
  const count = files.length;
  const first = files[0];

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restore = backdropRef.current ? isolate(backdropRef.current) : () => undefined;
    firstRef.current?.focus();
    return () => {
      restore();
      if (previous?.isConnected && !previous.closest('[inert]')) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = Array.from(
      event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled])'),
    );
    const head = buttons[0];
    const tail = buttons[buttons.length - 1];
    if (!head || !tail) return;
    if (event.shiftKey && document.activeElement === head) {
      event.preventDefault();
      tail.focus();
    } else if (!event.shiftKey && document.activeElement === tail) {
      event.preventDefault();
      head.focus();
    }
  };

  const label: Record<OpenWithChoice, string> = { cover: 'Make a cover', clone: 'Clone a voice' };
  const hint: Record<OpenWithChoice, string> = {
    cover:
      count > 1 && first ? `A cover sings one file: “${first.name}”.` : 'A singer sings this file.',
    clone:
      count > 1
        ? 'All of them become recordings of the voice.'
        : 'It becomes a recording of the voice.',
  };

  return createPortal(
    <div className="dialog-backdrop" ref={backdropRef}>
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {`Open ${count} audio ${count === 1 ? 'file' : 'files'} with Cadenza`}
        </h2>
        <div id={bodyId} className="dialog-body">
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
        </div>
        <div className="dialog-actions">
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
        </div>
      </div>
    </div>,
    document.body,
  );
}
