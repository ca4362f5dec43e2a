import { createHash } from 'node:crypto';

/** Stable UUID-formatted id derived from a seed (voice speakers must not change between runs). */
export function stableUuid(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface VoiceSeed {
  name: string;
  language: string;
  classes: string;
  isFree: boolean;
  isvip: boolean;
  voiceisnew: boolean;
  trending: boolean;
  /** Voices that accept an emotion. */
  emotions: boolean;
}

export const VOICE_SEEDS: VoiceSeed[] = [
  {
    name: 'Ava',
    language: 'English',
    classes: 'Female;Young;Narration',
    isFree: true,
    isvip: false,
    voiceisnew: false,
    trending: true,
    emotions: true,
  },
  {
    name: 'Marcus',
    language: 'English',
    classes: 'Male;Middle-aged;News',
    isFree: true,
    isvip: false,
    voiceisnew: false,
    trending: false,
    emotions: true,
  },
  {
    name: 'Lily',
    language: 'English',
    classes: 'Female;Child;Story',
    isFree: false,
    isvip: true,
    voiceisnew: true,
    trending: false,
    emotions: false,
  },
  {
    name: 'Xiaomei',
    language: 'Chinese',
    classes: 'Female;Young;Advertising',
    isFree: true,
    isvip: false,
    voiceisnew: false,
    trending: true,
    emotions: true,
  },
  {
    name: 'Wei',
    language: 'Chinese',
    classes: 'Male;Elderly;Documentary',
    isFree: false,
    isvip: true,
    voiceisnew: false,
    trending: false,
    emotions: false,
  },
  {
    name: 'Haruka',
    language: 'Japanese',
    classes: 'Female;Young;Anime',
    isFree: true,
    isvip: false,
    voiceisnew: true,
    trending: true,
    emotions: true,
  },
  {
    name: 'Kenji',
    language: 'Japanese',
    classes: 'Male;Young;Game',
    isFree: false,
    isvip: false,
    voiceisnew: false,
    trending: false,
    emotions: false,
  },
  {
    name: 'Lucía',
    language: 'Spanish',
    classes: 'Female;Middle-aged;Narration',
    isFree: true,
    isvip: false,
    voiceisnew: false,
    trending: false,
    emotions: true,
  },
  {
    name: 'Étienne',
    language: 'French',
    classes: 'Male;Young;Podcast',
    isFree: false,
    isvip: true,
    voiceisnew: true,
    trending: false,
    emotions: false,
  },
  {
    name: 'Greta',
    language: 'German',
    classes: 'Female;Elderly;Audiobook',
    isFree: true,
    isvip: false,
    voiceisnew: false,
    trending: false,
    emotions: false,
  },
  {
    name: 'Min-jun',
    language: 'Korean',
    classes: 'Male;Young;Narration',
    isFree: false,
    isvip: false,
    voiceisnew: true,
    trending: true,
    emotions: true,
  },
  {
    name: 'Beatriz',
    language: 'Portuguese',
    classes: 'Female;Young;Customer service',
    isFree: true,
    isvip: false,
    voiceisnew: false,
    trending: false,
    emotions: false,
  },
];

export const EMOTIONS = [
  'Angry',
  'Cheerful',
  'Sad',
  'Excited',
  'Friendly',
  'Terrified',
  'Shouting',
  'Unfriendly',
  'Whispering',
  'Hopeful',
  'Soulful',
  'Pleasant',
  'Complaining',
  'Surprised',
  'Uneasy',
  'Fearful',
  'Disgust',
  'Neutral',
] as const;

export function voiceSpeaker(seed: VoiceSeed): string {
  return stableUuid(`voice:${seed.name}`);
}

export function urlSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-');
}

/** A voices_list item with the real field names (or camelCase ones, as some deployments send). */
export function voiceItem(
  seed: VoiceSeed,
  mediaUrl: string,
  camel: boolean,
): Record<string, unknown> {
  const speaker = voiceSpeaker(seed);
  const classification = seed.classes.split(';')[2] ?? 'General';
  const item = {
    Languagename: seed.language,
    plan: seed.isvip ? 2 : seed.isFree ? 0 : 1,
    speaker,
    classification,
    classnamearray: seed.classes,
    name: seed.name,
    type: seed.emotions ? 'emotion' : 'standard',
    typeishot: seed.trending,
    urlname: urlSlug(seed.name),
    trending: seed.trending,
    describe: `${seed.name} — a ${seed.classes.split(';').slice(0, 2).join(', ').toLowerCase()} ${seed.language} voice for ${classification.toLowerCase()}.`,
    modeltoken: `mt_${speaker.slice(0, 8)}`,
    voiceisnew: seed.voiceisnew,
    avatar_url: `${mediaUrl}/media/avatar/${speaker}.png`,
    isvip: seed.isvip,
    isFree: seed.isFree,
    urllist: `${mediaUrl}/media/sample/${speaker}.wav`,
  };
  if (!camel) return item;
  return {
    languageName: item.Languagename,
    plan: item.plan,
    speaker: item.speaker,
    classification: item.classification,
    classNameArray: item.classnamearray,
    name: item.name,
    type: item.type,
    typeIsHot: item.typeishot,
    urlName: item.urlname,
    trending: item.trending,
    describe: item.describe,
    modelToken: item.modeltoken,
    voiceIsNew: item.voiceisnew,
    avatarUrl: item.avatar_url,
    isVip: item.isvip,
    isFree: item.isFree,
    urlList: item.urllist,
  };
}

export const SINGERS: { singer_name: string; singer_id: number }[] = [
  { singer_name: 'Aria Bright', singer_id: 101 },
  { singer_name: 'Jonah Reed', singer_id: 102 },
  { singer_name: 'Mei Lin', singer_id: 103 },
  { singer_name: 'Rafael Cruz', singer_id: 104 },
  { singer_name: 'Nova', singer_id: 105 },
  { singer_name: 'Old Tom', singer_id: 106 },
];

const WORDS = [
  'neon',
  'river',
  'midnight',
  'ember',
  'glass',
  'horizon',
  'paper',
  'satellite',
  'velvet',
  'thunder',
];

const STOP_WORDS = new Set([
  'about',
  'with',
  'the',
  'and',
  'for',
  'from',
  'into',
  'that',
  'this',
  'song',
  'music',
  'track',
]);

function titleCase(words: string[]): string {
  return words.map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' ');
}

/** A title made from the prompt's first words (or a stock one). */
export function titleFromPrompt(prompt: string, variant = 0): string {
  const words = prompt
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w.toLowerCase()))
    .slice(0, 3);
  const base = words.length
    ? titleCase(words)
    : titleCase([WORDS[prompt.length % WORDS.length] ?? 'song']);
  return variant === 0 ? base : `${base} (Take ${variant + 1})`;
}

/** Lyrics with section tags and real newlines. */
export function lyricsFromPrompt(prompt: string): string {
  const topic = prompt.trim().split(/\s+/).slice(0, 4).join(' ') || 'the night';
  const w = (i: number): string => WORDS[(prompt.length + i) % WORDS.length] ?? 'light';
  return [
    '[Verse]',
    `Walking down the ${w(0)} road`,
    `Singing about ${topic}`,
    '',
    '[Chorus]',
    `Oh ${w(1)}, oh ${w(2)}`,
    'Carry me home tonight',
    '',
    '[Verse 2]',
    `Every ${w(3)} tells a story`,
    `Every ${w(4)} finds its light`,
    '',
    '[Outro]',
    'Carry me home',
  ].join('\n');
}
