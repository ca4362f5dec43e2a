/**
 * Text from outside (service answers, files on disk) shown or used as a name. Bidi controls can
 * make "song\u202Egpj.mp3" read as "song3pm.jpg", and zero-width characters make two names that
 * look the same differ: both are removed. Ordinary right-to-left letters are untouched.
 */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}
