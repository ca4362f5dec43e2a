/**
 * Preloaded into the CLI by the kill -9 trial (`node --require hook.cjs cadenza.cjs …`), never
 * shipped: it announces on standard error when the process renames a file into the library
 * (the media into place, or its sidecar) or a job record, and holds library renames a moment so
 * the trial can kill the process inside that step. It changes nothing else.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { syncBuiltinESMExports } = require('node:module');

const library = path.resolve(process.env.CADENZA_LIBRARY || '');
const jobs = path.resolve(process.env.CADENZA_HOME || '', 'jobs');
const holdMs = Number(process.env.KILL_TRIAL_HOLD_MS || 40);
const say = (phase) => {
  try {
    fs.writeSync(2, `\n@@trial ${phase}\n`);
  } catch {
    // standard error closed: nothing to say
  }
};

const rename = fs.promises.rename;
fs.promises.rename = async function trialRename(from, to) {
  const dir = path.dirname(path.resolve(String(to)));
  const name = path.basename(String(to));
  if (dir === library && !name.startsWith('.cadenza-tmp-')) {
    const phase = name.endsWith('.json')
      ? 'sidecar'
      : /\.(mp3|wav|mp4|m4a|flac|ogg)$/i.test(name)
        ? 'renaming'
        : 'cover';
    say(phase);
    await new Promise((r) => setTimeout(r, holdMs));
  } else if (dir === jobs) {
    say('record');
  }
  return rename.call(this, from, to);
};
syncBuiltinESMExports();
