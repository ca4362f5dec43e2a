/**
 * Preloaded into the CLI by the kill -9 trial (`node --require hook.cjs cadenza.cjs …`), never
 * shipped: it announces on standard error when the process places a file into the library (the
 * media, or its sidecar: renamed, or linked exclusively) or renames a job record, and holds library
 * placements a moment so the trial can kill the process inside that step. It changes nothing else.
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

/** The phase a file placed under `to` belongs to, or null for files the trial does not watch. */
const phaseOf = (to) => {
  const dir = path.dirname(path.resolve(String(to)));
  const name = path.basename(String(to));
  if (dir === library && !name.startsWith('.cadenza-tmp-'))
    return name.endsWith('.json')
      ? 'sidecar'
      : /\.(mp3|wav|mp4|m4a|flac|ogg)$/i.test(name)
        ? 'renaming'
        : 'cover';
  return dir === jobs ? 'record' : null;
};

/** Announces the step and, inside the library, holds it a moment so the trial can kill there. */
const watched = (original) =>
  async function trialPlace(from, to, ...rest) {
    const phase = phaseOf(to);
    if (phase) say(phase);
    if (phase && phase !== 'record') await new Promise((r) => setTimeout(r, holdMs));
    return original.call(this, from, to, ...rest);
  };

// New library files are placed exclusively (link, then the temp is removed; an exclusive copy
// where the file system has no hard links); job records and replaced sidecars are renamed.
fs.promises.rename = watched(fs.promises.rename);
fs.promises.link = watched(fs.promises.link);
fs.promises.copyFile = watched(fs.promises.copyFile);
syncBuiltinESMExports();
