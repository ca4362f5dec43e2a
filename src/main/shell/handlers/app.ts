/** app:* — version and platform, and opening allowlisted pages in the browser. */
import { appError } from '@shared/app-error';
import type { AppInfo } from '@shared/ipc/app';
import { isAllowedExternalUrl } from '../security';
import type { NamespaceHandlers } from '../ipc';

export interface AppHandlerDeps {
  info(): AppInfo;
  /** Electron's shell.openExternal (only reached for allowlisted https URLs). */
  openExternal(url: string): Promise<void>;
}

/** Opens a URL in the browser if it is https on the allowlist; AppError('forbidden') otherwise. */
export async function openAllowedExternal(
  url: string,
  open: (url: string) => Promise<void>,
): Promise<void> {
  if (!isAllowedExternalUrl(url)) throw appError('forbidden', 'errors:links.onlyOwnPages');
  await open(url);
}

export function appHandlers(deps: AppHandlerDeps): NamespaceHandlers<'app'> {
  return {
    info: () => deps.info(),
    async openExternal(_ctx, url) {
      await openAllowedExternal(url, deps.openExternal);
      return null;
    },
  };
}
