/**
 * Every task the worker thread runs, by name: the registration of each floor's tasks, beside the
 * composition root (the worker runtime in services/worker knows none of them). Only the worker
 * entry (entry.ts) imports this module's values; a service names the tasks it runs from its own
 * task module (`sharedWorker<typeof libraryTasks>()`), tests and benches may use `WorkerTasks`.
 * To add tasks, export a record of handlers from your service's own module and spread it here.
 */
import { audioTasks } from '../audio/tasks';
import { encodeTasks } from '../audio/encode/tasks';
import { exportTasks } from '../export/tasks';
import { loudnessTasks } from '../audio/loudness/tasks';
import { libraryTasks } from '../library/index-tasks';
import { peaksTasks } from '../audio/peaks/tasks';
import { probeTasks } from '../audio/probe/tasks';
import { renderTasks } from '../audio/render/tasks';
import { tagTasks } from '../audio/tags/tasks';
import { priorityTasks } from '../worker/priority';
import type { TaskRegistry, WorkerClient } from '../worker';

export const workerTasks = {
  ...libraryTasks,
  ...probeTasks,
  ...peaksTasks,
  ...audioTasks,
  ...loudnessTasks,
  ...encodeTasks,
  ...renderTasks,
  ...tagTasks,
  ...exportTasks,
  ...priorityTasks,
} satisfies TaskRegistry;

export type WorkerTasks = typeof workerTasks;

/** A client typed with every task (tests and benches). */
export type AppWorker = WorkerClient<WorkerTasks>;
