/**
 * Addresses of library files for the renderer, zod-free: the first screen imports this, and the
 * entry test keeps zod out of it (the IPC contracts with their schemas load later).
 */

/** `cadenza-media://library/<file>` of a file in the library (each path segment encoded). */
export const libraryFileUrl = (file: string): string =>
  `cadenza-media://library/${file.split('/').map(encodeURIComponent).join('/')}`;
