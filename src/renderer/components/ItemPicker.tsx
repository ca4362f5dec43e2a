import './components.css';
import {
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Button } from './Button';
import { describedBy, FieldNotes } from './field-parts';
import { useFormat, useTranslation } from '../i18n';

/** What an ItemPicker needs of a choice (library item views have these). */
export interface Pickable {
  id: string;
  title: string;
}

/** A choice that carries its own second line. */
export interface PickerItem extends Pickable {
  /** A short second line (kind, length). */
  detail?: string;
}

export interface ItemPickerProps<T extends Pickable> {
  label: ReactNode;
  /** What can be chosen, in the order to offer it (newest first). */
  items: readonly T[];
  /**
   * The second line of a choice (kind, length), asked only for the few shown: a list of 37,500
   * songs is not turned into 37,500 new objects and strings. Default: the item's `detail`.
   */
  detailOf?: (item: T) => string | undefined;
  /** The chosen item's id, or '' for none. */
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
  hint?: ReactNode;
  error?: string | null | undefined;
  /** What the items are, for the count line: "songs", "videos". */
  noun: string;
  /** Shown instead of the field when there is nothing to choose from. */
  empty?: ReactNode;
  /** The list is still arriving from main. */
  loading?: boolean;
  /** Offers a way back to "none" (when something else can be used instead). */
  clearLabel?: string;
  /** Said when the chosen id is not among the items (default: no longer in the library). */
  missingText?: string;
}

/** How many matches the open list shows; typing narrows the rest. */
export const PICKER_SHOWN = 8;

/** Lower-cased titles of a list, computed once per list (searching it is then one pass). */
const lowered = new WeakMap<readonly Pickable[], string[]>();
function lowerTitles(items: readonly Pickable[]): string[] {
  let titles = lowered.get(items);
  if (!titles) {
    titles = items.map((i) => i.title.toLowerCase());
    lowered.set(items, titles);
  }
  return titles;
}

/** The first `max` items whose title holds every typed word, and how many match in all. */
export function pickerMatches<T extends Pickable>(
  items: readonly T[],
  text: string,
  max = PICKER_SHOWN,
): { shown: T[]; total: number } {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { shown: items.slice(0, max), total: items.length };
  const titles = lowerTitles(items);
  const shown: T[] = [];
  let total = 0;
  for (let i = 0; i < items.length; i++) {
    const t = titles[i]!;
    if (!words.every((w) => t.includes(w))) continue;
    total++;
    if (shown.length < max) shown.push(items[i]!);
  }
  return { shown, total };
}

/**
 * Picks one item of a list that may hold tens of thousands (library songs): a search field that
 * opens a short list of matches (arrows, Enter, Escape, or the mouse). Only the matches shown
 * are in the DOM, so the panel costs the same at 10 items or 50,000.
 */
const ownDetail = (item: Pickable): string | undefined => (item as PickerItem).detail;

export function ItemPicker<T extends Pickable>({
  label,
  items,
  detailOf = ownDetail,
  value,
  onChange,
  disabled,
  hint,
  error,
  noun,
  empty,
  loading,
  clearLabel,
  missingText,
}: ItemPickerProps<T>) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  /** What is typed while searching; null shows the chosen item's title. */
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  /** Counts picks: after each, the chosen title fills the field, selected. */
  const [picked, setPicked] = useState(0);
  // selected in the same commit that shows the title, so the next keystroke starts a new search
  useLayoutEffect(() => {
    if (picked > 0) input.current?.select();
  }, [picked]);
  const chosen = useMemo(
    () => (value ? (items.find((i) => i.id === value) ?? null) : null),
    [items, value],
  );
  const { shown, total } = useMemo(
    () => (open ? pickerMatches(items, text ?? '') : { shown: [], total: 0 }),
    [open, items, text],
  );

  if (items.length === 0 && !value) {
    if (loading) return <p className="muted small">{t('components:picker.loading')}</p>;
    return empty ? <>{empty}</> : null;
  }

  const close = () => {
    setOpen(false);
    setText(null);
  };
  const pick = (item: T) => {
    onChange(item.id);
    close();
    setPicked((n) => n + 1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const n = shown.length;
      if (n > 0) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter') {
      const item = open ? shown[active] : undefined;
      if (item) {
        e.preventDefault();
        pick(item);
      }
    } else if (e.key === 'Escape' && open) {
      // closes the list only (not the dialog or panel around it)
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  const status = !open
    ? null
    : total === 0
      ? t('components:picker.noMatch', { noun, text: text ?? '' })
      : total === 1
        ? text
          ? t('components:picker.oneMatch')
          : null
        : total > shown.length
          ? t(text ? 'components:picker.matchesShowing' : 'components:picker.allShowing', {
              n: f.number(total),
              noun,
              shown: f.number(shown.length),
            })
          : text
            ? t('components:picker.matches', { n: f.number(total), noun })
            : null;
  const placeholder = chosen
    ? chosen.title
    : items.length > 1
      ? t('components:picker.searchMany', { n: f.number(items.length), noun })
      : t('components:picker.search', { noun });
  const activeId = open && shown[active] ? `${id}-opt-${active}` : undefined;

  return (
    <div className="field picker">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="picker-anchor">
        <div className="field-row">
          <input
            ref={input}
            id={id}
            className="input"
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-activedescendant={activeId}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, hint, error, `${id}-chosen`)}
            placeholder={placeholder}
            value={text ?? (open ? '' : (chosen?.title ?? ''))}
            disabled={disabled}
            onFocus={() => {
              setOpen(true);
              setActive(0);
            }}
            onBlur={close}
            onClick={() => setOpen(true)}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          {value && clearLabel && (
            <Button size="small" variant="ghost" disabled={disabled} onClick={() => onChange('')}>
              {clearLabel}
            </Button>
          )}
        </div>
        {open && (
          <div className="picker-popup">
            <ul
              id={listId}
              role="listbox"
              aria-label={t('components:picker.listAria', { noun })}
              className="picker-list"
            >
              {shown.map((item, n) => (
                <li
                  key={item.id}
                  id={`${id}-opt-${n}`}
                  role="option"
                  aria-selected={n === active}
                  className="picker-option"
                  // keeps the focus in the field, so the click picks before blur closes the list
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(n)}
                  onClick={() => pick(item)}
                >
                  <span className="picker-title" translate="no">
                    {item.title}
                  </span>
                  {detailOf(item) && <span className="picker-detail">{detailOf(item)}</span>}
                </li>
              ))}
            </ul>
            {status && (
              <p className="picker-status" aria-live="polite">
                {status}
              </p>
            )}
          </div>
        )}
      </div>
      <p id={`${id}-chosen`} className="picker-chosen small">
        {chosen ? (
          <>
            {/* the field shows the title: this line says it is chosen, and what it is */}
            {t('components:picker.chosen')}
            {detailOf(chosen) ? (
              <>
                {' — '}
                <span>{detailOf(chosen)}</span>
              </>
            ) : null}
          </>
        ) : value ? (
          <span className="muted">
            {loading
              ? t('components:picker.loading')
              : (missingText ?? t('components:picker.missing'))}
          </span>
        ) : null}
      </p>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
