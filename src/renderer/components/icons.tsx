import { LineIcon } from './LineIcon';

/** Small decorative line icons (hidden from assistive technology). */
export function AccountIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5" />
    </LineIcon>
  );
}

export function KeyIcon() {
  return (
    <LineIcon>
      <circle cx="8" cy="15" r="4" />
      <path d="M11 12l9-9M17 6l3 3M15 8l2 2" />
    </LineIcon>
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
