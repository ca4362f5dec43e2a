/**
 * One rule for a take's name in every mode (issue 31, point 5): the song's title, then the take's
 * number among the takes one submission made — "Harbour Lights · Take 1", "Harbour Lights · Take 2"
 * (the words are the catalog's: `common:take.*`). The service marks takes its own way — nothing in
 * custom mode (both takes "Harbour Lights"), "(Take 2)" on the second in description mode — so its
 * mark is dropped from the title and the number is added by Cadenza alone.
 */

/** The service's own take mark at the end of a title: "Neon Tide (Take 2)", "(Variation 2)". */
const SERVICE_MARK = /\s*\((?:take|variation)\s*\d+\)\s*$/i;

/** A take's title without the service's mark; `fallback` when nothing is left. */
export function baseTitle(title: string, fallback = ''): string {
  return title.replace(SERVICE_MARK, '').trim() || fallback.trim() || title;
}

/**
 * The take numbers (1-based) of a submission's outputs that go to the library: a take is numbered
 * only when the submission made more than one (the same test as the sidecar's variation group).
 */
export function takeNumbers(goesToLibrary: readonly boolean[]): Array<number | null> {
  const count = goesToLibrary.filter(Boolean).length;
  let n = 0;
  return goesToLibrary.map((kept) => (kept && count > 1 ? ++n : null));
}
