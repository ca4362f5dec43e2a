/**
 * What electron-updater needs from Electron, given in plain Node: an HTTP executor (Electron's
 * `net` in the app) and an AppAdapter (Electron's `app`). Everything else — feed parsing, version
 * comparison, download, sha512 check, cache layout, differential download — is electron-updater's
 * own code, run against the emulator's generic feed.
 */
import {
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { join } from 'node:path';
import {
  HttpExecutor,
  configureRequestOptions,
  configureRequestUrl,
  type DownloadOptions,
} from 'builder-util-runtime';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';

export class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(
    options: RequestOptions,
    callback: (response: IncomingMessage) => void,
  ): ClientRequest {
    const { redirect: _ignored, ...rest } = options as RequestOptions & { redirect?: string };
    return httpRequest(rest, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

export class TestAppAdapter implements AppAdapter {
  readonly name = 'Cadenza';
  readonly isPackaged = true;
  quits = 0;
  relaunches = 0;
  readonly quitHandlers: ((exitCode: number) => void)[] = [];

  constructor(
    readonly version: string,
    private readonly dir: string,
    readonly appUpdateConfigPath: string,
  ) {}

  get userDataPath(): string {
    return join(this.dir, 'user-data');
  }
  get baseCachePath(): string {
    return join(this.dir, 'cache');
  }
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  relaunch(): void {
    this.relaunches += 1;
  }
  quit(): void {
    this.quits += 1;
  }
  onQuit(handler: (exitCode: number) => void): void {
    this.quitHandlers.push(handler);
  }
}

export const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
