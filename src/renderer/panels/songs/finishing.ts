import type { LibrarySong } from '@shared/ipc/songs';
import type { MenuItem } from '../../components';

/**
 * The finishing actions of a saved take (whole song, trim, export) for its ⋯ menu, from the
 * Library's finishing tools. None while those tools are not part of this build.
 */
export function useFinishingActions(_song: LibrarySong | null): MenuItem[] {
  return [];
}
