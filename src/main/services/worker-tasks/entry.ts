/** Entry of the worker thread (built to out/main/worker.js and out/cli/worker.cjs). */
import { yieldToMain } from '../worker/priority';
import { serveTasks } from '../worker/serve';
import { workerTasks } from './registry';

yieldToMain(); // heavy work here never takes the CPU from main (priority.ts)
serveTasks(workerTasks);
