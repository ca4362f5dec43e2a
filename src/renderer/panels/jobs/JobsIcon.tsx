/** The Jobs panel's sidebar icon (decorative). */
export function JobsIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable={false}>
      <path d="M4 6h11M4 12h8M4 18h11" />
      <circle cx="18.5" cy="12" r="2.5" />
    </svg>
  );
}
