import { useEffect, useRef } from 'react';
import { Modal } from '../components/Modal';
import {
  chooseOpenWith,
  dismissOpenedFiles,
  followOpenedFiles,
  CARD_OF,
  PANEL_OF,
  useOpenWithStore,
  type OpenWithChoice,
} from '../stores/open-with';
import { t as translate, useFormat, useTranslation } from '../i18n';
import { fileSizeText } from '../panels/shared/file-size';

interface OpenWithChooserProps {
  /** Ids of the panels the frame has; a choice whose panel is missing is not offered. */
  panelIds: readonly string[];
  /** Shows a panel (the frame's own navigation). */
  onOpenPanel(id: string): void;
}

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
      const name = translate(CARD_OF[choice]);
      const card = [...document.querySelectorAll<HTMLElement>('section[aria-label]')].find(
        (s) => s.getAttribute('aria-label') === name,
      );
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

/** The choices' words (the frame's own: the dialog shows before a panel's catalog is in). */
const CHOICE_LABEL = {
  cover: 'components:openWith.cover',
  clone: 'components:openWith.clone',
} as const;

interface ChooserDialogProps {
  files: readonly { handle: string; name: string; sizeBytes: number }[];
  choices: readonly OpenWithChoice[];
  onChoose(choice: OpenWithChoice): void;
  onCancel(): void;
}

function ChooserDialog({ files, choices, onChoose, onCancel }: ChooserDialogProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const firstRef = useRef<HTMLButtonElement>(null);
  const count = files.length;
  const first = files[0];

  const hint: Record<OpenWithChoice, string> = {
    cover:
      count > 1 && first
        ? t('components:openWith.coverOne', { name: first.name })
        : t('components:openWith.coverThis'),
    clone: count > 1 ? t('components:openWith.cloneAll') : t('components:openWith.cloneThis'),
  };

  return (
    <Modal
      title={t('components:openWith.title', { count })}
      initialFocusRef={firstRef}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {t('common:cancel')}
          </button>
          {choices.map((c, i) => (
            <button
              key={c}
              type="button"
              className="button button-primary"
              ref={i === 0 ? firstRef : undefined}
              onClick={() => onChoose(c)}
            >
              {t(CHOICE_LABEL[c])}
            </button>
          ))}
        </>
      }
    >
      <ul aria-label={t('components:openWith.files')}>
        {files.map((file) => (
          <li key={file.handle}>
            <strong translate="no">{file.name}</strong> — {fileSizeText(f, file.sizeBytes, 'kb')}
          </li>
        ))}
      </ul>
      <p>{[...choices.map((c) => hint[c]), t('components:openWith.nothingSent')].join(' ')}</p>
    </Modal>
  );
}
