import { useEffect } from 'react';
import { refreshKeyInfo, useAccountStore } from '../../stores/account';
import { startCovers } from '../../stores/covers';

/**
 * What the Covers and Videos panels do when they open: start the covers store (singers, jobs) and
 * load the key's credits if they are not known yet.
 */
export function useCoversStart(): void {
  const hasKeyInfo = useAccountStore((s) => s.keyInfo !== null);
  useEffect(() => {
    void startCovers();
    if (!hasKeyInfo) void refreshKeyInfo();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
