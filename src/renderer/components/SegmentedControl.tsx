import './components.css';
import { useRef, type KeyboardEvent } from 'react';

export interface Segment<T extends string> {
  value: T;
  label: string;
}

export interface SegmentedControlProps<T extends string> {
  /** The group's accessible name ("Mode"). */
  label: string;
  /** Show the name above the control (otherwise it is only announced). */
  showLabel?: boolean;
  segments: readonly Segment<T>[];
  value: T;
  onChange(value: T): void;
  size?: 'normal' | 'small';
  disabled?: boolean;
}

/**
 * A segmented switch: a radio group of buttons, one tab stop (the chosen one), arrows move and
 * choose (the WAI-ARIA radio group pattern), Home and End go to the ends.
 */
export function SegmentedControl<T extends string>({
  label,
  showLabel = false,
  segments,
  value,
  onChange,
  size = 'normal',
  disabled = false,
}: SegmentedControlProps<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = Math.max(
    0,
    segments.findIndex((s) => s.value === value),
  );

  function move(to: number) {
    const n = segments.length;
    const i = ((to % n) + n) % n;
    onChange(segments[i]!.value);
    refs.current[i]?.focus();
  }

  function onKeyDown(e: KeyboardEvent) {
    if (disabled) return;
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(current + 1),
      ArrowDown: () => move(current + 1),
      ArrowLeft: () => move(current - 1),
      ArrowUp: () => move(current - 1),
      Home: () => move(0),
      End: () => move(segments.length - 1),
    };
    const act = keys[e.key];
    if (!act) return;
    e.preventDefault();
    act();
  }

  return (
    <div className="segmented-field">
      {showLabel && (
        <span className="field-label" aria-hidden>
          {label}
        </span>
      )}
      <div
        role="radiogroup"
        aria-label={label}
        className={`segmented${size === 'small' ? ' segmented-small' : ''}`}
        onKeyDown={onKeyDown}
      >
        {segments.map((s, i) => {
          const on = i === current;
          return (
            <button
              key={s.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="radio"
              aria-checked={on}
              tabIndex={on ? 0 : -1}
              disabled={disabled}
              className={`segment${on ? ' segment-on' : ''}`}
              onClick={() => onChange(s.value)}
            >
              {s.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
