// npm start: launch the desktop app, fetching the Electron runtime first if it is missing.
import { ensureBuilt, ensureElectron, launchElectron } from './electron-runtime.mjs';

const electron = await ensureElectron();
ensureBuilt();
process.exit(await launchElectron(electron));
