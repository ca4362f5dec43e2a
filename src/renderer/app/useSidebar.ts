import { useEffect, useState } from 'react';
import { chooseSidebar, usePreferencesStore } from '../stores/preferences';

/** Under this window width an "auto" sidebar shows icons only. */
const NARROW_QUERY = '(max-width: 1099px)';

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(NARROW_QUERY);
    const onChange = () => setNarrow(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return narrow;
}

/** Whether the sidebar shows icons only, and the toggle that saves the other way as a choice. */
export function useSidebar(): { collapsed: boolean; toggle(): void } {
  const mode = usePreferencesStore((s) => s.preferences?.sidebar ?? 'auto');
  const narrow = useNarrow();
  const collapsed = mode === 'collapsed' || (mode === 'auto' && narrow);
  return {
    collapsed,
    toggle: () => void chooseSidebar(collapsed ? 'expanded' : 'collapsed'),
  };
}
