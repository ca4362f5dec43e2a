export { concatBytes } from '../encode/types';

/** What a file is tagged with; every field optional (absent: not written, and kept as found). */
export interface ExportTags {
  title?: string;
  artist?: string;
  album?: string;
  /** The album's artist (ID3 TPE2, Vorbis ALBUMARTIST): an album exported from a collection. */
  albumArtist?: string;
  /** Position in an exported selection, and the selection's size. */
  track?: { number: number; total?: number };
  lyrics?: string;
  /** The prompt the item was made from. */
  comment?: string;
  cover?: CoverArt;
  /** Genre or style (a song's style tags, joined). */
  genre?: string;
  /** When the item was made: an ISO 8601 date ("2026-11-27"). */
  date?: string;
  /** ReplayGain 2.0 track gain and peak, from the loudness Cadenza measured. */
  replayGain?: ReplayGain;
  /**
   * The creator's 1–5 rating: ID3 POPM, Vorbis RATING / FMPS_RATING (shared/domain/rating.ts);
   * 0 removes Cadenza's rating frames (the creator cleared it).
   */
  rating?: number;
  /** Cadenza's recipe frame (JSON, see shared/domain/recipe.ts); never in exports "without Cadenza data". */
  recipe?: string;
}

export interface ReplayGain {
  /** Gain to the ReplayGain 2.0 reference level (−18 LUFS), dB. */
  trackGainDb: number;
  /** Sample peak as a linear ratio of full scale (1 = 0 dBFS); null when unknown. */
  trackPeak: number | null;
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

/** "-3.21 dB": the text form every ReplayGain reader takes. */
export const gainText = (db: number): string => `${db >= 0 ? '+' : ''}${db.toFixed(2)} dB`;
/** "0.988312": six decimals, as the reference scanners write it. */
export const peakText = (peak: number): string => peak.toFixed(6);

/** The private field carrying Cadenza's recipe: a TXXX description and a Vorbis comment name. */
export const RECIPE_FIELD = 'CADENZA_RECIPE';
/** Fields of another program's namespace are left alone; every field in this one is Cadenza's. */
export const CADENZA_PREFIX = 'CADENZA_';
/** A recipe frame larger than this is neither written nor read (it is input like any other). */
export const MAX_RECIPE_BYTES = 16 * 1024;
/** An existing tag (or FLAC metadata, or WAV tag chunk) larger than this is not read: refused. */
export const MAX_TAG_READ_BYTES = 64 * 1024 * 1024;
/** A cover larger than this is not embedded (the sidecar's image beside the file still shows it). */
export const MAX_EMBEDDED_COVER_BYTES = 8 * 1024 * 1024;
