/**
 * All IPC handlers wired to the services and to the Electron pieces they need. Electron is passed
 * in (not imported) so the plain-Node tests wire the very same handlers to the test double.
 */
import type {
  App,
  BrowserWindow,
  Clipboard,
  Dialog,
  NativeTheme,
  MessageBoxOptions,
  OpenDialogOptions,
  Shell,
} from 'electron';
import type { Core } from '../../services/core';
import type { FileRegistry } from '../../services/files/registry';
import type { HandlerContext, IpcHandlers } from '../ipc';
import { sendEvent } from '../events';
import { accountHandlers } from './account';
import { filesHandlers } from './files';
import { appHandlers, openAllowedExternal } from './app';
import { jobsHandlers } from './jobs';
import { libraryHandlers } from './library';
import { editHandlers } from './edit';
import { analysisHandlers } from './analysis';
import { exportHandlers } from './export';
import { songsHandlers } from './songs';
import { voicesHandlers } from './voices';
import { coversAndVideosHandlers } from './covers';
import { updatesHandlers } from './updates';
import { createUpdateController, type UpdateController } from '../../services/updates';
import { toJobView } from '@shared/ipc/jobs';
import type { OpenedFiles } from '../open-files';
import { diagnosticsHandlers } from './diagnostics';
import { preferencesHandlers } from './preferences';
import { playerHandlers } from './player';
import { upgradeHandlers } from './upgrade';
import { collectionsHandlers } from './collections';
import { costHandlers } from './cost';
import { batchesHandlers } from './batches';
import { presetsHandlers, rhymesHandlers } from './presets';
import { tr } from '../i18n';
import { englishText } from '@shared/i18n/english';
import type { ShellDiagnostics } from '../diagnostics';

/** The Electron modules the handlers use. */
export interface ElectronForHandlers {
  app: Pick<App, 'getVersion' | 'isPackaged'>;
  dialog: Pick<Dialog, 'showMessageBox' | 'showOpenDialog' | 'showSaveDialog'>;
  shell: Pick<Shell, 'openExternal' | 'showItemInFolder' | 'openPath'>;
  BrowserWindow: Pick<typeof BrowserWindow, 'fromWebContents' | 'getAllWindows'>;
  clipboard: Pick<Clipboard, 'writeText'>;
  /** The theme choice is applied to it (optional: the plain-Node wiring has none). */
  nativeTheme?: Pick<NativeTheme, 'themeSource'>;
}

/**
 * Forwards the services' events to every window: jobs and library changes (they outlive a switch
 * of library folder) and upload progress. Returns the unsubscribe function.
 */
export function forwardEvents(
  core: Pick<
    Core,
    'jobsHost' | 'voices' | 'covers' | 'libraryUpgrade' | 'collections' | 'cost' | 'batches'
  >,
  BrowserWindow: ElectronForHandlers['BrowserWindow'],
): () => void {
  const all = (send: (win: BrowserWindow) => void) => {
    for (const win of BrowserWindow.getAllWindows()) send(win);
  };
  const offs = [
    core.jobsHost.on('job-updated', (job) =>
      all((win) => sendEvent(win, 'jobUpdated', toJobView(job))),
    ),
    core.jobsHost.on('job-finished', (job) =>
      all((win) => sendEvent(win, 'jobFinished', toJobView(job))),
    ),
    core.jobsHost.on('library-changed', (change) =>
      all((win) => sendEvent(win, 'libraryChanged', change)),
    ),
    core.voices.on('upload-progress', (p) =>
      all((win) => sendEvent(win, 'voiceUploadProgress', p)),
    ),
    core.covers.on('upload-progress', (p) =>
      all((win) => sendEvent(win, 'coverUploadProgress', p)),
    ),
    core.libraryUpgrade.on('status', (s) => all((win) => sendEvent(win, 'upgradeStatus', s))),
    // playlists follow items renamed, moved or trashed (in the app or outside it)
    core.collections.follow((sync) =>
      core.jobsHost.on('library-changed', (c) => {
        if (c.removed.length + c.updated.length > 0) sync();
      }),
    ),
    core.cost.onLearned(() => all((win) => sendEvent(win, 'costLearned', null))),
    core.batches.on('batch-updated', (b) => all((win) => sendEvent(win, 'batchUpdated', b))),
  ];
  return () => {
    for (const off of offs) off();
  };
}

export interface HandlerWiring {
  core: Core;
  registry: FileRegistry;
  env: NodeJS.ProcessEnv;
  electron: ElectronForHandlers;
  /** The app-update controller (shell/updater.ts); without it updates report "not supported". */
  updates?: UpdateController;
  /** Audio files opened with Cadenza, waiting for the renderer (shell/open-files.ts). */
  openedFiles?: Pick<OpenedFiles, 'take'>;
  /** Logs folder and diagnostic report (shell/diagnostics.ts), built once by the app's start-up. */
  diagnostics: ShellDiagnostics;
}

export function buildHandlers({
  core,
  registry,
  env,
  electron,
  updates,
  openedFiles,
  diagnostics,
}: HandlerWiring): IpcHandlers {
  const { app, dialog, shell, BrowserWindow } = electron;
  const windowOf = (ctx: HandlerContext): BrowserWindow | null =>
    BrowserWindow.fromWebContents(ctx.event.sender);
  const openExternal = async (url: string): Promise<void> => {
    await shell.openExternal(url);
  };

  const messageBox = (ctx: HandlerContext, options: MessageBoxOptions) => {
    const win = windowOf(ctx);
    return win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options);
  };
  const openDialog = (ctx: HandlerContext, options: OpenDialogOptions) => {
    const win = windowOf(ctx);
    return win ? dialog.showOpenDialog(win, options) : dialog.showOpenDialog(options);
  };

  const coversAndVideos = coversAndVideosHandlers({ ...core, registry });

  return {
    app: appHandlers({
      info: () => ({
        version: app.getVersion(),
        platform: process.platform,
        testDouble: !process.versions.electron,
        // the demo (npm run demo) exists in development builds only
        demo: env.CADENZA_DEMO === '1' && !app.isPackaged,
      }),
      openExternal,
    }),
    account: accountHandlers({
      account: core.account,
      async confirm(ctx, q) {
        const answer = await messageBox(ctx, {
          type: 'question',
          buttons: [q.confirmLabel, tr('main:dialog.cancel')],
          defaultId: 1,
          cancelId: 1,
          noLink: true,
          message: q.message,
          detail: q.detail,
        });
        return answer.response === 0;
      },
      openExternal: (url) => openAllowedExternal(url, openExternal),
      notifyChanged: (ctx) => {
        for (const win of BrowserWindow.getAllWindows())
          if (win.webContents !== ctx.event.sender) sendEvent(win, 'accountChanged', null);
      },
    }),
    files: filesHandlers({
      registry,
      async showOpenDialog(ctx, { filters, multiple, title }) {
        const answer = await openDialog(ctx, {
          title,
          filters,
          properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'],
        });
        return answer.canceled ? [] : answer.filePaths;
      },
      ...(openedFiles ? { takeOpened: () => openedFiles.take() } : {}),
    }),
    jobs: jobsHandlers(core),
    library: libraryHandlers({
      core,
      env,
      registry,
      async chooseFolderDialog(ctx, defaultPath) {
        const answer = await openDialog(ctx, {
          title: tr('main:dialog.chooseLibraryFolder'),
          defaultPath,
          properties: ['openDirectory', 'createDirectory'],
        });
        return answer.canceled ? null : (answer.filePaths[0] ?? null);
      },
      showItemInFolder: (path) => shell.showItemInFolder(path),
      notifyFolderChanged(removed, added) {
        for (const win of BrowserWindow.getAllWindows())
          sendEvent(win, 'libraryChanged', { added, updated: [], removed });
      },
      startDrag: (ctx, files, icon) =>
        ctx.event.sender.startDrag({ file: files[0] ?? '', files, icon }),
    }),
    edit: editHandlers({
      core,
      wholeSongProgress: (ctx, progress) => sendEvent(windowOf(ctx), 'wholeSongProgress', progress),
      trimProgress: (ctx, progress) => sendEvent(windowOf(ctx), 'trimProgress', progress),
    }),
    analysis: analysisHandlers({ core }),
    export: exportHandlers({
      core,
      async chooseExportFolder(ctx) {
        const answer = await openDialog(ctx, {
          title: tr('main:dialog.exportToFolder'),
          properties: ['openDirectory', 'createDirectory'],
        });
        return answer.canceled ? null : (answer.filePaths[0] ?? null);
      },
      sendExportProgress: (ctx, p) => sendEvent(windowOf(ctx), 'exportProgress', p),
      showItemInFolder: (path) => shell.showItemInFolder(path),
      async chooseTextFile(ctx, defaultName) {
        const win = windowOf(ctx);
        const options = {
          title: tr('main:dialog.exportLyrics'),
          defaultPath: defaultName,
          filters: [{ name: tr('main:dialog.textFiles'), extensions: ['txt'] }],
        };
        const answer = win
          ? await dialog.showSaveDialog(win, options)
          : await dialog.showSaveDialog(options);
        return answer.canceled || !answer.filePath ? null : answer.filePath;
      },
    }),
    songs: songsHandlers(core),
    voices: voicesHandlers({ voices: core.voices, registry }),
    covers: coversAndVideos.covers,
    videos: coversAndVideos.videos,
    preferences: preferencesHandlers({
      settings: core.settings,
      applyTheme(theme) {
        if (electron.nativeTheme) electron.nativeTheme.themeSource = theme;
      },
    }),
    player: playerHandlers(core.settings),
    upgrade: upgradeHandlers(core.libraryUpgrade),
    collections: collectionsHandlers(core),
    cost: costHandlers(core.cost, core.budget, core.settings),
    presets: presetsHandlers(core, {
      async chooseImport(ctx) {
        const answer = await openDialog(ctx, {
          title: tr('main:dialog.importPresets'),
          filters: [{ name: tr('main:dialog.presetFiles'), extensions: ['json'] }],
          properties: ['openFile'],
        });
        return answer.canceled ? null : (answer.filePaths[0] ?? null);
      },
      async chooseExport(ctx) {
        const win = windowOf(ctx);
        const options = {
          title: tr('main:dialog.exportPresets'),
          defaultPath: 'cadenza-presets.json',
          filters: [{ name: tr('main:dialog.presetFiles'), extensions: ['json'] }],
        };
        const answer = win
          ? await dialog.showSaveDialog(win, options)
          : await dialog.showSaveDialog(options);
        return answer.canceled || !answer.filePath ? null : answer.filePath;
      },
    }),
    rhymes: rhymesHandlers(core),
    batches: batchesHandlers({
      core,
      async chooseListFile(ctx) {
        const answer = await openDialog(ctx, {
          title: tr('batch:main.chooseList'),
          filters: [{ name: tr('batch:main.listFiles'), extensions: ['txt', 'csv', 'tsv'] }],
          properties: ['openFile'],
        });
        return answer.canceled ? null : (answer.filePaths[0] ?? null);
      },
    }),
    updates: updatesHandlers(() => (updates ??= unsupportedUpdates(app.getVersion(), core))),
    diagnostics: diagnosticsHandlers(diagnostics),
  };
}

function unsupportedUpdates(currentVersion: string, core: Core): UpdateController {
  return createUpdateController({
    currentVersion,
    updater: null,
    unsupportedReason: englishText('settings:updates.off.notInThisRun'),
    unsupportedReasonKey: { key: 'settings:updates.off.notInThisRun' },
    settings: {
      autoUpdate: () => core.settings.get().autoUpdate !== false,
      setAutoUpdate: async (on) => {
        await core.settings.update({ autoUpdate: on });
      },
    },
  });
}
