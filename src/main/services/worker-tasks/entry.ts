/** Entry of the worker thread (built to out/main/worker.js and out/cli/worker.cjs). */
import { workerData } from 'node:worker_threads';
import { yieldWhen, type YieldWhen } from '../worker/priority';
import { serveTasks } from '../worker/serve';
import { workerTasks } from './registry';

// heavy work here never takes the CPU from main (priority.ts): the audio thread lowers its
// priority at once, the shared thread after its first library open
const data = workerData as { yieldWhen?: YieldWhen } | null | undefined;
yieldWhen(data?.yieldWhen === 'after-open' ? 'after-open' : 'start');
serveTasks(workerTasks);
