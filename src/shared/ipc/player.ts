import { z } from 'zod';
import { LevellingSchema } from '../domain/loudness';
import { invoke } from './define';

/**
 * The player's settings kept in main's settings store: loudness levelling (on by default, to
 * −14 LUFS). Each item's loudness comes with it (`analysis.loudness`).
 */
export const playerContract = {
  levelling: invoke(z.tuple([]), LevellingSchema),
  /** Changes the setting (either part); answers the whole setting as saved. */
  setLevelling: invoke(z.tuple([LevellingSchema.partial().strict()]), LevellingSchema),
};
