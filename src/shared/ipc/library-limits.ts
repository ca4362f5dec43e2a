/**
 * Limits of the library's IPC, in a module without zod so the renderer's first screen can use
 * them (library.ts builds the schemas from them).
 */

/** Rows per `list` page the renderer asks for after the first (main answers at most this many). */
export const LIBRARY_PAGE_MAX = 5000;

/**
 * A view follows a library change by fetching the items it names, up to this many; a larger
 * change loads the whole list again.
 */
export const LIBRARY_CHANGE_FETCH_MAX = 1000;

/** The most files one drag out of the app carries (a selection beyond it drags its first ones). */
export const DRAG_OUT_MAX = 1000;
