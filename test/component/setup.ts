import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installBridge } from '../../src/renderer/bridge';
import { resetAccountStore } from '../../src/renderer/stores/account';
import { resetUiStore } from '../../src/renderer/stores/ui';

afterEach(() => {
  cleanup();
  resetAccountStore();
  resetUiStore();
  installBridge(undefined);
  delete document.documentElement.dataset.appReady;
});
