import { DEFAULT_MODEL_VERSION } from '@shared/domain/service-limits';
import type { SongForm } from './rules';

export const initialForm: SongForm = {
  mode: 'auto',
  quick: false,
  prompt: '',
  modelVersion: DEFAULT_MODEL_VERSION,
  title: '',
  lyrics: '',
  instrumental: false,
};

/**
 * What the composer holds. Only the shown panel is rendered, so a form's own state went with it
 * when the creator looked at Settings or the Library and came back to an empty composer; the
 * composer keeps its draft here (this window's memory) and starts from it again.
 */
export interface ComposerDraft {
  form: SongForm;
  /** What "Write lyrics" is asked to write about. */
  idea: string;
  touched: boolean;
  /** The last "Reuse settings" request the form took (see the songs store's `reuse`). */
  reusedSeq: number;
}

const fresh = (): ComposerDraft => ({ form: initialForm, idea: '', touched: false, reusedSeq: 0 });
let draft = fresh();

export const composerDraft = (): ComposerDraft => draft;

export function keepComposerDraft(next: ComposerDraft): void {
  draft = next;
}

/** Tests: the next composer starts empty. */
export function resetComposerDraft(): void {
  draft = fresh();
}
