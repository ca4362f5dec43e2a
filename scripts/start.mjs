// npm start: launch the desktop app with an Electron runtime, or explain how to get one.
import {
  ensureBuilt,
  explainMissingRuntime,
  findElectron,
  launchElectron,
} from './electron-runtime.mjs';

const electron = findElectron();
if (!electron) {
  explainMissingRuntime();
  process.exit(1);
}
ensureBuilt();
process.exit(await launchElectron(electron));
