import { LineIcon } from '../../components/LineIcon';

/** The Jobs panel's sidebar icon (decorative). */
export function JobsIcon() {
  return (
    <LineIcon>
      <path d="M4 6h11M4 12h8M4 18h11" />
      <circle cx="18.5" cy="12" r="2.5" />
    </LineIcon>
  );
}
