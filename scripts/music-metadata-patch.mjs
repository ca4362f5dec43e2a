/**
 * music-metadata builds its tag mappers (eleven tables, each copied into an upper-case map) for
 * every file it parses, a tenth of a found file's probe (issue 30). They hold no state after
 * they are built, so each bundle made of music-metadata shares one: the CLI's (build-cli.mjs)
 * and the app's main and worker (electron.vite.config.ts). The build fails if the line it
 * replaces is gone (a new version: look again).
 */
export const COLLECTOR = /[\\/]music-metadata[\\/]lib[\\/]common[\\/]MetadataCollector\.js$/;
const MAPPER_EACH_PARSE = 'tagMapper = new CombinedTagMapper();';

/** The collector's source with one tag mapper shared by every parse. */
export function shareTagMapper(source, path) {
  if (!source.includes(MAPPER_EACH_PARSE))
    throw new Error(`music-metadata patch: ${path} no longer says "${MAPPER_EACH_PARSE}"`);
  return `let sharedTagMapper;\n${source.replace(
    MAPPER_EACH_PARSE,
    'tagMapper = (sharedTagMapper ??= new CombinedTagMapper());',
  )}`;
}
