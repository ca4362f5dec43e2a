import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { KeyIcon } from '../../components/icons';
import { removeKey, setFieldError, useAccountStore } from '../../stores/account';
import { clearFocusRequest, useUiStore } from '../../stores/ui';
import { describedBy, FieldNotes, useFieldIds } from './FieldNotes';
import { errorText, Trans, useTranslation } from '../../i18n';
import { fieldMessage, storageText } from './format';
import { submitKeyInput } from './submit-key';
import { GetKeyLink } from './GetKeyLink';

/**
 * The key: whether one is set (last 4 characters), where it lives, a form to paste a new one and
 * removal. The pasted key stays in the password field only until it is sent; it is never put in
 * React or store state.
 */
export function KeyCard({ showGetKey }: { showGetKey: boolean }) {
  const { t } = useTranslation();
  const status = useAccountStore((s) => s.status);
  const savingKey = useAccountStore((s) => s.savingKey);
  const keyError = useAccountStore((s) => s.keyError);
  const removingKey = useAccountStore((s) => s.removingKey);
  const removeError = useAccountStore((s) => s.removeError);
  const linkError = useAccountStore((s) => s.linkError);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useFieldIds();
  const focusRequest = useUiStore((s) => s.focusRequest);

  // "Open Account" on a gate lands here, on the key field
  useEffect(() => {
    if (focusRequest !== 'api-key' || !status) return;
    inputRef.current?.focus();
    clearFocusRequest();
  }, [focusRequest, status]);

  if (!status) return null;
  const fromEnvironment = status.storage === 'environment';
  const where = storageText(status.storage);
  const error = fieldMessage(keyError, ['key', '0']);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = inputRef.current;
    if (!input || savingKey) return;
    await submitKeyInput(input);
  };

  const onConfirmRemoval = async () => {
    setConfirmingRemoval(false);
    const removed = await removeKey();
    if (removed) inputRef.current?.focus();
  };

  return (
    <section className="card">
      <div className="card-head">
        <h2 className="card-title">{t('account:key.title')}</h2>
        {showGetKey && <GetKeyLink />}
      </div>

      {status.hasKey ? (
        <div className="key-summary">
          <span className="key-badge">
            <KeyIcon />
          </span>
          <div className="key-summary-text">
            <p className="key-last4">
              {t('account:key.endingIn', { last4: status.keyLast4 ?? '····' })}
            </p>
            {where && <p className="muted">{where}</p>}
          </div>
          {!fromEnvironment && (
            <button
              type="button"
              className="button button-danger-quiet"
              disabled={removingKey}
              onClick={() => setConfirmingRemoval(true)}
            >
              {t('account:key.remove')}
            </button>
          )}
        </div>
      ) : (
        <div className="callout">
          <p className="callout-title">{t('account:problem.noKey')}</p>
          <p className="muted">{t('account:key.pasteHint')}</p>
        </div>
      )}

      {removeError && (
        <p role="alert" className="inline-alert">
          {t('account:key.removeFailed', { reason: errorText(removeError) })}
        </p>
      )}
      {linkError && (
        <p role="alert" className="inline-alert">
          {t('account:key.linkFailed', { reason: errorText(linkError) })}
        </p>
      )}

      {fromEnvironment ? (
        <p className="muted small">{t('account:key.fromEnvironment')}</p>
      ) : (
        <form className="field" onSubmit={(e) => void onSubmit(e)} noValidate>
          <label htmlFor={ids.inputId} className="field-label">
            {t('account:key.label')}
          </label>
          <div className="field-row">
            <input
              ref={inputRef}
              id={ids.inputId}
              name="api-key"
              type="password"
              className="input mono"
              autoComplete="off"
              spellCheck={false}
              placeholder={
                status.hasKey ? t('account:key.placeholderReplace') : t('account:key.placeholder')
              }
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(ids, error)}
              onChange={() => {
                if (keyError) setFieldError('key', null);
              }}
            />
            <button type="submit" className="button button-primary" disabled={savingKey}>
              {t('account:key.save')}
            </button>
          </div>
          <FieldNotes ids={ids} error={error}>
            {/* with a key, the summary above already says where it is kept */}
            {status.hasKey
              ? t('account:key.neverShown')
              : status.keychainAvailable
                ? t('account:key.keychainHint')
                : t('account:key.noKeychainHint')}
          </FieldNotes>
        </form>
      )}

      {confirmingRemoval && (
        <ConfirmDialog
          title={t('account:key.removeTitle')}
          confirmLabel={t('account:key.remove')}
          onConfirm={() => void onConfirmRemoval()}
          onCancel={() => setConfirmingRemoval(false)}
        >
          <p>
            <Trans
              i18nKey="account:key.removeBody"
              values={{ address: status.baseUrl }}
              components={{ address: <span translate="no" /> }}
            />
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
