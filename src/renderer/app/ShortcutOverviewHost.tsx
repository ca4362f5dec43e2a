/**
 * Listens for Ctrl/Cmd+/ or "?" (outside text fields) anywhere and shows the shortcut overview.
 * The dialog and its table are their own chunk, fetched on the first open, so the first screen
 * carries only this listener.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { editsText } from '../lib/keys';

const ShortcutOverview = lazy(() =>
  import('./ShortcutOverview').then((m) => ({ default: m.ShortcutOverview })),
);

/** Ctrl/Cmd+/ (any layout: the key that types "/"), or "?" typed outside a text field. */
function isOverviewKey(e: KeyboardEvent): boolean {
  if (e.altKey) return false;
  if ((e.ctrlKey || e.metaKey) && (e.key === '/' || e.code === 'Slash')) return true;
  return e.key === '?' && !e.ctrlKey && !e.metaKey && !editsText(e.target);
}

export function ShortcutOverviewHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isOverviewKey(e) || (!open && document.querySelector('[aria-modal="true"]'))) return;
      e.preventDefault();
      setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutOverview onClose={() => setOpen(false)} />
    </Suspense>
  );
}
