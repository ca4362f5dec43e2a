/**
 * The voice browser's data: the service's voices and this key's clones, cached per service address
 * on disk (`VoicesStore`) and in memory, so the browser works offline and a refresh that fails
 * keeps what was known.
 */
import type { CloneVoice, Voice } from '@shared/domain/service';
import { appError, keyedFields } from '@shared/app-error';
import { toErrorShape } from '@shared/errors';
import type { Catalogue, VoiceView } from '@shared/ipc/voices';
import type { VoicesApi } from '../api';
import type { CachedCatalogue, VoicesStore } from './store';

/** The part of the service client the catalogue asks. */
export interface CatalogueClient {
  readonly baseUrl: string;
  readonly voices: Pick<VoicesApi, 'list' | 'listClones'>;
}

export function voiceView(v: Voice): VoiceView {
  return {
    speaker: v.speaker,
    name: v.name,
    language: v.language,
    classNames: v.classNames,
    classification: v.classification ?? null,
    description: v.description ?? null,
    isFree: v.isFree,
    isVip: v.isVip,
    isNew: v.isNew,
    trending: v.trending,
    hasAvatar: v.avatarUrl !== undefined,
    hasSample: v.sampleUrl !== undefined,
    cloned: false,
  };
}

export function cloneView(c: CloneVoice): VoiceView {
  return {
    speaker: c.speaker,
    name: c.name,
    language: '',
    classNames: [],
    classification: null,
    description: c.description || null,
    isFree: true,
    isVip: false,
    isNew: false,
    trending: false,
    hasAvatar: false,
    hasSample: c.sampleUrl !== undefined,
    cloned: true,
  };
}

function toCatalogue(
  c: CachedCatalogue | undefined,
  source: Catalogue['source'],
  error: unknown,
): Catalogue {
  return {
    voices: (c?.voices ?? []).map(voiceView),
    clones: (c?.clones ?? []).map(cloneView),
    fetchedAt: c?.fetchedAt ?? null,
    source,
    error: error === null ? null : toErrorShape(error),
  };
}

export function createVoiceCatalogue(store: VoicesStore, client: () => CatalogueClient) {
  let memory: CachedCatalogue | undefined;

  async function cached(baseUrl: string): Promise<CachedCatalogue | undefined> {
    if (memory?.baseUrl === baseUrl) return memory;
    memory = await store.readCatalogue(baseUrl);
    return memory;
  }

  async function save(c: CachedCatalogue): Promise<void> {
    memory = c;
    await store.writeCatalogue(c);
  }

  async function refresh(c: CatalogueClient): Promise<CachedCatalogue> {
    const before = await cached(c.baseUrl);
    const [voices, clones] = await Promise.allSettled([c.voices.list(), c.voices.listClones()]);
    if (voices.status === 'rejected') throw voices.reason;
    // the clone list failing alone keeps the clones known before
    const next: CachedCatalogue = {
      schema_version: 1,
      baseUrl: c.baseUrl,
      fetchedAt: new Date().toISOString(),
      voices: voices.value,
      clones: clones.status === 'fulfilled' ? clones.value : (before?.clones ?? []),
    };
    await save(next);
    if (clones.status === 'rejected')
      throw Object.assign(clones.reason as object, { partial: next });
    return next;
  }

  async function catalogue(opts: { refresh?: boolean } = {}): Promise<Catalogue> {
    const c = client();
    const have = await cached(c.baseUrl);
    if (have && !opts.refresh) return toCatalogue(have, 'cache', null);
    try {
      return toCatalogue(await refresh(c), 'service', null);
    } catch (e) {
      const partial = (e as { partial?: CachedCatalogue }).partial;
      if (partial) return toCatalogue(partial, 'service', e);
      if (have) return toCatalogue(have, 'cache', e);
      throw e;
    }
  }

  /** A voice or clone by speaker id, or by name (case-insensitive) when the name is unique. */
  async function findVoice(speakerOrName: string): Promise<VoiceView | undefined> {
    const c = await catalogue();
    const all = [...c.clones, ...c.voices];
    const bySpeaker = all.find((v) => v.speaker === speakerOrName);
    if (bySpeaker) return bySpeaker;
    const named = all.filter((v) => v.name.toLowerCase() === speakerOrName.trim().toLowerCase());
    if (named.length > 1) {
      throw appError(
        'validation',
        'errors:voices.ambiguous',
        { name: speakerOrName },
        keyedFields({ speaker: { key: 'errors:fields.sameName' } }),
      );
    }
    return named[0];
  }

  /** A voice's avatar or sample address as the service gave it (a clone has a sample only). */
  async function remoteUrl(
    speaker: string,
    which: 'avatar' | 'sample',
  ): Promise<string | undefined> {
    const c = await cached(client().baseUrl);
    const v = c?.voices.find((x) => x.speaker === speaker);
    if (v) return which === 'avatar' ? v.avatarUrl : v.sampleUrl;
    const clone = c?.clones.find((x) => x.speaker === speaker);
    return which === 'sample' ? clone?.sampleUrl : undefined;
  }

  /** The clones this key had as last known (a cut-off clone call did not make these). */
  async function knownClones(): Promise<string[]> {
    return (await cached(client().baseUrl))?.clones.map((c) => c.speaker) ?? [];
  }

  /** A clone just made is ready to speak at once, even before the next refresh. */
  async function addClone(baseUrl: string, clone: CloneVoice): Promise<void> {
    const have = await cached(baseUrl);
    if (have && !have.clones.some((c) => c.speaker === clone.speaker))
      await save({ ...have, clones: [clone, ...have.clones] });
  }

  async function dropClone(baseUrl: string, speaker: string): Promise<void> {
    const have = await cached(baseUrl);
    if (have) await save({ ...have, clones: have.clones.filter((c) => c.speaker !== speaker) });
  }

  return { catalogue, findVoice, remoteUrl, knownClones, addClone, dropClone };
}

export type VoiceCatalogue = ReturnType<typeof createVoiceCatalogue>;
