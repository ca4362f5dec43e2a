import type { ComponentType } from 'react';
import { AppearanceSection } from './AppearanceSection';
import { LanguageSection } from './LanguageSection';
import { ExportSection } from './ExportSection';
import { LibraryFolderSection } from './LibraryFolderSection';
import { UpdatesSection } from './UpdatesSection';
import { PlaybackSection } from './PlaybackSection';
import { BudgetSection } from './BudgetSection';
import { BatchesSection } from './BatchesSection';

/** One section of the Settings page. */
export interface SettingsSection {
  /** Stable id (React key, test ids). */
  readonly id: string;
  /** The section: a `<Card title aria-label>` (a named region with its own `<h2>`). */
  readonly Component: ComponentType;
}

/**
 * The sections of the Settings page, top to bottom.
 *
 * Adding a section:
 * 1. Write `<Name>Section.tsx` in this folder: one `<Card title="Name" aria-label="Name">` (the
 *    shared components in renderer/components: TextField, Select, SegmentedControl, Button),
 *    reading and saving through the bridge
 *    (a setting lives in main's settings store, never only in the renderer). Say a failure in the
 *    section (`role="alert"`), the way the others do.
 * 2. Add it below, where a creator would look for it.
 * 3. Test it: a component test beside test/component/settings-panel.test.tsx, and the e2e spec
 *    (test/e2e/settings.spec.ts) runs axe over the whole page in both themes.
 *
 * No placeholders: a section is added when its control works end to end.
 */
export const settingsSections: readonly SettingsSection[] = [
  { id: 'language', Component: LanguageSection },
  { id: 'appearance', Component: AppearanceSection },
  { id: 'library-folder', Component: LibraryFolderSection },
  { id: 'playback', Component: PlaybackSection },
  { id: 'export', Component: ExportSection },
  { id: 'budget', Component: BudgetSection },
  { id: 'batches', Component: BatchesSection },
  { id: 'updates', Component: UpdatesSection },
];
