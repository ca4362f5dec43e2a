import { z } from 'zod';
import { accountContract } from './account';
import { filesContract, filesEvents } from './files';
import { appContract } from './app';
import { jobsContract, JobViewSchema } from './jobs';
import { libraryContract } from './library';
import { editContract, editEvents } from './edit';
import { analysisContract } from './analysis';
import { exportContract, exportEvents } from './export';
import { songsContract } from './songs';
import { voicesContract, voicesEvents } from './voices';
import { coversContract, coversEvents } from './covers';
import { videosContract } from './videos';
import { updatesContract, updatesEvents } from './updates';
import { diagnosticsContract } from './diagnostics';
import { preferencesContract } from './preferences';
import { playerContract } from './player';
import { upgradeContract, upgradeEvents } from './upgrade';
import { collectionsContract } from './collections';
import { costContract, costEvents } from './cost';
import { presetsContract, rhymesContract } from './presets';
import { batchesContract, batchesEvents } from './batches';
import { LibraryChangeSchema } from '../domain/library';
import { event, type ApiOf, type EventsOf } from './define';

/**
 * Every IPC channel of the app, in one place. Main registers a validated handler per entry
 * (shell/ipc.ts), the preload exposes a function per entry (preload/index.ts) and the renderer
 * calls `window.cadenza.<ns>.<method>(...)`. Adding a namespace here is the only way to add IPC.
 */
export const invokeContract = {
  account: accountContract,
  files: filesContract,
  app: appContract,
  jobs: jobsContract,
  library: libraryContract,
  edit: editContract,
  analysis: analysisContract,
  export: exportContract,
  songs: songsContract,
  voices: voicesContract,
  covers: coversContract,
  videos: videosContract,
  updates: updatesContract,
  diagnostics: diagnosticsContract,
  preferences: preferencesContract,
  player: playerContract,
  upgrade: upgradeContract,
  collections: collectionsContract,
  cost: costContract,
  presets: presetsContract,
  rhymes: rhymesContract,
  batches: batchesContract,
} as const;

export const eventContract = {
  /** The key or service address changed (in this window, another window or the CLI). */
  accountChanged: event(z.null()),
  /** A job changed (state, progress, outputs). */
  jobUpdated: event(JobViewSchema),
  /** A job reached done, failed, cancelled or interrupted (once per job). */
  jobFinished: event(JobViewSchema),
  /** Items were added, changed or removed in the library folder (or the folder changed). */
  libraryChanged: event(LibraryChangeSchema),
  /** The menu's Settings item was chosen: show the Settings panel. */
  openSettings: event(z.null()),
  /** The menu's Edit › Undo or Select All was chosen: run it where the window's focus is. */
  menuEdit: event(z.enum(['undo', 'selectAll'])),
  ...voicesEvents,
  ...coversEvents,
  ...updatesEvents,
  ...filesEvents,
  ...editEvents,
  ...exportEvents,
  ...upgradeEvents,
  ...costEvents,
  ...batchesEvents,
} as const;

export type InvokeContractT = typeof invokeContract;
export type EventContractT = typeof eventContract;

export type CadenzaInvokeApi = ApiOf<InvokeContractT>;
export type CadenzaEvents = EventsOf<EventContractT>;
