import type { CadenzaApi } from '@shared/ipc/api';

declare global {
  interface Window {
    /**
     * The only way to reach main: named, typed functions exposed by the preload. Absent when the
     * page is opened without it (a plain browser), which the bridge reports clearly.
     */
    readonly cadenza?: CadenzaApi;
  }
}

export {};
