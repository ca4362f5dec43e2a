/**
 * Creator content as the app shows it inside a sentence: between first-strong-isolate and
 * pop-directional-isolate marks (`{{title, bidi}}` in the catalogs, docs/translating.md), so a
 * right-to-left title cannot reorder the words around it. Tests that read such a sentence write
 * the title as `iso('Night drive')`.
 */
export const iso = (text: string): string => `\u2068${text}\u2069`;
