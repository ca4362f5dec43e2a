import { LineIcon } from '../../components/LineIcon';

/** The Voice panel's sidebar icon (decorative). */
export function VoiceIcon() {
  return (
    <LineIcon>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </LineIcon>
  );
}
