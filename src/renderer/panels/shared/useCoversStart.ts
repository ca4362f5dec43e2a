import { useEffect } from 'react';
import { refreshKeyInfo, useAccountStore } from '../../stores/account';
import { startCovers } from '../../stores/covers';
import { startVideos } from '../../stores/videos';

/**
 * What the Covers and Videos panels do when they open: start the covers and videos stores (singers, jobs) and
 * load the key's credits if they are not known yet.
 */
export function useCoversStart(): void {
  const hasKeyInfo = useAccountStore((s) => s.keyInfo !== null);
  useEffect(() => {
    void startCovers();
    startVideos();
    if (!hasKeyInfo) void refreshKeyInfo();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
