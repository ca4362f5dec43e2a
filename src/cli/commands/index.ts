/**
 * Every CLI command, in the order `cadenza --help` lists them. To add one: write a module in this
 * folder exporting a CliCommand and add one line here (`name: command,`).
 */
import type { CliCommand } from '../command';
import { configCommand } from './config';
import { keyCommand } from './key';
import { jobsCommand } from './jobs';
import { libraryCommand } from './library';
import { songCommand } from './song';
import { voicesCommand } from './voices';
import { ttsCommand } from './tts';
import { cloneCommand } from './clone';
import { coverCommand } from './cover';
import { singerCommand } from './singer';
import { videoCommand } from './video';
import { diagnosticsCommand } from './diagnostics';
import { collectionCommand } from './collection';

const registry: Record<string, CliCommand> = {
  key: keyCommand,
  config: configCommand,
  song: songCommand,
  voices: voicesCommand,
  tts: ttsCommand,
  clone: cloneCommand,
  cover: coverCommand,
  singer: singerCommand,
  video: videoCommand,
  jobs: jobsCommand,
  library: libraryCommand,
  collection: collectionCommand,
  diagnostics: diagnosticsCommand,
};

export const commands: readonly CliCommand[] = Object.values(registry);
