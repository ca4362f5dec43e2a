import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

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

/** Hides everything but `keep` from assistive technology and input while a modal is open. */
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

/**
 * An in-app modal confirmation. Focus starts on the safe choice (cancel), Escape cancels, Tab stays
 * inside, the rest of the page is inert while it is open, and focus goes back where it was.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    title,
    children,
    confirmLabel,
    cancelLabel = 'Cancel',
    tone = 'danger',
    onConfirm,
    onCancel,
  } = props;
  const titleId = useId();
  const bodyId = useId();
  const backdropRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restore = backdropRef.current ? isolate(backdropRef.current) : () => undefined;
    cancelRef.current?.focus();
    return () => {
      restore();
      if (previous?.isConnected) previous.focus();
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
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
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
          {title}
        </h2>
        <div id={bodyId} className="dialog-body">
          {children}
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" ref={cancelRef} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? 'button button-danger' : 'button button-primary'}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
