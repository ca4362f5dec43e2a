import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ReactNode,
  type Ref,
  type HTMLAttributes,
} from 'react';

export interface VirtualListHandle {
  /** Scrolls the least needed to show row `index`. */
  scrollToIndex(index: number): void;
  /** How many rows fit in the viewport (for Page Up/Down). */
  pageSize(): number;
}

interface VirtualListProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  count: number;
  rowHeight: number;
  renderRow(index: number, style: { top: number; height: number }): ReactNode;
  /** Rows rendered above and below the viewport. */
  overscan?: number;
  /** Height assumed before the viewport is measured (and where layout gives none, e.g. jsdom). */
  fallbackHeight?: number;
  handle?: Ref<VirtualListHandle>;
  /** When this changes (a new search, filter or sort), the list goes back to its top. */
  resetKey?: string;
}

/**
 * Renders only the rows in view (plus a few) inside a spacer as tall as all rows, so 10,000 items
 * cost as much as 20. Rows have one fixed height and are placed absolutely.
 */
export function VirtualList({
  count,
  rowHeight,
  renderRow,
  overscan = 6,
  fallbackHeight = 600,
  handle,
  resetKey,
  ...rest
}: VirtualListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(fallbackHeight);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeight(el.clientHeight > 0 ? el.clientHeight : fallbackHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [fallbackHeight]);

  useEffect(() => {
    if (ref.current) ref.current.scrollTop = 0;
  }, [resetKey]);

  // back to the top, or the list got shorter than where we were scrolled: follow the element
  useEffect(() => {
    const el = ref.current;
    if (el && el.scrollTop !== scrollTop) setScrollTop(el.scrollTop);
  }, [count, scrollTop, resetKey]);

  const scrollToIndex = useCallback(
    (index: number) => {
      const el = ref.current;
      if (!el) return;
      const top = index * rowHeight;
      const view = el.clientHeight > 0 ? el.clientHeight : height;
      let next = el.scrollTop;
      if (top < next) next = top;
      else if (top + rowHeight > next + view) next = top + rowHeight - view;
      if (next !== el.scrollTop) {
        el.scrollTop = next;
        setScrollTop(next);
      }
    },
    [rowHeight, height],
  );
  useImperativeHandle(
    handle,
    () => ({ scrollToIndex, pageSize: () => Math.max(1, Math.floor(height / rowHeight)) }),
    [scrollToIndex, height, rowHeight],
  );

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let i = first; i <= last; i += 1)
    rows.push(renderRow(i, { top: i * rowHeight, height: rowHeight }));

  return (
    <div
      {...rest}
      ref={ref}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      data-first-row={first}
      data-last-row={last}
    >
      <div className="vlist-spacer" style={{ height: count * rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
