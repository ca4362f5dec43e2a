import type { LucideIcon } from 'lucide-react';
import { CircleUser, KeyRound } from 'lucide-react';

/** A decorative 18 px icon from lucide (stroked in the current colour, hidden from assistive tech). */
export function lineIcon(Icon: LucideIcon): () => React.JSX.Element {
  return function DecorativeIcon() {
    return <Icon size={18} strokeWidth={1.8} aria-hidden focusable={false} />;
  };
}

export const AccountIcon = lineIcon(CircleUser);
export const KeyIcon = lineIcon(KeyRound);

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
