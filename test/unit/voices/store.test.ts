import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  filterVoices,
  voiceFacets,
  voiceGender,
  voiceStyles,
  type VoiceView,
} from '@shared/ipc/voices';
import { RECENTS_MAX, VoicesStore } from '../../../src/main/services/voices/store';
import { voiceView } from '../../../src/main/services/voices';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cadenza-voices-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('favourites and recents', () => {
  it('are kept in the data folder and survive a new process', async () => {
    const a = new VoicesStore(dir);
    await a.setFavourite('v1', true);
    await a.setFavourite('v2', true);
    await a.setFavourite('v1', false);
    for (let i = 0; i < RECENTS_MAX + 3; i++) await a.addRecent(`r${i}`);
    await a.addRecent('r5');
    const b = new VoicesStore(dir);
    const prefs = await b.prefs();
    expect(prefs.favourites).toEqual(['v2']);
    expect(prefs.recents).toHaveLength(RECENTS_MAX);
    expect(prefs.recents.slice(0, 3)).toEqual(['r5', 'r14', 'r13']);
    expect(prefs.recents.filter((r) => r === 'r5')).toHaveLength(1);
    const onDisk = JSON.parse(await readFile(join(dir, 'voices', 'prefs.json'), 'utf8'));
    expect(onDisk).toMatchObject({ schema_version: 1, favourites: ['v2'] });
  });

  it('two quick changes both land; forgetting a voice removes it from both lists', async () => {
    const s = new VoicesStore(dir);
    await Promise.all([s.setFavourite('a', true), s.setFavourite('b', true), s.addRecent('a')]);
    expect((await new VoicesStore(dir).prefs()).favourites.sort()).toEqual(['a', 'b']);
    await s.forget('a');
    expect(await new VoicesStore(dir).prefs()).toEqual({ favourites: ['b'], recents: [] });
  });

  it('a damaged prefs file reads as empty instead of being trusted', async () => {
    await mkdir(join(dir, 'voices'), { recursive: true });
    await writeFile(join(dir, 'voices', 'prefs.json'), '{"schema_version":1,"favourites":[42]}');
    expect(await new VoicesStore(dir).prefs()).toEqual({ favourites: [], recents: [] });
  });
});

describe('the kept catalogue', () => {
  it('is kept per service address', async () => {
    const s = new VoicesStore(dir);
    const c = {
      schema_version: 1 as const,
      baseUrl: 'http://127.0.0.1:1',
      fetchedAt: '2025-01-01T00:00:00.000Z',
      voices: [],
      clones: [{ speaker: 's', name: 'Me' }],
    };
    await s.writeCatalogue(c);
    expect(await new VoicesStore(dir).readCatalogue('http://127.0.0.1:1')).toEqual(c);
    expect(await new VoicesStore(dir).readCatalogue('https://api.example.com')).toBeUndefined();
  });
});

const v = (name: string, over: Partial<VoiceView>): VoiceView => ({
  ...voiceView({
    speaker: `s-${name}`,
    name,
    language: 'English',
    classNames: [],
    isFree: true,
    isVip: false,
    isHot: false,
    isNew: false,
    trending: false,
  }),
  ...over,
});

describe('browsing helpers', () => {
  const voices = [
    v('Ava', {
      classNames: ['Female', 'Young', 'Narration'],
      classification: 'Narration',
      trending: true,
    }),
    v('Marcus', {
      classNames: ['Male', 'News'],
      classification: 'News',
      description: 'A calm anchor',
    }),
    v('Lily', { classNames: ['female', 'Story'], isFree: false, isVip: true, isNew: true }),
    v('Mei', { language: 'Chinese', classNames: ['Female'] }),
  ];
  const names = (list: VoiceView[]) => list.map((x) => x.name);

  it('gender and style come from the class names and classification', () => {
    expect(voiceGender(voices[0]!)).toBe('Female');
    expect(voiceGender(voices[2]!)).toBe('Female');
    expect(voiceStyles(voices[0]!)).toEqual(['Narration', 'Young']);
    expect(voiceFacets(voices)).toEqual({
      languages: ['Chinese', 'English'],
      genders: ['Female', 'Male'],
      styles: ['Narration', 'News', 'Story', 'Young'],
    });
  });

  it('filters combine, ignore case, and search name and description', () => {
    expect(names(filterVoices(voices, { text: 'calm' }))).toEqual(['Marcus']);
    expect(names(filterVoices(voices, { gender: 'female', language: 'english' }))).toEqual([
      'Ava',
      'Lily',
    ]);
    expect(names(filterVoices(voices, { plan: 'vip' }))).toEqual(['Lily']);
    expect(names(filterVoices(voices, { plan: 'free', style: 'news' }))).toEqual(['Marcus']);
    expect(names(filterVoices(voices, { newOnly: true }))).toEqual(['Lily']);
    expect(names(filterVoices(voices, { trendingOnly: true }))).toEqual(['Ava']);
    expect(names(filterVoices(voices, { favouritesOnly: true }, ['s-Mei']))).toEqual(['Mei']);
  });
});
