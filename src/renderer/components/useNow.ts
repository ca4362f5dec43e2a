import { useEffect, useState } from 'react';

/** The clock, ticking every `everyMs` while `running` (for "2 min left"); still otherwise. */
export function useNow(running: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const t = setInterval(tick, everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, [running, everyMs]);
  return now;
}
