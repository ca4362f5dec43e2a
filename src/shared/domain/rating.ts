/**
 * Favourites and 1–5 ratings (issue 31, point 3). The sidecar is the truth: when a file's tags
 * and its sidecar disagree, the sidecar wins, and the next time Cadenza tags the file it writes
 * the sidecar's rating. Files Cadenza made (their sidecar records the audio hash) carry the rating
 * in the standard frame of their format:
 *
 * - ID3v2 (MP3, WAV's `id3 ` chunk): POPM with the owner `RATING_POPM_EMAIL` and the byte below;
 *   the play counter is left out (Cadenza does not count plays).
 * - Vorbis comments (FLAC): `RATING` = 1–5 (as foobar2000 and others write it) and
 *   `FMPS_RATING` = rating / 5 (0.2 … 1.0, the FMPS specification's 0–1 scale).
 *
 * The 1–5 ↔ 0–255 mapping is the one Windows Media Player, Explorer and most taggers use:
 * 1 → 1, 2 → 64, 3 → 128, 4 → 196, 5 → 255; reading, 0 is "not rated" and any other byte maps to
 * the nearest band (1–31 → 1, 32–95 → 2, 96–159 → 3, 160–223 → 4, 224–255 → 5).
 */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The POPM owner ("email to user") of Cadenza's rating frame; another owner's POPM stays as found. */
export const RATING_POPM_EMAIL = 'rating@cadenza.studio';

const TO_BYTE = [0, 1, 64, 128, 196, 255] as const;

/** 1–5 → the POPM byte (0: not rated). */
export function ratingToByte(rating: number): number {
  const r = Math.round(rating);
  if (r === 0) return 0;
  if (r < RATING_MIN || r > RATING_MAX) throw new RangeError(`rating ${rating} is not 1–5`);
  return TO_BYTE[r]!;
}

/** A POPM byte → 1–5, or null for 0 ("not rated"). */
export function ratingFromByte(byte: number): number | null {
  if (byte <= 0) return null;
  if (byte < 32) return 1;
  if (byte < 96) return 2;
  if (byte < 160) return 3;
  if (byte < 224) return 4;
  return 5;
}

/** 1–5 → FMPS_RATING's text ("0.8"). */
export const fmpsRatingText = (rating: number): string => String(Math.round(rating) / 5);
