import { LineIcon } from '../../components/LineIcon';

/** A note (decorative, hidden from assistive technology). */
export function SongsIcon() {
  return (
    <LineIcon>
      <path d="M9 18V5l11-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="17" cy="16" r="3" />
    </LineIcon>
  );
}
