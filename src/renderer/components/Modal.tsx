import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  title: ReactNode;
  /** The dialog's description (announced with the title). */
  children: ReactNode;
  /** The dialog's buttons. */
  actions: ReactNode;
  /** The control that has focus when the dialog opens. */
  initialFocusRef: RefObject<HTMLElement | null>;
  /** Escape calls this. */
  onCancel(): void;
  /** Extra class of the dialog box (e.g. a wider one). */
  className?: string;
}

/** What Tab moves between inside a dialog. */
const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
 * An in-app modal dialog: focus starts on `initialFocusRef`, Escape cancels, Tab stays among the
 * dialog's controls, the rest of the page is inert while it is open, and focus goes back where it
 * was (unless that place is itself inert).
 */
export function Modal({
  title,
  children,
  actions,
  initialFocusRef,
  onCancel,
  className,
}: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const backdropRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restore = backdropRef.current ? isolate(backdropRef.current) : () => undefined;
    initialFocusRef.current?.focus();
    return () => {
      restore();
      if (previous?.isConnected && !previous.closest('[inert]')) previous.focus();
    };
    // Runs once per opening; the focus target is read when the dialog mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
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
        className={className ? `dialog ${className}` : 'dialog'}
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
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
