/**
 * Every CLI command, in the order `cadenza --help` lists them. To add one: write a module in this
 * folder exporting a CliCommand and add it here (one line).
 */
import type { CliCommand } from '../command';
import { configCommand } from './config';
import { keyCommand } from './key';

export const commands: readonly CliCommand[] = [keyCommand, configCommand];
