/** Entry of the worker thread (built to out/main/worker.js and out/cli/worker.cjs). */
import { yieldToMain } from './priority';
import { serveTasks } from './serve';
import { workerTasks } from './tasks';

yieldToMain(); // heavy work here never takes the CPU from main (priority.ts)
serveTasks(workerTasks);
