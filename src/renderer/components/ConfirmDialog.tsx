import { useRef, type ReactNode } from 'react';
import { Modal } from './Modal';
import { useTranslation } from '../i18n';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' styles the confirm button as destructive. */
  tone?: 'danger' | 'default';
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * An in-app modal confirmation. Focus starts on the safe choice (cancel), Escape cancels, Tab stays
 * inside, the rest of the page is inert while it is open, and focus goes back where it was.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    title,
    children,
    confirmLabel,
    cancelLabel,
    tone = 'danger',
    onConfirm,
    onCancel,
  } = props;
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);

  return (
    <Modal
      title={title}
      initialFocusRef={cancelRef}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="button" ref={cancelRef} onClick={onCancel}>
            {cancelLabel ?? t('common:cancel')}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? 'button button-danger' : 'button button-primary'}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
