/** Entry of the worker thread (built to out/main/worker.js and out/cli/worker.cjs). */
import { serveTasks } from './serve';
import { workerTasks } from './tasks';

serveTasks(workerTasks);
