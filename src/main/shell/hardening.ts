/**
 * Process-wide hardening: every web contents (this window or any that might appear) may not
 * navigate, open windows or attach webviews; the session denies permissions, sets the CSP header
 * and cancels network requests from the renderer (all traffic goes through main).
 */
import type { App, Session, Shell } from 'electron';
import { isAllowedExternalUrl, withContentSecurityPolicy } from './security';

export function hardenWebContents(app: App, shell: Pick<Shell, 'openExternal'>): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (isAllowedExternalUrl(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
}

export function hardenSession(session: Session, devServerUrl?: string): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) });
  });
  const devHost = devServerUrl ? new URL(devServerUrl).host : undefined;
  session.webRequest.onBeforeRequest(
    { urls: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'] },
    (details, callback) => {
      let allowed = false;
      try {
        allowed = devHost !== undefined && new URL(details.url).host === devHost;
      } catch {
        allowed = false;
      }
      callback({ cancel: !allowed });
    },
  );
}
