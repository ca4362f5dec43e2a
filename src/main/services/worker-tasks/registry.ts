/**
 * Every task the worker thread runs, by name. Only the worker entry imports this module's
 * values; services import its type (`WorkerTasks`) so the handlers never load in main.
 * To add tasks, export a record of handlers from your service's own module and spread it here.
 */
import { audioTasks } from '../audio/tasks';
import { encodeTasks } from '../audio/encode/tasks';
import { exportTasks } from '../export/tasks';
import { loudnessTasks } from '../audio/loudness/tasks';
import { libraryTasks } from '../library/index-tasks';
import { mediaTasks } from '../audio/media-tasks';
import { renderTasks } from '../audio/render/tasks';
import { priorityTasks } from '../worker/priority';
import type { TaskRegistry } from '../worker/protocol';

export const workerTasks = {
  ...libraryTasks,
  ...mediaTasks,
  ...audioTasks,
  ...loudnessTasks,
  ...encodeTasks,
  ...renderTasks,
  ...exportTasks,
  ...priorityTasks,
} satisfies TaskRegistry;

export type WorkerTasks = typeof workerTasks;
