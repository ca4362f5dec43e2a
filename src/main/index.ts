/** Entry of the Electron main process (built to out/main/index.js). */
import { startShell } from './shell/app';

startShell({ mainDir: __dirname });
