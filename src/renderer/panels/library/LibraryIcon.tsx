/** The Library panel's sidebar icon (decorative). */
export function LibraryIcon() {
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
      <path d="M5 4v16M9 4v16" />
      <path d="m13 5 5 14" />
    </svg>
  );
}
