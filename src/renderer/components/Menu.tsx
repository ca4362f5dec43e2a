import './components.css';
import { MoreHorizontal } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

export interface MenuItem {
  label: string;
  onSelect(): void;
  disabled?: boolean;
  /** Spends or removes: shown in the danger colour. */
  danger?: boolean;
  /** Not offered at all (instead of filtering at every call site). */
  hidden?: boolean;
}

export interface MenuProps {
  /** The button's accessible name ("More actions for Night drive"). */
  label: string;
  items: readonly MenuItem[];
  /** The button's face; ⋯ by default. */
  children?: ReactNode;
  /** Open the list toward the left edge of the button (for buttons at a card's right side). */
  align?: 'start' | 'end';
  buttonClassName?: string;
}

/** Where the list goes beside its button; null when the button is out of the window. */
function placeBeside(
  b: HTMLElement | null,
  count: number,
  align: 'start' | 'end',
): CSSProperties | null {
  if (!b?.isConnected) return null;
  const r = b.getBoundingClientRect();
  if (r.bottom < 0 || r.top > window.innerHeight) return null;
  const tall = count * 36 + 12;
  const below = r.bottom + 4 + tall <= window.innerHeight || r.top < tall;
  return {
    position: 'fixed',
    ...(below ? { top: r.bottom + 4 } : { bottom: window.innerHeight - r.top + 4 }),
    ...(align === 'end'
      ? { right: Math.max(4, window.innerWidth - r.right) }
      : { left: Math.max(4, r.left) }),
  };
}

/**
 * A menu button (WAI-ARIA menu button pattern): Enter, Space or ArrowDown opens it on the first
 * item, ArrowUp on the last; arrows, Home and End move; Enter or Space choose; Escape closes and
 * gives focus back to the button; Tab or a click elsewhere closes it.
 */
export function Menu({ label, items, children, align = 'end', buttonClassName }: MenuProps) {
  const shown = items.filter((i) => !i.hidden);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const id = useId();
  const [place, setPlace] = useState<CSSProperties>({});
  const [host, setHost] = useState<HTMLElement | null>(null);
  const count = shown.length;

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!listRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    // The list is fixed beside the button: when anything under it scrolls or the window changes
    // size, it follows the button (closing then raced with the layout settling — a card that just
    // finished grows, the browser's scroll anchoring scrolls — and a first click opened nothing).
    // It closes only when the button has left the window.
    const onMove = (e: Event) => {
      // a resize's target is the window, not a node
      if (e.target instanceof Node && listRef.current?.contains(e.target)) return;
      const next = placeBeside(buttonRef.current, count, align);
      if (next) setPlace(next);
      else setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open, count, align]);

  const enabled = shown.map((it, i) => (it.disabled ? -1 : i)).filter((i) => i >= 0);
  const first = enabled[0] ?? 0;
  const last = enabled[enabled.length - 1] ?? 0;

  /**
   * The list is portalled and fixed beside the button, so no scrolling card clips it — into the
   * landmark (or dialog) the button is in, so it stays inside the page's landmarks (axe `region`)
   * and a dialog's focus trap.
   */
  function openAt(i: number) {
    const b = buttonRef.current;
    setHost(
      (b?.closest(
        '[role="dialog"], dialog, main, [role="main"], nav, aside',
      ) as HTMLElement | null) ?? document.body,
    );
    setPlace(placeBeside(b, count, align) ?? {});
    setActive(i);
    setOpen(true);
  }

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }

  function step(dir: 1 | -1) {
    const at = enabled.indexOf(active);
    const n = enabled.length;
    if (n === 0) return;
    setActive(enabled[(((at + dir) % n) + n) % n]!);
  }

  function onButtonKey(e: KeyboardEvent) {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openAt(first);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(last);
    }
  }

  function onListKey(e: KeyboardEvent) {
    const keys: Record<string, () => void> = {
      ArrowDown: () => step(1),
      ArrowUp: () => step(-1),
      Home: () => setActive(first),
      End: () => setActive(last),
      Escape: () => close(true),
    };
    if (e.key === 'Tab') {
      setOpen(false);
      return;
    }
    const act = keys[e.key];
    if (!act) return;
    e.preventDefault();
    e.stopPropagation();
    act();
  }

  function choose(item: MenuItem) {
    if (item.disabled) return;
    close(true);
    item.onSelect();
  }

  return (
    <div className="menu">
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName ?? 'button button-ghost button-icon'}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : openAt(first))}
        onKeyDown={onButtonKey}
      >
        {children ?? <MoreHorizontal size={18} aria-hidden focusable={false} />}
      </button>
      {open &&
        createPortal(
          <ul
            ref={listRef}
            id={`${id}-menu`}
            role="menu"
            aria-label={label}
            className="menu-list"
            style={place}
            onKeyDown={onListKey}
          >
            {shown.map((item, i) => (
              <li key={item.label} role="none">
                <button
                  ref={(el) => {
                    itemRefs.current[i] = el;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={i === active ? 0 : -1}
                  aria-disabled={item.disabled || undefined}
                  className={`menu-item${item.danger ? ' menu-item-danger' : ''}`}
                  onClick={() => choose(item)}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>,
          host ?? document.body,
        )}
    </div>
  );
}
