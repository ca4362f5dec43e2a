import type { ReactNode } from 'react';

/**
 * The frame of the app's small decorative line icons (18 px, stroked in the current colour, hidden
 * from assistive technology). `children` are the icon's shapes on a 24-unit grid.
 */
export function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
    >
      {children}
    </svg>
  );
}
