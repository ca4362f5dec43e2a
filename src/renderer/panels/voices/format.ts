import type { Emotion } from '@shared/domain/service-limits';
import type { formattersFor, t as translate } from '../../i18n';

/** The words of each emotion the service takes (the value sent stays the English name). */
export const EMOTION_LABELS = {
  Neutral: 'voice:speak.emotions.neutral',
  Angry: 'voice:speak.emotions.angry',
  Cheerful: 'voice:speak.emotions.cheerful',
  Sad: 'voice:speak.emotions.sad',
  Excited: 'voice:speak.emotions.excited',
  Friendly: 'voice:speak.emotions.friendly',
  Terrified: 'voice:speak.emotions.terrified',
  Shouting: 'voice:speak.emotions.shouting',
  Unfriendly: 'voice:speak.emotions.unfriendly',
  Whispering: 'voice:speak.emotions.whispering',
  Hopeful: 'voice:speak.emotions.hopeful',
  Soulful: 'voice:speak.emotions.soulful',
  Pleasant: 'voice:speak.emotions.pleasant',
  Complaining: 'voice:speak.emotions.complaining',
  Surprised: 'voice:speak.emotions.surprised',
  Uneasy: 'voice:speak.emotions.uneasy',
  Fearful: 'voice:speak.emotions.fearful',
  Disgust: 'voice:speak.emotions.disgust',
} as const satisfies Record<Emotion, string>;

/** An emotion as the app's language says it (a name the service added later stays as it came). */
export const emotionLabel = (t: typeof translate, emotion: string): string =>
  emotion in EMOTION_LABELS ? t(EMOTION_LABELS[emotion as Emotion]) : emotion;

/** A recording's or take's length to a tenth of a second: "3.2 s", "3,2 s", "3.2 秒". */
export const seconds = (
  t: typeof translate,
  f: ReturnType<typeof formattersFor>,
  ms: number,
): string =>
  t('voice:units.seconds', {
    value: f.number(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  });

/** A date and time from main, in the app's language (as it came when it is not one). */
export const when = (f: ReturnType<typeof formattersFor>, iso: string): string =>
  Number.isFinite(Date.parse(iso)) ? f.dateTime(iso) : iso;
