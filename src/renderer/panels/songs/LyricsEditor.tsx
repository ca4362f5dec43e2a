import { useLayoutEffect, useRef, useState } from 'react';
import type { ModelVersion } from '@shared/domain/service-limits';
import { Button, TextArea } from '../../components';
import { useTranslation } from '../../i18n';
import { SECTION_TAGS } from './rules';
import { LyricsWorkspace } from './LyricsWorkspace';
import { lineAt, wordAt } from './lyrics-workspace';

interface Props {
  id: string;
  value: string;
  model: ModelVersion;
  hint: string;
  error: string | undefined;
  onChange: (lyrics: string) => void;
}

/**
 * The composer's lyrics editor: a growing text area with the section-tag buttons, and the lyrics
 * workspace under it (syllables, sections, the length note and rhymes for the word at the caret).
 */
export function LyricsEditor({ id, value, model, hint, error, onChange }: Props) {
  const { t } = useTranslation();
  /** Where the caret is in the editor (null until it is placed there). */
  const [caret, setCaret] = useState<number | null>(null);
  const lyricsRef = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes after a section tag is inserted; applied right after React commits. */
  const caretAfterInsert = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterInsert.current;
    const el = lyricsRef.current;
    if (at === null || !el) return;
    caretAfterInsert.current = null;
    el.focus();
    el.setSelectionRange(at, at);
  });

  function insertTag(tag: string) {
    const el = lyricsRef.current;
    const at = el?.selectionStart ?? value.length;
    const before = value.slice(0, at);
    const insert = `${before && !before.endsWith('\n') ? '\n' : ''}${tag}\n`;
    // set the caret in the same commit as the new text (not a frame later, when the creator may
    // already be typing and a late caret move would scatter their words)
    caretAfterInsert.current = at + insert.length;
    onChange(before + insert + value.slice(at));
  }

  return (
    <>
      <TextArea
        id={id}
        ref={lyricsRef}
        label={t('songs:create.lyrics.label')}
        className="lyrics-editor"
        // creator content: never translated
        translate="no"
        rows={8}
        grow
        maxRows={22}
        value={value}
        placeholder={t('songs:create.lyrics.placeholder')}
        toolbar={
          <div className="button-row" role="group" aria-label={t('songs:create.lyrics.tags')}>
            {SECTION_TAGS.map((tag) => (
              <Button
                key={tag}
                size="small"
                variant="ghost"
                className="tag-button"
                onClick={() => insertTag(tag)}
                aria-label={t('songs:create.lyrics.insert', { tag })}
              >
                {/* the service reads these tags as they are: never translated */}
                <span translate="no">{tag}</span>
              </Button>
            ))}
          </div>
        }
        hint={hint}
        error={error}
        onChange={(e) => onChange(e.target.value)}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
      />
      <LyricsWorkspace
        lyrics={value}
        model={model}
        caretLine={caret === null ? null : lineAt(value, caret)}
        caretWord={caret === null ? null : wordAt(value, caret)}
      />
    </>
  );
}
