/**
 * The catalogs' namespaces: one per feature (src/shared/i18n/locales/<lang>/<namespace>.json).
 * A key is always written with its namespace, `t('settings:language.label')`, so the key gate
 * (test/unit/i18n/catalogs.test.ts) finds every use by reading the source.
 */
export const NAMESPACES = [
  'common', // words many places use: Cancel, Save, Retry…
  'shell', // the window's frame: navigation, header status, skip link, error boundary
  'settings', // the Settings panel
  'menu', // main's application menu
  'main', // main's native dialogs, notifications and titles it makes
  'errors', // AppError messages (keys on AppError; the renderer translates them)
  'format', // Intl helpers' words (units a formatter cannot say)
  'voice', // the Voice panel: speak, clone, the voice browser
  'songs', // the Songs panel: create, extend, takes, history
  'covers', // the Covers panel: cover, train a singer (and the job results Covers and Videos share)
  'videos', // the Videos panel
  'library', // the Library panel: the list, an item's details, lyrics
  'edit', // the Export dialog, the Trim dialog and its region editor, Whole song
  'player', // the player bar, its queue, the video viewer, a panel's play button
  'components', // shared components' own words (picker, dialogs, failure actions, open-with)
  'account', // the Account panel: the key, what is left on it, the service address, diagnostics
  'jobs', // the Jobs panel: job rows, recovery, results, job kinds' and states' words
  'firstRun', // first run's steps (its chunk waits for the catalogs, as a panel's does)
  'batch', // batches of song prompts: the Batch dialog, the batch list, their messages
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * What the renderer's first frame waits for: the namespaces of the window's frame (navigation,
 * header, player bar, first run, error boundary). The panels' namespaces arrive with the first
 * panel's chunk. test/unit/i18n/first-frame.test.ts keeps the frame to these.
 */
export const FIRST_FRAME_NAMESPACES = [
  'common',
  'shell',
  'errors',
  'format',
  'player', // the player bar and its queue are part of the frame
  'components', // the open-with chooser is part of the frame (and dialogs the panels share)
] as const satisfies readonly Namespace[];
