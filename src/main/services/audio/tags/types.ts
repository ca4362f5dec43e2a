export { concatBytes } from '../encode/types';

/** What an exported file is tagged with; every field optional (absent: not written). */
export interface ExportTags {
  title?: string;
  artist?: string;
  album?: string;
  /** Position in an exported selection, and the selection's size. */
  track?: { number: number; total?: number };
  lyrics?: string;
  /** The prompt the item was made from. */
  comment?: string;
  cover?: CoverArt;
}

export interface CoverArt {
  /** image/jpeg, image/png, … */
  mimeType: string;
  data: Uint8Array;
}

/** "3/12" or "3": ID3's TRCK and RIFF's ITRK. */
export const trackText = (t: NonNullable<ExportTags['track']>): string =>
  t.total ? `${t.number}/${t.total}` : String(t.number);

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
