import { LineIcon } from '../../components/LineIcon';

/** The Library panel's sidebar icon (decorative). */
export function LibraryIcon() {
  return (
    <LineIcon>
      <path d="M5 4v16M9 4v16" />
      <path d="m13 5 5 14" />
    </LineIcon>
  );
}
