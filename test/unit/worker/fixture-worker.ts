import { serveTasks } from '../../../src/main/services/worker';
import { fixtureTasks } from './fixture-tasks';

serveTasks(fixtureTasks);
