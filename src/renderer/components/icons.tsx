/** Small decorative line icons (hidden from assistive technology). */
const common = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export function AccountIcon() {
  return (
    <svg {...common}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5" />
    </svg>
  );
}

export function KeyIcon() {
  return (
    <svg {...common}>
      <circle cx="8" cy="15" r="4" />
      <path d="M11 12l9-9M17 6l3 3M15 8l2 2" />
    </svg>
  );
}

export function LogoMark() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden focusable={false}>
      <rect x="2" y="9" width="3" height="6" rx="1.5" fill="currentColor" opacity="0.55" />
      <rect x="7" y="5" width="3" height="14" rx="1.5" fill="currentColor" opacity="0.8" />
      <rect x="12" y="2" width="3" height="20" rx="1.5" fill="currentColor" />
      <rect x="17" y="7" width="3" height="10" rx="1.5" fill="currentColor" opacity="0.7" />
    </svg>
  );
}
