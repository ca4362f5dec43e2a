import { LineIcon } from '../../components/LineIcon';

/** The Covers panel's sidebar icon (decorative): a record. */
export function CoversIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="2.5" />
    </LineIcon>
  );
}

/** The Videos panel's sidebar icon (decorative): a film frame. */
export function VideosIcon() {
  return (
    <LineIcon>
      <rect x="3" y="5" width="14" height="14" rx="2" />
      <path d="M17 10l4-2v8l-4-2" />
    </LineIcon>
  );
}
