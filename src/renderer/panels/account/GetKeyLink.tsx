import { useTranslation } from '../../i18n';
import { openAccountPage } from '../../stores/account';

/** Opens the provider's account page in the browser (main checks the address). */
export function GetKeyLink() {
  const { t } = useTranslation();
  return (
    <button type="button" className="link-button" onClick={() => void openAccountPage()}>
      {t('account:getKey')}
      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden focusable={false}>
        <path
          d="M4 2h6v6M10 2 3 9"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}
